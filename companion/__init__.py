"""Table Companion: the Flet app that keeps score beside a real table."""

# What a browser shows of the app (its tab, the manifest, a home-screen install), for the served
# page and the offline web app alike.
APP_NAME = "Table Companion"
APP_DESCRIPTION = ("Keeps score at the table for Caro, Careta, Ratel and My Favorite Carrera RS, "
                   "on your phone, offline.")
