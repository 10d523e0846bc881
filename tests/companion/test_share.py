"""Where phones open a shared table: addresses found without traffic, and their QR codes."""

from __future__ import annotations

import subprocess

import pytest

from companion.server import lan as share

IP_OUTPUT = """\
1: lo    inet 127.0.0.1/8 scope host lo\\       valid_lft forever preferred_lft forever
3: wlan0    inet 192.168.1.23/24 brd 192.168.1.255 scope global dynamic wlan0\\       valid_lft
4: docker0    inet 172.17.0.1/16 brd 172.17.255.255 scope global docker0\\       valid_lft
5: tun0    inet 169.254.10.1/16 scope link tun0\\       valid_lft forever
6: wan    inet 203.0.113.7/24 scope global wan\\       valid_lft forever
"""


@pytest.fixture
def ip_tool(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """`ip` prints IP_OUTPUT; the host name is never resolved (it could ask a name server)."""
    ran: list[list[str]] = []

    def run(command: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
        ran.append(command)
        return subprocess.CompletedProcess(command, 0, stdout=IP_OUTPUT, stderr="")

    def no_lookup() -> list[str]:
        raise AssertionError("the host name was looked up although `ip` answered")

    monkeypatch.setattr(share.shutil, "which", lambda name: f"/usr/sbin/{name}")
    monkeypatch.setattr(share.subprocess, "run", run)
    monkeypatch.setattr(share, "_from_host_name", no_lookup)
    return ran


def test_lan_addresses_leave_out_loopback_and_link_local_and_put_private_first(ip_tool) -> None:
    assert share.lan_addresses() == ["192.168.1.23", "172.17.0.1", "203.0.113.7"]
    assert [command[:2] for command in ip_tool] == [["ip", "-4"]]


def test_without_ip_or_ifconfig_the_host_names_addresses_are_used(monkeypatch) -> None:
    monkeypatch.setattr(share.shutil, "which", lambda name: None)
    monkeypatch.setattr(share, "_from_host_name", lambda: ["127.0.1.1", "10.0.0.8"])
    assert share.lan_addresses() == ["10.0.0.8"]


def test_share_for_all_interfaces_lists_every_address(ip_tool) -> None:
    assert share.share_for("0.0.0.0", 8550).urls == [
        "http://192.168.1.23:8550", "http://172.17.0.1:8550", "http://203.0.113.7:8550"]
    assert share.share_for("127.0.0.1", 9000).urls == ["http://127.0.0.1:9000"]
    assert share.share_for("127.0.0.1", 9000, "https").urls == ["https://127.0.0.1:9000"]


def test_qr_codes_for_the_app_and_the_terminal() -> None:
    url = "http://192.168.1.23:8550"
    png = share.qr_png(url)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    matrix = share.qr(url).matrix
    assert len(matrix) == len(matrix[0]) >= 21  # a real QR code, not a Micro QR
    lines = share.qr_text(url).splitlines()
    assert len(lines) >= 12 and all("█" in line or "▀" in line for line in lines)
