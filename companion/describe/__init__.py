"""Pure helpers that put matches into words and figures for the screens (no Flet)."""
