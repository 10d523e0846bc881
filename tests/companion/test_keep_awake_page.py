"""Both pages carry the wake-lock script: the served app's index.html (in its head, hashed by
the Content-Security-Policy as the page is sent) and the offline web app's."""

from __future__ import annotations

from pathlib import Path

from companion.server.own_origin import policy, script_hashes
from companion.server.serve import KEEP_AWAKE, web_root


def test_the_served_page_holds_the_wake_lock_script_and_its_policy_allows_it(
        tmp_path: Path) -> None:
    index = (web_root(tmp_path / "web") / "index.html").read_text(encoding="utf-8")
    script = KEEP_AWAKE.read_text(encoding="utf-8")
    head = index.split("</head>", 1)[0]
    assert script in head and 'navigator.wakeLock.request("screen")' in script
    hashes = script_hashes(index)
    assert hashes and all(h in policy(index) for h in hashes)


def test_the_web_app_page_gets_it_too() -> None:
    from companion import web_build

    source = Path(web_build.__file__).read_text(encoding="utf-8")
    assert '"keep_awake.js"' in source and (web_build.TEMPLATES / "keep_awake.js") == KEEP_AWAKE
