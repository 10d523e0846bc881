"""Table Companion: the Flet app that keeps score beside a real table."""
