"""The PIN's rate limit against many sessions: no lockout of the scorekeeper, no faster guessing.

A fake clock drives the `Gate`; an attacker is a loop that tries as soon as it is allowed, each
try from a new session (a new tab), and counts how many PINs get compared per hour.
"""

from __future__ import annotations

import pytest

from companion.session import access
from companion.session.access import Gate, PinRefused

PIN = "2468"
HOUR = 3600.0


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def wrong(gate: Gate, device: str | None) -> PinRefused:
    """One wrong PIN from a new session on `device`; the refusal it gets."""
    with pytest.raises(PinRefused) as refused:
        gate.unlock(gate.new_pass(device), "0000")
    return refused.value


@pytest.mark.parametrize("addresses", ["one", "unknown"])
def test_forty_tabs_with_a_wrong_pin_do_not_lock_out_the_scorekeeper(addresses: str) -> None:
    clock = Clock()
    gate = Gate(PIN, clock=clock)
    for _ in range(40):
        wrong(gate, "192.168.1.66" if addresses == "one" else None)
    keeper = gate.new_pass("192.168.1.20")
    gate.unlock(keeper, PIN)  # first try, at once: no wait
    assert gate.allows(keeper)


def test_strangers_emptying_the_table_bucket_do_not_hold_up_a_clean_device() -> None:
    clock = Clock()
    gate = Gate(PIN, clock=clock)
    for i in range(access.GLOBAL_FREE_TRIES):
        wrong(gate, f"10.0.0.{i}")  # every wrong PIN from an address of its own
    assert wrong(gate, "10.0.0.0").rule == "pin-wait"  # a device that failed waits
    keeper = gate.new_pass("192.168.1.20")
    gate.unlock(keeper, PIN)
    assert gate.allows(keeper)
    # A clean device's wrong PIN is compared (from the newcomers' bucket), then it waits too.
    assert "Wrong PIN" in str(wrong(gate, "192.168.1.21"))
    assert wrong(gate, "192.168.1.21").rule == "pin-wait"


def test_a_reload_keeps_the_devices_wrong_pins() -> None:
    gate = Gate(PIN, clock=Clock())
    for _ in range(access.FREE_TRIES - 1):
        wrong(gate, "192.168.1.66")
    assert "wait 30 s" in str(wrong(gate, "192.168.1.66"))
    with pytest.raises(PinRefused, match="this device: wait 30 s"):
        gate.unlock(gate.new_pass("192.168.1.66"), PIN)  # a new tab, the same phone


def tries_per_hour(gate: Gate, clock: Clock, device, hours: int) -> list[int]:
    """Attack `gate` for `hours`: a wrong PIN from a new session whenever one is compared."""
    counts = [0] * hours
    start, n = clock.now, 0
    for _ in range(10_000):  # bounded: far more than the limits allow
        if clock.now - start >= hours * HOUR:
            break
        try:
            gate.unlock(gate.new_pass(device(n)), "0000")
        except PinRefused as refused:
            if refused.rule == "wrong-pin":
                counts[int((clock.now - start) // HOUR)] += 1
                n += 1
            else:  # a wrong PIN's wait is only advice: try again and be told to wait
                clock.now += max(refused.wait, 0.001)
    return counts


def old_limit_per_hour(hours: int) -> list[int]:
    """Tries the previous limit allowed to a new session per try: 20, then waits doubling to 1 h."""
    counts, at, wrongs = [0] * hours, 0.0, 0
    while at < hours * HOUR:
        counts[int(at // HOUR)] += 1
        wrongs += 1
        at += access._wait(wrongs, access.GLOBAL_FREE_TRIES)
    return counts


def cumulative(counts: list[int]) -> list[int]:
    total, out = 0, []
    for c in counts:
        total += c
        out.append(total)
    return out


@pytest.mark.parametrize("device", [lambda n: "10.0.0.5", lambda n: None,
                                    lambda n: f"10.{n // 65536}.{n // 256 % 256}.{n % 256}"],
                         ids=["one address", "unknown address", "a new address per try"])
def test_brute_force_is_no_faster_than_before(device) -> None:
    hours = 48
    clock = Clock()
    new = tries_per_hour(Gate(PIN, clock=clock), clock, device, hours)
    old = old_limit_per_hour(hours)
    assert old[0] == 26 and old[-1] == 1  # the previous limit, for the record
    print(f"tries per hour, now: {new[:6]}... before: {old[:6]}...")
    assert all(n <= o for n, o in zip(cumulative(new), cumulative(old), strict=True)), (new, old)
    assert sum(new[24:]) <= 24  # and at most one try an hour once the buckets are empty


def test_the_table_wide_limit_decays() -> None:
    clock = Clock()
    gate = Gate(PIN, clock=clock)
    for i in range(access.GLOBAL_FREE_TRIES + access.NEWCOMER_TRIES):
        wrong(gate, f"10.0.0.{i}")
    refused = wrong(gate, f"10.0.1.{1}")
    assert refused.rule == "pin-wait" and "this table" in str(refused)
    assert refused.wait == pytest.approx(access.REFILL)
    clock.now += access.REFILL
    assert wrong(gate, "10.0.0.1").rule == "wrong-pin"  # one try won back
    assert wrong(gate, "10.0.0.2").rule == "pin-wait"
    clock.now += access.REFILL * access.GLOBAL_FREE_TRIES  # quiet long enough: all back
    for i in range(access.GLOBAL_FREE_TRIES):
        assert wrong(gate, f"10.0.2.{i}").rule == "wrong-pin"
