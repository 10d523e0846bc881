"""Where phones open a shared table: addresses found without traffic, and their QR codes."""

from __future__ import annotations

import ifaddr
import pytest

from companion.server import lan as share

# What the operating system lists (as ifaddr reports it: IPv4 as text, IPv6 as a tuple).
ADAPTERS = [
    ifaddr.Adapter("lo", "lo", [ifaddr.IP("127.0.0.1", 8, "lo"),
                                ifaddr.IP(("::1", 0, 0), 128, "lo")]),
    ifaddr.Adapter("wlan0", "Wi-Fi", [ifaddr.IP("192.168.1.23", 24, "wlan0"),
                                      ifaddr.IP(("fe80::1", 0, 3), 64, "wlan0")]),
    ifaddr.Adapter("docker0", "docker0", [ifaddr.IP("172.17.0.1", 16, "docker0")]),
    ifaddr.Adapter("tun0", "tun0", [ifaddr.IP("169.254.10.1", 16, "tun0")]),
    ifaddr.Adapter("wan", "wan", [ifaddr.IP("203.0.113.7", 24, "wan"),
                                  ifaddr.IP("192.168.1.23", 24, "wan")]),  # listed twice
]


def no_lookup() -> list[str]:
    raise AssertionError("the host name was looked up although the interfaces were listed")


@pytest.fixture
def interfaces(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The interfaces are ADAPTERS; the host name is never resolved (it could ask a name
    server). Counts the listings asked for."""
    asked: list[int] = []

    def get_adapters(include_unconfigured: bool = False) -> list[ifaddr.Adapter]:
        asked.append(1)
        return ADAPTERS

    monkeypatch.setattr(ifaddr, "get_adapters", get_adapters)
    monkeypatch.setattr(share, "_from_host_name", no_lookup)
    return asked


def test_lan_addresses_leave_out_loopback_and_link_local_and_put_private_first(interfaces) -> None:
    assert share.lan_addresses() == ["192.168.1.23", "172.17.0.1", "203.0.113.7"]
    assert interfaces == [1]


def test_without_interface_addresses_the_host_names_addresses_are_used(monkeypatch) -> None:
    monkeypatch.setattr(ifaddr, "get_adapters", lambda include_unconfigured=False: [
        ifaddr.Adapter("lo", "lo", [ifaddr.IP(("::1", 0, 0), 128, "lo")])])
    monkeypatch.setattr(share, "_from_host_name", lambda: ["127.0.1.1", "10.0.0.8"])
    assert share.lan_addresses() == ["10.0.0.8"]


def test_an_interface_list_that_fails_falls_back_to_the_host_name(monkeypatch) -> None:
    def fail(include_unconfigured: bool = False) -> list[ifaddr.Adapter]:
        raise OSError("getifaddrs: not permitted")

    monkeypatch.setattr(ifaddr, "get_adapters", fail)
    monkeypatch.setattr(share, "_from_host_name", lambda: ["10.0.0.8"])
    assert share.lan_addresses() == ["10.0.0.8"]


def test_only_loopback_listed_gives_no_address_and_no_lookup(monkeypatch) -> None:
    monkeypatch.setattr(ifaddr, "get_adapters", lambda include_unconfigured=False: ADAPTERS[:1])
    monkeypatch.setattr(share, "_from_host_name", no_lookup)
    assert share.lan_addresses() == []


def test_share_for_all_interfaces_lists_every_address(interfaces) -> None:
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
