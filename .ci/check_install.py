"""CI: the package as a user installs it. Builds the sdist and the wheel (`python -m build`: the
wheel from the sdist), installs the wheel into a new virtual environment outside the clone,
starts `table-companion --no-browser` there and checks that Home answers and that the icon,
favicon and a font it serves are the app's own (byte for byte), then stops it.

Run with the system's python3 from the clone's root; prints one line a step, and on a failure
what failed and the server's last output. Exit status 1 on a failure.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

CLONE = Path(__file__).resolve().parent.parent
# Served path -> the app's own file in the clone.
SERVED_AS = {"icons/icon-192.png": "assets/icons/icon-192.png",
             "favicon.png": "assets/favicon.png",
             "fonts/noto-sans-jp.woff2": "assets/fonts/noto-sans-jp.woff2"}
START_TIMEOUT = 90  # seconds for the server to answer Home


class Failed(Exception):
    pass


def run(step: str, command: list[str], cwd: Path) -> None:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise Failed(f"{step} failed (exit {done.returncode}):\n"
                     f"{(done.stdout + done.stderr)[-3000:]}")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def get(url: str) -> tuple[int, bytes]:
    with urllib.request.urlopen(url, timeout=10) as response:  # noqa: S310 (loopback only)
        return response.status, response.read()


def build_and_install(work: Path) -> Path:
    """The app's environment (its bin/), with the wheel built from this clone installed."""
    tools, app, dist = work / "tools", work / "app", work / "dist"
    started = time.monotonic()
    run("creating the build environment", [sys.executable, "-m", "venv", str(tools)], work)
    run("installing build", [str(tools / "bin" / "pip"), "install", "-q", "build"], work)
    run("python -m build", [str(tools / "bin" / "python"), "-m", "build", "-o", str(dist),
                            str(CLONE)], work)
    wheels, sdists = list(dist.glob("*.whl")), list(dist.glob("*.tar.gz"))
    if len(wheels) != 1 or len(sdists) != 1:
        raise Failed(f"python -m build made {[p.name for p in dist.iterdir()]}, not one wheel "
                     "and one sdist")
    print(f"install check: built {sdists[0].name} and {wheels[0].name} "
          f"({time.monotonic() - started:.0f} s)", flush=True)
    started = time.monotonic()
    run("creating the app's environment", [sys.executable, "-m", "venv", str(app)], work)
    run("installing the wheel", [str(app / "bin" / "pip"), "install", "-q", str(wheels[0])],
        work)
    print(f"install check: installed the wheel in a new environment "
          f"({time.monotonic() - started:.0f} s)", flush=True)
    return app / "bin"


def check_served(bin_folder: Path, work: Path) -> None:
    port = free_port()
    log = (work / "server.log").open("w+")
    server = subprocess.Popen(
        [str(bin_folder / "table-companion"), "--no-browser", "--port", str(port),
         "--data", str(work / "data")], cwd=work, stdout=log, stderr=subprocess.STDOUT)
    started = time.monotonic()
    try:
        home = f"http://127.0.0.1:{port}/"
        status = None
        while time.monotonic() - started < START_TIMEOUT and server.poll() is None:
            try:
                status, _ = get(home)
                break
            except OSError:
                time.sleep(0.5)
        if status != 200:
            log.seek(0)
            raise Failed(f"Home ({home}) did not answer 200 within {START_TIMEOUT} s "
                         f"(got {status}; server exit {server.poll()}). Server output:\n"
                         f"{log.read()[-3000:]}")
        for served, own in SERVED_AS.items():
            status, body = get(home + served)
            if status != 200 or body != (CLONE / own).read_bytes():
                raise Failed(f"/{served} is not the app's own {own} (HTTP {status}, "
                             f"{len(body)} bytes): the wheel does not carry the app's assets")
        print(f"install check: Home answers 200 and serves the app's own icon, favicon and fonts "
              f"({time.monotonic() - started:.0f} s)", flush=True)
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=20)
        log.close()


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="table-companion-install-") as folder:
        work = Path(folder)
        try:
            check_served(build_and_install(work), work)
        except Failed as failure:
            print(f"install check FAILED: {failure}", file=sys.stderr, flush=True)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
