"""The whole journey in one browser: sign up, confirm from the dev mailbox (which signs in), sign out,
forgot password, open the reset link from the mailbox, set a new password, sign in with it."""

from __future__ import annotations

import re
import urllib.parse

from playwright.sync_api import expect

from helpers import unique_email

OLD_PASSWORD = "correct horse battery"
NEW_PASSWORD = "staple gun 2 lantern"


def open_latest_link(page, server, email: str, contains: str) -> str:
    """Opens the dev mailbox page for `email` and follows the newest link containing `contains`."""
    page.goto(server.url("/_dev/mail?to=" + urllib.parse.quote(email)))
    link = page.locator("li.message").first.locator(f"a[href*='{contains}']").first
    expect(link).to_be_visible()
    href = link.get_attribute("href")
    link.click()
    return href


def test_sign_up_confirm_sign_in_out_forgot_reset_sign_in(page, server, shoot):
    email = unique_email("journey")

    # Welcome → sign up.
    page.goto(server.url("/"))
    expect(page.get_by_role("heading", level=1)).to_contain_text("Gatehouse")
    shoot(page, "welcome")
    page.get_by_role("link", name="Create Account").click()
    expect(page).to_have_url(server.url("/signup"))
    expect(page.get_by_role("heading", name="Create Account")).to_be_visible()
    shoot(page, "signup")

    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill(OLD_PASSWORD)
    page.get_by_label("Confirm password").fill(OLD_PASSWORD)
    page.get_by_role("button", name="Create Account").click()
    expect(page.get_by_role("heading", name="Check Your Email")).to_be_visible()
    expect(page.locator(".success-box")).to_contain_text(email)
    shoot(page, "signup-sent")

    # The confirmation email, read from the dev mailbox page; its link lands on the login page.
    server.wait_for_messages(email, 1)
    page.goto(server.url("/_dev/mail?to=" + urllib.parse.quote(email)))
    expect(page.locator("li.message")).to_have_count(1)
    shoot(page, "dev-mailbox")
    confirm = open_latest_link(page, server, email, "/verify")
    assert "type=signup" in confirm
    # The link opens a page with one button (a mail scanner's visit spends nothing); its press confirms.
    expect(page.get_by_role("heading", name="Confirm your email address")).to_be_visible()
    shoot(page, "verify-link")
    page.get_by_role("button", name="Confirm and continue").click()
    # The browser that signed up is signed in by its confirmation (in another browser the link
    # only confirms, with the address filled in on the login page: test_page_dead_ends.py).
    expect(page).to_have_url(server.url("/account"))
    expect(page.locator(".account-email")).to_have_text(email)
    shoot(page, "account")

    # Sign out.
    page.get_by_role("button", name="Sign Out").click()
    expect(page).to_have_url(server.url("/login"))
    expect(page.locator(".banner-success")).to_have_text("You have been signed out.")
    page.goto(server.url("/account"))
    expect(page).to_have_url(server.url("/login"))

    # Forgot password, from the login page: the typed address comes along.
    page.get_by_label("Email").fill(email)
    page.get_by_role("link", name="Forgot password?").click()
    expect(page).to_have_url(server.url("/forgot-password"))
    expect(page.get_by_role("heading", name="Reset Your Password")).to_be_visible()
    expect(page.get_by_label("Email")).to_have_value(email)
    shoot(page, "forgot-password")
    page.get_by_role("button", name="Send Reset Link").click()
    expect(page.get_by_role("heading", name="Check Your Email")).to_be_visible()
    expect(page.locator(".success-box")).to_contain_text(f"If an account exists for {email}, a reset link is on its way")
    expect(page.locator(".success-box")).to_contain_text("Link expires in 1 hour.")
    resend = page.get_by_role("button", name=re.compile("Send Another Email"))
    expect(resend).to_be_disabled()
    expect(resend).to_have_text(re.compile(r"Send Another Email \(\d+s\)"))
    shoot(page, "forgot-password-sent")

    # The reset email, from the mailbox page; the link opens the reset page.
    messages = server.wait_for_messages(email, 2)
    reset_href = open_latest_link(page, server, email, "/reset-password?token=")
    token = urllib.parse.parse_qs(urllib.parse.urlparse(reset_href).query)["token"][0]
    expect(page.get_by_role("heading", name="Choose a New Password")).to_be_visible()
    shoot(page, "reset-password")
    page.get_by_label("New password", exact=True).fill(NEW_PASSWORD)
    page.get_by_label("Confirm new password").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Update Password").click()
    expect(page.get_by_role("heading", name="Password Changed")).to_be_visible()
    expect(page.locator(".success-box")).to_contain_text("Your password has been changed.")
    shoot(page, "reset-password-done")

    # The link is spent now: it only says it is invalid or expired.
    page.goto(reset_href)
    expect(page.locator(".error-summary")).to_contain_text("This link is invalid or has expired")

    # Sign in: the old password no longer works, the new one does.
    page.goto(server.url("/login"))
    expect(page.get_by_label("Email")).to_have_value(email)
    page.get_by_label("Password", exact=True).fill(OLD_PASSWORD)
    page.get_by_role("button", name="Sign In").click()
    expect(page.locator(".error-summary")).to_contain_text("Invalid email or password")
    page.get_by_label("Password", exact=True).fill(NEW_PASSWORD)
    page.get_by_role("button", name="Sign In").click()
    expect(page).to_have_url(server.url("/account"))
    expect(page.locator(".account-email")).to_have_text(email)

    # No token ever reached the server's log.
    log = server.log_text()
    assert token not in log
    assert "token=" not in log
    assert all(message["to"] == email for message in messages)
