"""Helpers of tests/storage/test_transfer.py that other tests share: rows_of."""

from __future__ import annotations

import csv
import io

from storage.transfer import (
    CSV_COLUMNS,
)


def rows_of(export) -> list[dict[str, str]]:
    text = export.data.decode("utf-8-sig")
    assert export.data.startswith(b"\xef\xbb\xbf")  # so spreadsheets read it as UTF-8
    reader = csv.DictReader(io.StringIO(text))
    assert tuple(reader.fieldnames or ()) == CSV_COLUMNS
    return list(reader)
