"""The app's screens, one component per file."""
