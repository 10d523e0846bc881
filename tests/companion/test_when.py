"""Times on Home and History read as a person says them."""

from datetime import UTC, datetime, timedelta

from companion.describe.when import ago

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def test_ago_reads_like_speech() -> None:
    assert ago(NOW - timedelta(seconds=20), NOW) == "just now"
    assert ago(NOW - timedelta(minutes=5), NOW) == "5 min ago"
    assert ago(NOW - timedelta(hours=3), NOW) == "3 h ago"
    assert ago(NOW - timedelta(hours=30), NOW) == "yesterday"
    assert ago(NOW - timedelta(days=10), NOW).endswith("2026")
