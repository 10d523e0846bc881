"""Watching what a page loads: the origin of each request, and what its policy blocked."""

from __future__ import annotations

from urllib.parse import urlsplit

# Run before the page's first script (`add_init_script`): collects what the policy blocked.
WATCH_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation",
    (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
"""


def origin_of(url: str) -> str:
    """`scheme://host:port` of a request; a blob: URL has the origin of the page that made it."""
    parts = urlsplit(url.removeprefix("blob:"))
    return f"{parts.scheme}://{parts.netloc}"


def about_policy(text: str) -> bool:
    """Is this console line Chromium reporting a Content-Security-Policy violation (also
    those in workers, which no page listener sees)?"""
    return "Content Security Policy" in text
