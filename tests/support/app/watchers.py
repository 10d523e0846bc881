"""Helpers of tests/app/test_watchers.py that other tests share: BUTTON_NAMES."""

from __future__ import annotations

BUTTON_NAMES = """() => [...document.querySelectorAll('flt-semantics-host [role=button]')]
    .map(e => (e.getAttribute('aria-label') || e.textContent || '').trim())"""
