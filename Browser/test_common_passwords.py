"""Common passwords in Chromium, JavaScript on: a common password typed on the sign-up page and the
account page's password change is refused by the server under the password field with "This
password is too common. Choose another.", and nothing changes."""

from __future__ import annotations

from playwright.sync_api import expect

from helpers import PASSWORD, confirmed_account, sign_in, unique_email

TOO_COMMON = "This password is too common. Choose another."


def test_sign_up_with_a_common_password(page, server):
    page.goto(server.url("/signup"))
    page.get_by_label("Email").fill(unique_email("common"))
    page.get_by_label("Password", exact=True).fill("password123")
    page.get_by_label("Confirm password").fill("password123")
    page.get_by_role("button", name="Create Account").click()
    expect(page.locator("#password-error")).to_have_text(TOO_COMMON)
    expect(page.get_by_role("heading", name="Check Your Email")).to_have_count(0)


def test_account_password_change_to_a_common_password(page, server):
    email = confirmed_account(server, "common-change")
    sign_in(page, server, email)
    page.get_by_label("Current password").fill(PASSWORD)
    page.get_by_label("New password", exact=True).fill("iloveyou")
    page.get_by_label("Confirm new password").fill("iloveyou")
    page.get_by_role("button", name="Change Password").click()
    expect(page.locator("#password-error")).to_have_text(TOO_COMMON)
    expect(page.locator(".banner-success")).to_have_count(0)
