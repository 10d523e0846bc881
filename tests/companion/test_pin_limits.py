"""The PIN's rate limit against many sessions: no lockout of the scorekeeper, no faster guessing
from one device, and what the scorekeeper sees and stops of the rest.

A fake clock drives the `Gate`; an attacker is a loop that tries as soon as it is allowed, each
try from a new session (a new tab), and counts how many PINs get compared per hour.
"""

from __future__ import annotations

import pytest

from companion.session import access
from companion.session.access import Gate, PinRefused
from tests.support.companion.clock import PIN, Clock

HOUR = 3600.0



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


def test_forty_addresses_with_one_wrong_pin_each_do_not_hold_up_a_fresh_device() -> None:
    """The issue's attack: one wrong PIN each from 127.0.1.1-40, then the right PIN from a fresh
    address. Before, the shared bucket made it "wait 2 h" from the 20th address on."""
    clock = Clock()
    gate = Gate(PIN, clock=clock)
    for i in range(1, 41):
        assert wrong(gate, f"127.0.1.{i}").rule == "wrong-pin"  # each one compared
    keeper = gate.new_pass("192.168.1.20")
    gate.unlock(keeper, PIN)
    assert gate.allows(keeper)
    assert gate.wrong_pins == 40


def test_devices_that_failed_share_a_bucket_that_never_refuses_a_clean_device() -> None:
    clock = Clock()
    gate = Gate(PIN, clock=clock)
    for i in range(access.FAILED_TRIES):  # two wrong PINs each: the second from the bucket
        wrong(gate, f"10.0.0.{i}")
        assert wrong(gate, f"10.0.0.{i}").rule == "wrong-pin"
    refused = wrong(gate, "10.0.0.0")  # the bucket is empty: a device that failed waits
    assert refused.rule == "pin-wait" and "this table" in str(refused)
    assert refused.wait == pytest.approx(access.REFILL)
    keeper = gate.new_pass("192.168.1.20")
    gate.unlock(keeper, PIN)  # a device that has not failed itself: compared, let in
    assert gate.allows(keeper)
    # A clean device's wrong PIN is compared too; its next try is the table's and waits.
    first = wrong(gate, "192.168.1.21")
    assert first.rule == "wrong-pin" and "wait 2 h" in str(first)
    assert wrong(gate, "192.168.1.21").rule == "pin-wait"
    assert gate.wrong_pins == 2 * access.FAILED_TRIES + 1


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
        at += access._wait(wrongs, 20)  # 20 free wrong PINs, then the doubling waits
    return counts


def cumulative(counts: list[int]) -> list[int]:
    total, out = 0, []
    for c in counts:
        total += c
        out.append(total)
    return out


@pytest.mark.parametrize(("device", "firsts"), [(lambda n: "10.0.0.5", 0), (lambda n: None, 0),
                                               (lambda n: f"10.0.{n % 40}.1", 40)],
                         ids=["one address", "unknown address", "forty addresses in turn"])
def test_brute_force_is_no_faster_than_before(device, firsts: int) -> None:
    """`firsts`: the first wrong PIN of each address, which no shared limit holds up (a device
    that has not failed is always compared); beyond those, no faster than the old limit."""
    hours = 48
    clock = Clock()
    new = tries_per_hour(Gate(PIN, clock=clock), clock, device, hours)
    old = old_limit_per_hour(hours)
    assert old[0] == 26 and old[-1] == 1  # the previous limit, for the record
    print(f"tries per hour, now: {new[:6]}... before: {old[:6]}...")
    assert all(n <= o + firsts for n, o in zip(cumulative(new), cumulative(old), strict=True)), (
        new, old)
    assert sum(new[24:]) <= 24  # and at most one try an hour once the bucket is empty


def test_a_new_address_per_guess_is_counted_and_stopped_by_the_keepers_lock() -> None:
    """What no limit on devices can stop (a fresh address for every guess) the scorekeeper
    sees and stops: the count grows with every guess, and once new scorekeepers are locked out
    no PIN from a new address is compared at all."""
    clock = Clock()
    gate = Gate(PIN, clock=clock)
    keeper = gate.new_pass("192.168.1.20")
    gate.unlock(keeper, PIN)
    for n in range(100):
        wrong(gate, f"10.0.{n // 256}.{n % 256}")
    assert gate.wrong_pins == 100
    gate.close_to_new(keeper)
    for n in range(100, 1100):
        assert wrong(gate, f"10.0.{n // 256}.{n % 256}").rule == "closed-to-new"
    assert gate.wrong_pins == 100  # nothing compared, nothing counted
    assert gate.allows(keeper)


def test_the_bucket_of_devices_that_failed_decays() -> None:
    clock = Clock()
    gate = Gate(PIN, clock=clock)
    for i in range(access.FAILED_TRIES):
        wrong(gate, f"10.0.0.{i}")
        wrong(gate, f"10.0.0.{i}")
    assert wrong(gate, "10.0.0.1").rule == "pin-wait"
    clock.now += access.REFILL
    assert wrong(gate, "10.0.0.1").rule == "wrong-pin"  # one try won back
    assert wrong(gate, "10.0.0.2").rule == "pin-wait"
    clock.now += access.REFILL * access.FAILED_TRIES  # quiet long enough: all back
    for i in range(access.FAILED_TRIES):
        assert wrong(gate, f"10.0.2.{i}").rule == "wrong-pin"
        assert wrong(gate, f"10.0.2.{i}").rule == "wrong-pin"


def test_the_devices_remembered_are_bounded() -> None:
    gate = Gate(PIN, clock=Clock())
    for n in range(access.MAX_FAILED_DEVICES + 50):
        wrong(gate, f"10.{n // 65536}.{n // 256 % 256}.{n % 256}")
    assert len(gate._devices) == access.MAX_FAILED_DEVICES
