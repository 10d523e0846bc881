"""Helpers of tests/app/test_language.py that other tests share: phone_in."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.support.app.process import OTHER_PHONES, PHONE


def phone_in(browser, locale: str) -> Page:
    """A phone whose browser prefers `locale` (navigator.languages, Accept-Language)."""
    context = browser.new_context(viewport=PHONE, locale=locale)
    OTHER_PHONES.append(context)
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page
