"""With JavaScript off the pages are plain forms: the server validates with the same rules and
answers with the same texts, and the whole recovery flow still works. The client-side checks
agree with the server's on a list of tricky addresses."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from helpers import unique_email, PASSWORD, confirmed_account, mailbox_link

ADDRESSES = [
    "user@example.com", "user+tag@example.co.uk", "first.last@sub.example.org", "a@b.cd", " padded@example.com ",
    "UPPER@EXAMPLE.COM", "user@example", "user@.com", "@example.com", "user@@example.com", "user@exam_ple.com",
    "user@example.c", "user@example.c0m", "us er@example.com", "user@example.com.", "ünï@example.com", "user@-example.com",
    "x" * 250 + "@ex.com",
]


@pytest.fixture
def plain_page(new_page):
    return new_page(java_script_enabled=False)


def test_login_errors_come_from_the_server(plain_page, server, shoot):
    page = plain_page
    page.goto(server.url("/login"))
    page.get_by_role("button", name="Sign In").click()
    expect(page.locator(".error-summary")).to_contain_text("Email and password are required")
    expect(page.locator("#email-error")).to_have_text("Email is required")
    page.get_by_label("Email").fill("notanemail")
    page.get_by_label("Password", exact=True).fill("short")
    page.get_by_role("button", name="Sign In").click()
    expect(page.locator("#email-error")).to_have_text("Invalid email address")
    expect(page.locator("#password-error")).to_have_text("Password must be at least 8 characters")
    expect(page.get_by_label("Email")).to_be_focused()  # autofocus on the first field in error
    shoot(page, "login-errors-without-javascript")
    page.get_by_label("Email").fill("nobody@example.com")
    page.get_by_label("Password", exact=True).fill("long enough password")
    page.get_by_role("button", name="Sign In").click()
    expect(page.locator(".error-summary")).to_contain_text("Invalid email or password")


def test_recovery_flow_without_javascript(plain_page, server):
    page = plain_page
    email = confirmed_account(server, "nojs")
    page.goto(server.url("/forgot-password"))
    page.get_by_label("Email").fill(email)
    page.get_by_role("button", name="Send Reset Link").click()
    expect(page.locator(".success-box")).to_contain_text(email)
    # No script, no countdown: pressing early is answered by the server.
    page.get_by_role("button", name="Send Another Email").click()
    expect(page.locator("#resend-status")).to_have_text("Already sent, check inbox")
    page.goto(mailbox_link(server, email, "/reset-password?token=", count=2))
    page.get_by_label("New password", exact=True).fill("new password here")
    page.get_by_label("Confirm new password").fill("does not match")
    page.get_by_role("button", name="Update Password").click()
    expect(page.locator("#confirm-error")).to_have_text("Passwords do not match")
    page.get_by_label("New password", exact=True).fill("new password here")
    page.get_by_label("Confirm new password").fill("new password here")
    page.get_by_role("button", name="Update Password").click()
    expect(page.get_by_role("heading", name="Password Changed")).to_be_visible()
    page.get_by_role("link", name="Sign In").click()
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill("new password here")
    page.get_by_role("button", name="Sign In").click()
    expect(page).to_have_url(server.url("/account"))
    page.get_by_role("button", name="Sign Out").click()
    expect(page.locator(".banner-success")).to_have_text("You have been signed out.")


def test_sign_up_without_javascript(plain_page, server):
    page = plain_page
    email = unique_email("nojs-signup")
    page.goto(server.url("/signup"))
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Confirm password").fill("different password")
    page.get_by_role("button", name="Create Account").click()
    expect(page.locator("#confirm-error")).to_have_text("Passwords do not match")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Confirm password").fill(PASSWORD)
    page.get_by_role("button", name="Create Account").click()
    expect(page.get_by_role("heading", name="Check Your Email")).to_be_visible()


def test_client_and_server_agree_on_addresses(new_page, server):
    scripted, plain = new_page(), new_page(java_script_enabled=False)
    disagreements = []
    for address in ADDRESSES:
        scripted.goto(server.url("/login"))
        scripted.get_by_label("Email").fill(address)
        scripted.get_by_label("Email").blur()
        client_says = scripted.locator("#email-error").text_content()
        plain.goto(server.url("/login"))
        plain.get_by_label("Email").fill(address)
        plain.get_by_label("Password", exact=True).fill("long enough password")
        plain.get_by_role("button", name="Sign In").click()
        server_says = plain.locator("#email-error").text_content()
        if client_says != server_says:
            disagreements.append((address, client_says, server_says))
    assert not disagreements


@pytest.mark.parametrize("password", ["1234567", "8charsok", "\u00e9" * 8, "\U0001F600" * 7, "\U0001F600" * 8, "a" * 72, "a" * 73, "\u00e9" * 37])
def test_client_and_server_agree_on_passwords(new_page, server, password):
    scripted, plain = new_page(), new_page(java_script_enabled=False)
    scripted.goto(server.url("/signup"))
    scripted.get_by_label("Password", exact=True).fill(password)
    scripted.get_by_label("Password", exact=True).blur()
    client_says = scripted.locator("#password-error").text_content()
    plain.goto(server.url("/signup"))
    plain.get_by_label("Email").fill("not-sent@example.com")
    plain.get_by_label("Password", exact=True).fill(password)
    plain.get_by_role("button", name="Create Account").click()
    server_says = plain.locator("#password-error").text_content()
    assert client_says == server_says
