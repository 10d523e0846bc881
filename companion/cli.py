"""`table-companion`: serve the app (web by default) or open it as a desktop window."""

from __future__ import annotations

import argparse
import errno
import logging
import os
import socket
import sys
import threading
import time
import webbrowser
from pathlib import Path

import platformdirs

from companion import assets_folder
from companion.session.access import check_pin, new_pin

DEFAULT_HOST = "127.0.0.1"
LAN_HOST = "0.0.0.0"
DEFAULT_PORT = 8550


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="table-companion",
        description="Scorekeeping companion for Caro and friends, in your browser.",
    )
    parser.add_argument("--host", default=None,
                        help="address to serve on (127.0.0.1; with --lan: 0.0.0.0, every "
                             "interface)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="port to serve on (8550)")
    parser.add_argument("--data", help="folder for the matches (default: your user data folder)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    parser.add_argument("--desktop", action="store_true",
                        help="open a desktop window (needs the 'desktop' extra)")
    parser.add_argument("--lan", action="store_true",
                        help="share on the local network: phones on the same Wi-Fi follow the "
                             "matches; keeping score needs the PIN")
    parser.add_argument("--pin", help="the scorekeeping PIN for --lan, 4 to 8 digits "
                                      "(default: a random one for this run)")
    parser.add_argument("--tls", nargs=2, metavar=("CERT", "KEY"),
                        help="serve https (and wss) with this certificate and its private key "
                             "(PEM files): the PIN and the device token cross the network "
                             "encrypted")
    args = parser.parse_args(argv)
    if args.pin is not None and not args.lan:
        parser.error("--pin is for --lan (without --lan only this computer can open the app)")
    if args.lan and args.desktop:
        parser.error("--lan shares the web app; it cannot be used with --desktop")
    if args.tls and args.desktop:
        parser.error("--tls serves the web app; it cannot be used with --desktop")
    if args.pin is not None:
        try:
            check_pin(args.pin)
        except ValueError as error:
            parser.error(str(error))
    if args.host is None:
        args.host = LAN_HOST if args.lan else DEFAULT_HOST
    return args


def default_data_folder() -> Path:
    return Path(platformdirs.user_data_dir("table-companion", appauthor=False))


def fail(message: str) -> None:
    print(f"table-companion: {message}", file=sys.stderr)
    raise SystemExit(2)


def check_port(host: str, port: int) -> None:
    """Fail with one line, not a traceback, when the port is taken (the server would crash)."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                fail(f"port {port} on {host} is already in use; "
                     f"is Table Companion already running? Try --port {port + 1}.")
            fail(f"cannot serve on {host}:{port}: {error.strerror or error}")


def check_tls(cert: str, key: str) -> None:
    """Fail with one line when the certificate and key cannot serve (uvicorn would crash)."""
    import ssl

    try:
        ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER).load_cert_chain(cert, key)
    except (OSError, ssl.SSLError) as error:
        fail(f"cannot serve https with --tls {cert} {key}: "
             f"{getattr(error, 'strerror', None) or error}. Give a PEM certificate and the "
             "private key it was made with.")


def open_when_up(host: str, port: int, url: str) -> None:
    """Open the browser once the server answers, so the first page does not fail to load."""
    host = DEFAULT_HOST if host == LAN_HOST else host
    for _ in range(100):
        try:
            socket.create_connection((host, port), timeout=0.2).close()
        except OSError:
            time.sleep(0.1)
            continue
        webbrowser.open(url)
        return


def open_store(folder: Path):
    from storage import Store  # imported here so --help stays fast

    if folder.exists() and not folder.is_dir():
        fail(f"cannot use the data folder {folder}: it is a file, not a folder. "
             "Choose another with --data DIR.")
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        if not os.access(folder, os.W_OK):
            raise PermissionError(errno.EACCES, "not writable", str(folder))
        return Store(folder)
    except OSError as error:
        fail(f"cannot use the data folder {folder}: {error.strerror or error}. "
             "Choose another with --data DIR.")
    except Exception as error:  # the store's own refusal (e.g. open in another process)
        fail(str(error))


def check_versions() -> None:
    """Fail with one line when Flet or uvicorn is not the version whose internals the app
    holds (companion/flet_internals.py): a guard could stop guarding without a sound."""
    from companion.flet_internals import mismatch

    problem = mismatch()
    if problem:
        fail(problem)


def main(argv: list[str] | None = None) -> None:
    args = parse(argv)
    check_versions()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if os.environ.get("TABLE_COMPANION_TRACE"):  # what each page sent, in order (session/guard.py)
        logging.getLogger("companion.trace").setLevel(logging.INFO)
    if args.tls:
        check_tls(*args.tls)
    folder = Path(args.data).expanduser() if args.data else default_data_folder()
    store = open_store(folder)

    from companion.app import build_main
    from companion.server.serve import serve_web
    from companion.server.standings import open_boards
    from companion.session.open_matches import OpenMatches
    from companion.session.preferences import Preferences
    from scoring.confusables import prototypes

    scheme = "https" if args.tls else "http"
    gate, share = None, None
    if args.lan:
        from companion.server.lan import share_for
        from companion.session.access import Gate
        from companion.session.trust import Trust

        # A fixed --pin keeps scorekeepers' devices trusted across restarts; a random PIN
        # (new each run) asks every device again.
        trust = None
        if args.pin:
            try:
                trust = Trust(folder, args.pin)
            except OSError as error:  # e.g. a read-only folder: devices ask at every start
                logging.warning("Devices cannot stay trusted across restarts: %s", error)
        args.pin = args.pin or new_pin()
        gate, share = Gate(args.pin, trust=trust), share_for(args.host, args.port, scheme)
    tables = OpenMatches(store, gate)
    app = build_main(tables, Preferences(folder), share=share,
                     desktop=args.desktop)
    # Unicode's confusables data, read now beside the start rather than on the event loop when
    # the first name is typed (45-385 ms here on a busy machine), where it would stall every page.
    threading.Thread(target=prototypes, daemon=True).start()
    try:
        if args.desktop:
            run_desktop(app)
        else:
            check_port(args.host, args.port)
            local = args.host in (DEFAULT_HOST, LAN_HOST)
            url = f"{scheme}://{'localhost' if local else args.host}:{args.port}"
            print(f"Table Companion is running at {url}  (data: {folder}; Ctrl+C to stop)",
                  flush=True)
            if share is not None:
                print_share(share, args.pin)
            if not args.no_browser:
                threading.Thread(target=open_when_up, args=(args.host, args.port, url),
                                 daemon=True).start()
            serve_web(app, args.host, args.port, share.urls if share is not None else (),
                      assets_folder(), tls=args.tls, standings=open_boards(tables),
                      welcome=keepers(gate))
    finally:
        store.close()


def keepers(gate):
    """Who gets in when the table is full (with --lan; without it, the caps alone): the pages of
    an address that has kept score in this run, and those of a device this table trusts (a fixed
    --pin), whose page script hands its token over in a cookie (connection.js); the server
    checks the token as it checks one the page offers (trust.py), never a page's word."""
    from companion.server.sockets import cookie, no_one
    from companion.session.trust import COOKIE

    if gate is None:
        return no_one

    def welcome(address, scope):
        if gate.kept_score_from(address):
            return True
        token = cookie(scope, COOKIE)
        return token is not None and gate.trusted(token)

    return welcome


def print_share(share, pin: str) -> None:
    """Tell the table where to point their phones (with a QR code) and the scorekeeping PIN."""
    from companion.server.lan import qr_text

    if not share.urls:
        print("Shared on the local network, but this computer has no network address yet: "
              "join the Wi-Fi, then open Share in the app to see the address.", flush=True)
    for i, url in enumerate(share.urls):
        print(f"\nPhones on the same network open: {url}")
        if i == 0:
            print(qr_text(url), end="")
    print(f"\nScorekeeping PIN: {pin}  (everyone else can follow the matches)\n", flush=True)


def run_desktop(app) -> None:
    import flet as ft

    try:
        import flet_desktop  # noqa: F401
    except ImportError:
        fail("the desktop window needs the 'desktop' extra: "
             "pip install 'table-companion[desktop]' (or run without --desktop for the web app).")
    try:
        ft.run(app, view=ft.AppView.FLET_APP, no_cdn=True)
    except Exception as error:
        fail(f"could not open the desktop window ({error}). The first start downloads the Flet "
             "client and needs internet; without it, run without --desktop and use the browser.")


if __name__ == "__main__":
    main()
