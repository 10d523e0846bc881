"""`Summary.variant`: the way of play (Ratel's standard, short or penalty game) listed without
replaying a match, kept in the index, and worked out for an index from before it. The variant
is data (a `Term` or `Said`, scoring/said.py, said in the reader's language): its English is
compared here, and the data itself across a restart."""

from __future__ import annotations

import json
from pathlib import Path

from scoring import ratel
from storage import Store
from tests.support.storage import finished


def test_summaries_name_the_variant_and_keep_it_across_a_restart(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    with Store(folder) as store:
        ids = {
            "penalty": store.create(ratel.Match(["Ann", "Ben"], mode="penalty",
                                                penalty_limit=20)),
            "short": store.create(ratel.Match(["Ann", "Ben"], mode="short")),
            "standard": store.create(finished.ratel_damage_finished()),
            "caro": store.create(finished.caro_in_play()),
        }
        before = {s.id: s.variant for s in store.summaries()}
    assert {i: str(variant) for i, variant in before.items()} == {
        ids["penalty"]: "penalty game to 20", ids["short"]: "short game",
        ids["standard"]: "standard game", ids["caro"]: ""}
    assert not isinstance(before[ids["short"]], str)  # data, not English
    with Store(folder) as store:
        assert {s.id: s.variant for s in store.summaries()} == before


def test_an_index_from_before_the_variant_is_brought_up_to_date(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    with Store(folder) as store:
        store.create(ratel.Match(["Ann", "Ben"], mode="short"))
        before = store.summaries()
    index = folder / "index.json"
    tables = json.loads(index.read_text())
    for entry in tables["matches"].values():
        del entry["variant"]
    index.write_text(json.dumps(tables))
    with Store(folder) as store:
        assert store.summaries() == before and str(before[0].variant) == "short game"
