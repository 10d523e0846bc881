"""Small pieces the screens share."""
