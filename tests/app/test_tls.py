"""`--tls CERT KEY`: the app serves https and wss, with a self-signed certificate made here
(`openssl req`), on loopback. Only https pages are the app's own origins then, and the address
printed, the QR code's and the Share screen's are https."""

from __future__ import annotations

import re
import shutil
import ssl
import subprocess
import urllib.request
from pathlib import Path

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from tests.support.app.lan import run_cli
from tests.support.app.process import PHONE, AppProcess
from tests.support.app.ui import button, open_page, see

pytestmark = pytest.mark.browser  # starts the app


def self_signed(folder: Path) -> tuple[Path, Path]:
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=60)
    return cert, key


def test_tls_serves_https_and_wss_and_says_https_everywhere(tmp_path: Path, browser) -> None:
    cert, key = self_signed(tmp_path)
    app = AppProcess(tmp_path / "data", ("--lan", "--host", "127.0.0.1", "--pin", "2468",
                                         "--tls", str(cert), str(key))).start()
    try:
        https = f"https://127.0.0.1:{app.port}"
        trusting = ssl.create_default_context(cafile=str(cert))  # as a phone that trusts it
        with urllib.request.urlopen(https + "/", context=trusting, timeout=10) as page:
            assert page.status == 200 and b"<title>Table Companion</title>" in page.read()
        with pytest.raises(OSError):  # plain http on the same port is not served
            urllib.request.urlopen(f"http://127.0.0.1:{app.port}/", timeout=10).read()
        out = app.output()
        assert f"Table Companion is running at https://localhost:{app.port}" in out
        assert f"Phones on the same network open: {https}" in out
        assert f"http://127.0.0.1:{app.port}" not in out

        wss = f"wss://127.0.0.1:{app.port}/ws"
        with connect(wss, origin=https, ssl=trusting, open_timeout=10) as ws:
            assert ws.protocol.state.name == "OPEN"
        with pytest.raises(InvalidStatus) as refused:  # the http page of the same address
            connect(wss, origin=f"http://127.0.0.1:{app.port}", ssl=trusting,
                    open_timeout=10).close()
        assert refused.value.response.status_code == 403

        context = browser.new_context(viewport=PHONE, ignore_https_errors=True)
        try:
            phone = context.new_page()
            phone.set_default_timeout(15_000)
            open_page(phone, https)  # the session's socket is wss: Home needs it to draw
            button(phone, "Share").click()
            see(phone, https)
            assert phone.get_by_text(re.compile(r"^http://")).count() == 0
        finally:
            context.close()
    finally:
        app.stop()


def test_a_certificate_that_cannot_serve_is_one_clear_line(tmp_path: Path) -> None:
    (tmp_path / "cert.pem").write_text("not a certificate")
    result = run_cli("--lan", "--tls", str(tmp_path / "cert.pem"), str(tmp_path / "nokey.pem"),
                     "--data", str(tmp_path / "data"))
    assert result.returncode == 2 and "cannot serve https with --tls" in result.stderr
    assert "Traceback" not in result.stderr
