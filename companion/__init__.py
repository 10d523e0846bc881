"""Table Companion: the Flet app that keeps score beside a real table."""

from pathlib import Path

# What a browser shows of the app (its tab, the manifest, a home-screen install), for the served
# page and the offline web app alike.
APP_NAME = "Table Companion"
APP_DESCRIPTION = ("Keeps score at the table for Caro, Careta, Ratel and My Favorite Carrera RS, "
                   "on your phone, offline.")


def assets_folder() -> Path:
    """The app's icons, favicon, splash and web manifest: the package's `assets/` in an installed
    wheel (setup.py copies them there), else the clone's top-level `assets/`, their source."""
    package = Path(__file__).resolve().parent
    packaged = package / "assets"
    return packaged if (packaged / "manifest.json").is_file() else package.parent / "assets"
