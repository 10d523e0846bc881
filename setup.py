"""The one thing pyproject.toml cannot say: the wheel carries the repository's `assets/` (the app
icon, favicon, splash and web manifest) as `companion/assets/`.

`assets/` stays at the top as their one source, where `flet build` (which reads `<app>/assets`)
and `companion/web/draw_icons.py` expect it; a copy of it inside the package in git could drift.
A clone (and an editable install) serves the top-level folder; an installed wheel serves the
package's (`companion.assets_folder`). MANIFEST.in puts the folder in the sdist, so a wheel built
from the sdist carries it too.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithAssets(build_py):
    def run(self) -> None:
        super().run()
        if not self.editable_mode:  # an editable install serves the clone's own assets/
            self.copy_tree("assets", str(Path(self.build_lib, "companion", "assets")))


setup(cmdclass={"build_py": BuildWithAssets})
