"""The reset page's failure states, sign-up's errors, and the account page (change password,
sign out, the idle timeout)."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from helpers import unique_email, PASSWORD, confirmed_account, mailbox_link, sign_in, sign_up_on_the_page


def test_unknown_spent_and_missing_tokens_read_the_same(page, server, shoot):
    page.goto(server.url("/reset-password?token=not-a-token"))
    expect(page.locator(".error-summary-title")).to_have_text("This link is invalid or has expired")
    expect(page.get_by_role("link", name="Request a new link")).to_have_attribute("href", "/forgot-password")
    shoot(page, "reset-password-invalid")
    bogus = page.locator("#main").inner_text()
    page.goto(server.url("/reset-password"))
    assert page.locator("#main").inner_text() == bogus


def test_reset_form_errors_and_the_referrer(page, server, shoot):
    email = confirmed_account(server, "reseterr")
    assert server.api("POST", "/recover", {"email": email})[0] == 200
    link = mailbox_link(server, email, "/reset-password?token=", count=2)
    referers = []
    page.on("request", lambda request: referers.append(request.headers.get("referer")))
    response = page.goto(link)
    assert response.headers["referrer-policy"] == "no-referrer"
    assert response.headers["cache-control"] == "no-store"
    password = page.get_by_label("New password", exact=True)
    password.fill("short")
    password.blur()
    expect(page.locator("#password-error")).to_have_text("Password must be at least 8 characters")
    password.fill("long enough password")
    page.get_by_label("Confirm new password").fill("something else")
    page.get_by_label("Confirm new password").blur()
    expect(page.locator("#confirm-error")).to_have_text("Passwords do not match")
    shoot(page, "reset-password-errors")
    assert not [referer for referer in referers if referer and "token" in referer], referers  # no request carries the token


def test_sign_up_errors(page, server, shoot):
    page.goto(server.url("/signup"))
    page.get_by_label("Email").fill("bad@address")
    page.get_by_label("Password", exact=True).fill("short")
    page.get_by_label("Confirm password").fill("other")
    page.get_by_label("Confirm password").blur()
    expect(page.locator("#email-error")).to_have_text("Invalid email address")
    expect(page.locator("#password-error")).to_have_text("Password must be at least 8 characters")
    expect(page.locator("#confirm-error")).to_have_text("Passwords do not match")
    shoot(page, "signup-errors")


def test_sign_up_of_a_registered_address_looks_like_any_other(new_page, server):
    registered = confirmed_account(server, "dup")
    texts = []
    for email in (registered, unique_email("fresh")):
        page = new_page()
        sign_up_on_the_page(page, server, email)
        texts.append(re.sub(r"\(\d+s\)", "(Ns)", page.locator("#main").inner_text().replace(email, "ADDRESS")))
    assert texts[0] == texts[1]


def test_change_password_on_the_account_page(page, server, shoot):
    email = confirmed_account(server, "change")
    sign_in(page, server, email)
    page.get_by_label("Current password").fill("not my password")
    page.get_by_label("New password", exact=True).fill("a brand new password")
    page.get_by_label("Confirm new password").fill("a brand new password")
    page.get_by_role("button", name="Change Password").click()
    expect(page.locator("#current-error")).to_have_text("Current password is incorrect")
    expect(page.get_by_label("Current password")).to_be_focused()

    page.get_by_label("Current password").fill(PASSWORD)
    page.get_by_label("New password", exact=True).fill(PASSWORD)
    page.get_by_label("Confirm new password").fill(PASSWORD)
    page.get_by_role("button", name="Change Password").click()
    expect(page.locator("#password-error")).to_have_text("New password should be different from the old password.")

    page.get_by_label("Current password").fill(PASSWORD)
    page.get_by_label("New password", exact=True).fill("a brand new password")
    page.get_by_label("Confirm new password").fill("a brand new password")
    page.get_by_role("button", name="Change Password").click()
    expect(page.locator(".banner-success")).to_contain_text("Your password has been changed.")
    shoot(page, "account-password-changed")

    page.get_by_role("button", name="Sign Out").click()
    expect(page).to_have_url(server.url("/login"))
    sign_in(page, server, email, "a brand new password")


def test_password_change_elsewhere_ends_this_browser(new_page, server):
    email = confirmed_account(server, "elsewhere")
    first, second = new_page(), new_page()
    sign_in(first, server, email)
    sign_in(second, server, email)
    second.get_by_label("Current password").fill(PASSWORD)
    second.get_by_label("New password", exact=True).fill("changed on the other one")
    second.get_by_label("Confirm new password").fill("changed on the other one")
    second.get_by_role("button", name="Change Password").click()
    expect(second.locator(".banner-success")).to_be_visible()
    first.goto(server.url("/account"))
    expect(first).to_have_url(server.url("/login"))
    expect(first.locator(".banner-warning")).to_have_count(0)


@pytest.mark.slow
def test_idle_session_times_out_to_the_banner_unless_remembered(new_page, start_server):
    """GATEHOUSE_JWT_EXPIRY=30: a web session without "Remember me" lapses after 30 s unused."""
    short = start_server(GATEHOUSE_JWT_EXPIRY="30")
    email = confirmed_account(short, "idle")
    forgetful, remembered = new_page(), new_page()
    sign_in(forgetful, short, email)
    sign_in(remembered, short, email, remember=True)
    cookie = next(c for c in remembered.context.cookies() if c["name"] == "gatehouse_session")
    assert cookie["expires"] > time.time() + 29 * 24 * 3600  # "Remember me" persists the cookie
    cookie = next(c for c in forgetful.context.cookies() if c["name"] == "gatehouse_session")
    assert cookie["expires"] == -1  # a session cookie otherwise
    time.sleep(32)
    forgetful.goto(short.url("/account"))
    expect(forgetful).to_have_url(short.url("/login"))
    expect(forgetful.locator(".banner-warning")).to_have_text("You were logged out due to inactivity. Please log in again.")
    remembered.goto(short.url("/account"))
    expect(remembered.locator(".account-email")).to_have_text(email)
