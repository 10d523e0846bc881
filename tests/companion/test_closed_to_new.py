"""The scorekeeper's view of the guessing: the count of wrong PINs, and the lock on new devices.

A fake clock drives the `Gate`. While new scorekeepers are locked out, a PIN from a new device is
refused with a sentence and changes nothing (not compared, not counted, the device not held up);
who already keeps score, and devices that did in this run or are trusted, go on as before.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session.access import ClosedToNew, Gate, Locked, PinRefused
from companion.session.trust import Trust
from tests.support.companion.clock import PIN, Clock


def keeper_of(gate: Gate, device: str = "192.168.1.20"):
    who = gate.new_pass(device)
    gate.unlock(who, PIN)
    return who


def test_the_count_of_wrong_pins_and_its_acknowledgement() -> None:
    gate = Gate(PIN, clock=Clock())
    told: list[int] = []
    gate.subscribe(lambda: told.append(gate.wrong_pins))
    keeper = keeper_of(gate)
    assert gate.wrong_pins == 0
    for i in range(3):
        with pytest.raises(PinRefused):
            gate.unlock(gate.new_pass(f"10.0.0.{i}"), "0000")
    assert gate.wrong_pins == 3 and told == [1, 2, 3]
    stranger = gate.new_pass("10.0.0.9")
    with pytest.raises(Locked):  # only a scorekeeper may acknowledge
        gate.acknowledge_wrong_pins(stranger)
    with pytest.raises(Locked):
        gate.acknowledge_wrong_pins(None)
    assert gate.wrong_pins == 3
    gate.acknowledge_wrong_pins(keeper)
    assert gate.wrong_pins == 0 and told[-1] == 0
    with pytest.raises(PinRefused):
        gate.unlock(gate.new_pass("10.0.0.5"), "1111")
    assert gate.wrong_pins == 1  # counted again from the acknowledgement


def test_the_keepers_lock_refuses_a_new_devices_right_pin_and_changes_nothing() -> None:
    clock = Clock()
    gate = Gate(PIN, clock=clock)
    keeper = keeper_of(gate)
    with pytest.raises(PinRefused):
        gate.unlock(gate.new_pass("10.0.0.7"), "0000")
    gate.close_to_new(keeper)
    assert gate.closed_to_new
    newcomer = gate.new_pass("10.0.0.8")
    for attempt in (PIN, "0000", PIN):
        with pytest.raises(ClosedToNew) as refused:
            gate.unlock(newcomer, attempt)
        assert refused.value.rule == "closed-to-new"
        assert "locked new scorekeepers out" in str(refused.value)
        assert "follow the matches" in str(refused.value)
    assert not gate.allows(newcomer)
    assert gate.wrong_pins == 1  # nothing compared, nothing counted
    assert "10.0.0.8" not in gate._devices  # nor held up for later
    # A device that has failed before is new too: its right PIN is not looked at either.
    with pytest.raises(ClosedToNew):
        gate.unlock(gate.new_pass("10.0.0.7"), PIN)
    assert gate.allows(keeper)  # who keeps score stays
    # Let new scorekeepers in again: the same PIN from the same device is accepted.
    gate.close_to_new(keeper, False)
    gate.unlock(newcomer, PIN)
    assert gate.allows(newcomer) and not gate.closed_to_new


def test_only_a_scorekeeper_can_lock_new_devices_out_or_let_them_in() -> None:
    gate = Gate(PIN, clock=Clock())
    keeper = keeper_of(gate)
    stranger = gate.new_pass("10.0.0.9")
    for closed in (True, False):
        with pytest.raises(Locked):
            gate.close_to_new(stranger, closed)
        with pytest.raises(Locked):
            gate.close_to_new(None, closed)
    assert not gate.closed_to_new
    gate.close_to_new(keeper)
    with pytest.raises(Locked):
        gate.close_to_new(stranger, False)
    assert gate.closed_to_new


def test_devices_that_kept_score_in_this_run_or_are_trusted_are_not_new(tmp_path: Path) -> None:
    trust = Trust(tmp_path, PIN)
    gate = Gate(PIN, clock=Clock(), trust=trust)
    keeper = keeper_of(gate, "192.168.1.20")
    other_keeper = keeper_of(gate, "192.168.1.30")
    token = gate.remember(other_keeper)
    gate.close_to_new(keeper)
    # The keeper reloads: a new session on the same device, let in by the PIN.
    reloaded = gate.new_pass("192.168.1.20")
    gate.unlock(reloaded, PIN)
    assert gate.allows(reloaded)
    # After a restart (a fixed PIN) a trusted device's token still lets it in, while closed.
    again = Gate(PIN, clock=Clock(), trust=Trust(tmp_path, PIN))
    first = keeper_of(again, "192.168.1.20")
    again.close_to_new(first)
    tab = again.new_pass("192.168.1.30")
    assert again.resume(tab, token) and again.allows(tab)
    with pytest.raises(ClosedToNew):
        again.unlock(again.new_pass("192.168.1.40"), PIN)


def test_without_a_pin_there_is_nothing_to_count_or_lock() -> None:
    gate = Gate(None)
    who = gate.new_pass()
    gate.close_to_new(who)
    gate.unlock(gate.new_pass("10.0.0.1"), "anything")
    assert gate.wrong_pins == 0
