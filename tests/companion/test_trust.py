"""A scorekeeper's device token (trust.py): only this table's, only with its PIN, revocable."""

from __future__ import annotations

import stat
from pathlib import Path

from companion.session.access import Gate
from companion.session.trust import LIST_NAME, MAX_DEVICES, MAX_TOKEN, SECRET_NAME, Trust


def test_a_token_verifies_after_a_restart_with_the_same_pin_only(tmp_path: Path) -> None:
    token = Trust(tmp_path, "2468").issue()
    assert token is not None and "2468" not in token
    assert Trust(tmp_path, "2468").verify(token) is not None  # a restart: same folder and PIN
    assert Trust(tmp_path, "1357").verify(token) is None  # another PIN
    other = tmp_path / "other"
    other.mkdir()
    assert Trust(other, "2468").verify(token) is None  # another table's secret
    assert stat.S_IMODE((tmp_path / SECRET_NAME).stat().st_mode) == 0o600


def test_forged_and_oversized_tokens_are_refused(tmp_path: Path) -> None:
    trust = Trust(tmp_path, "2468")
    device, mac = trust.issue().split(".")
    for forged in (f"{device}.{'0' * len(mac)}", f"x{device}.{mac}", device, f"{device}.{mac}.",
                   "a" * (MAX_TOKEN + 1), None, 42, ["x"]):
        assert trust.verify(forged) is None, forged


def test_a_revoked_token_never_verifies_again(tmp_path: Path) -> None:
    trust = Trust(tmp_path, "2468")
    token = trust.issue()
    device = trust.verify(token)
    trust.revoke(device)
    assert trust.verify(token) is None
    assert Trust(tmp_path, "2468").verify(token) is None  # nor after a restart


def test_the_list_is_bounded_and_a_damaged_one_only_forgets(tmp_path: Path) -> None:
    trust = Trust(tmp_path, "2468")
    first = trust.issue()
    for _ in range(MAX_DEVICES):
        trust.issue()
    assert trust.verify(first) is None  # the oldest dropped
    latest = trust.issue()
    (tmp_path / LIST_NAME).write_text("{not json")
    reopened = Trust(tmp_path, "2468")  # the devices ask for the PIN again; nothing breaks
    assert reopened.verify(latest) is None
    assert reopened.verify(reopened.issue()) is not None


def test_the_gate_hands_tokens_to_unlocked_passes_only_and_lock_revokes(tmp_path: Path) -> None:
    gate = Gate("2468", trust=Trust(tmp_path, "2468"))
    watcher = gate.new_pass("10.0.0.9")
    assert gate.remember(watcher) is None  # a watcher gets no token
    keeper = gate.new_pass("10.0.0.2")
    gate.unlock(keeper, "2468")
    token = gate.remember(keeper)
    # after a restart the device's new session is let in by the token alone
    again = Gate("2468", trust=Trust(tmp_path, "2468"))
    tab, other_tab = again.new_pass("10.0.0.2"), again.new_pass("10.0.0.2")
    assert again.resume(tab, token) and again.allows(tab)
    assert again.resume(other_tab, token)
    forged = token[:-1] + ("1" if token.endswith("0") else "0")  # one hex digit changed
    assert not again.resume(again.new_pass("10.0.0.9"), forged)
    again.lock(tab)  # "Stop keeping score here"
    assert not again.allows(tab) and not again.allows(other_tab)
    assert not again.resume(again.new_pass("10.0.0.2"), token)


def test_a_random_pin_trusts_no_device(tmp_path: Path) -> None:
    gate = Gate("2468")  # no Trust: the PIN is new each run
    keeper = gate.new_pass()
    gate.unlock(keeper, "2468")
    assert not gate.trusts_devices and gate.remember(keeper) is None
    assert not gate.resume(gate.new_pass(), "anything.at-all")
