"""Serving the app: the web server, its guards against hostile pages and crafted events, and
the addresses phones on the LAN open."""
