"""A notice that is no longer true goes when the state it described ends: on the forgot-password
and sign-up "sent" pages, "Already sent, check inbox" does not stay beside "You can send another
email now" once the window is over (the suite's window is 5 s)."""

from __future__ import annotations

from playwright.sync_api import expect

from helpers import sign_up_on_the_page, unique_email
from test_forgot_password import request_link


def test_already_sent_goes_when_another_email_may_be_sent(page, server):
    email = unique_email("stale")
    request_link(page, server, email)
    page.get_by_role("link", name="Use a different email address").click()
    page.get_by_label("Email").fill(email)
    page.get_by_role("button", name="Send Reset Link").click()
    expect(page.locator("#resend-status")).to_have_text("Already sent, check inbox")
    # The countdown ends within the 5 s window; Playwright's wait is bounded.
    expect(page.locator(".resend-form button")).to_be_enabled(timeout=15_000)
    expect(page.locator("#resend-hint")).to_have_text("You can send another email now.")
    expect(page.locator("#resend-status")).to_have_text("")


def test_a_sign_up_resend_notice_goes_too(page, server):
    sign_up_on_the_page(page, server, unique_email("stale-signup"))
    expect(page.locator(".resend-form button")).to_be_enabled(timeout=15_000)
    page.locator(".resend-form button").click()
    expect(page.locator("#resend-status")).not_to_have_text("")
    expect(page.locator(".resend-form button")).to_be_enabled(timeout=15_000)
    expect(page.locator("#resend-hint")).to_have_text("You can send another email now.")
    expect(page.locator("#resend-status")).to_have_text("")
