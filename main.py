"""The entry `flet build` and `flet publish` run: they look for a module at the app folder's root
(`[tool.flet.app]` in pyproject.toml), so this one starts `companion.main`, the whole app with no
server. The served app is `table-companion`; the offline web app is `table-companion-web build`.
"""

import flet as ft

from companion.main import main

if __name__ == "__main__":
    ft.run(main)
