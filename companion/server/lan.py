"""Sharing the table on the local network: the addresses to open, their QR codes, the PIN.

The addresses are found without sending anything anywhere: the operating system's interface list
(read with `ifaddr`, on Linux, macOS and Windows alike), else the host name's own addresses.
Loopback, link-local and multicast addresses are left out (a phone on the same Wi-Fi cannot reach
those). `ifaddr` is imported only when the addresses are asked for: the offline web app imports
this module for `Share` and never shares a table, so its archive goes without it.
"""

from __future__ import annotations

import io
import ipaddress
import logging
import socket
from dataclasses import dataclass, field

import segno


@dataclass(frozen=True)
class Share:
    """What a `--lan` run tells the people at the table: where to point their phones."""

    urls: list[str] = field(default_factory=list)
    port: int = 0


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_multicast or ip.is_link_local
                or ip.is_reserved)


def _from_host_name() -> list[str]:
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [str(info[4][0]) for info in infos]


def _from_interfaces() -> list[str]:
    """The IPv4 addresses of this machine's network interfaces, as the operating system lists
    them (no tool's output to parse: Windows has neither `ip` nor `ifconfig`)."""
    import ifaddr

    try:
        adapters = ifaddr.get_adapters()
    except (OSError, ValueError) as error:  # no interface list (e.g. a sandbox without netlink)
        logging.getLogger(__name__).warning("Cannot list the network interfaces: %s", error)
        return []
    return [ip.ip for adapter in adapters for ip in adapter.ips
            if ip.is_IPv4 and isinstance(ip.ip, str)]


def lan_addresses() -> list[str]:
    """This machine's non-loopback IPv4 addresses, private ones (home Wi-Fi) first, each once.

    Read from the interface list; the host name's addresses only when that list has none, as
    resolving a name could ask a name server.
    """
    found: dict[str, None] = {}
    for address in _from_interfaces() or _from_host_name():
        if _usable(address):
            found.setdefault(address, None)
    return sorted(found, key=lambda a: not ipaddress.IPv4Address(a).is_private)


def share_for(host: str, port: int, scheme: str = "http") -> Share:
    """The URLs to open for a server bound to `host`: every LAN address when bound to all
    (`scheme` https when it serves with --tls)."""
    if host in ("0.0.0.0", "", "::"):
        addresses = lan_addresses()
    else:
        addresses = [host]
    return Share(urls=[f"{scheme}://{a}:{port}" for a in addresses], port=port)


def qr(url: str) -> segno.QRCode:
    return segno.make(url, error="m", micro=False)


def qr_png(url: str, *, scale: int = 8) -> bytes:
    """The QR code of `url` as a PNG (black on white, with the standard quiet zone)."""
    out = io.BytesIO()
    qr(url).save(out, kind="png", scale=scale, border=4)
    return out.getvalue()


def qr_text(url: str) -> str:
    """The QR code of `url` drawn with block characters for a terminal (two rows a line)."""
    out = io.StringIO()
    qr(url).terminal(out=out, compact=True, border=2)
    return out.getvalue()
