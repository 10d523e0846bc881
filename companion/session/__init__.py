"""One browser session at the shared tables: open matches, who may keep score, following
changes, the page, preferences and files."""
