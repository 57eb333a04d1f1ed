"""The pages honour two-factor authentication: with a confirmed authenticator app, the password
leads to a code step (no sign-in cookie before the code; wrong codes said, too many codes said);
an aal1 session (its app removed while another remains) is refused "Change Email" with no email
sent, and confirms a code on the account page to change things and turn two-factor off; an
operator removes a user's authenticator app from the console, confirmed and audited."""

from __future__ import annotations

import time

import pyotp
from playwright.sync_api import expect

from helpers import PASSWORD, confirmed_account, sign_in, unique_email
from test_accessibility import audit
from test_account_mfa import wrong_code
from test_console_accounts import console_sign_in, operator

GATE = "Confirm a code from your authenticator app first."


def add_app(page, name: str) -> str:
    """Sets up and confirms an authenticator app on the account page; its key."""
    page.get_by_label("Name (optional)").fill(name)
    page.get_by_role("button", name="Set up an authenticator app").click()
    secret = page.locator("#mfa-secret").inner_text()
    page.get_by_label("6-digit code").fill(pyotp.TOTP(secret).now())
    page.get_by_role("button", name="Confirm", exact=True).click()
    expect(page.locator(".banner-success")).to_contain_text("Two-factor authentication is on.")
    return secret


def next_code(secret: str) -> str:
    """The code of the next 30-second step: the current one was used, and a code works once."""
    return pyotp.TOTP(secret).at(time.time() + 30)


def sign_in_cookie(page):
    return next((c for c in page.context.cookies() if c["name"].endswith("gatehouse_session")), None)


def sign_out(page) -> None:
    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("status")).to_contain_text("You have been signed out.")


def password_step(page, server, email: str) -> None:
    page.goto(server.url("/login"))
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Sign In").click()


def test_the_password_leads_to_the_code_step_and_only_the_code_signs_in(page, server, shoot):
    email = confirmed_account(server, "code-step")
    sign_in(page, server, email)
    secret = add_app(page, "Phone")
    sign_out(page)

    password_step(page, server, email)
    expect(page).to_have_url(server.url("/login/code"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Enter your code")
    expect(page.get_by_label("6-digit code")).to_be_focused()
    assert sign_in_cookie(page) is None, page.context.cookies()
    shoot(page, "login-code")
    audit(page, "login code step")
    # The step's cookie opens nothing.
    page.goto(server.url("/account"))
    expect(page).to_have_url(server.url("/login"))

    page.goto(server.url("/login/code"))
    page.get_by_label("6-digit code").fill(wrong_code(secret))
    page.get_by_role("button", name="Verify").click()
    expect(page.locator("#code-error")).to_have_text(
        "That code is not right. Check the time on your device and try the newest code."
    )
    expect(page.get_by_label("6-digit code")).to_be_focused()
    audit(page, "login code step with a wrong code")
    assert sign_in_cookie(page) is None

    page.get_by_label("6-digit code").fill(next_code(secret))
    page.get_by_role("button", name="Verify").click()
    expect(page).to_have_url(server.url("/account"))
    assert sign_in_cookie(page) is not None
    # The session is aal2: no code is asked for, and the app can be removed at once.
    expect(page.get_by_role("heading", name="Confirm with your authenticator app")).to_have_count(0)
    page.get_by_role("button", name="Remove Phone").click()
    expect(page.locator(".mfa-none")).to_have_text("Two-factor authentication is off.")


def test_too_many_codes_are_refused_and_said(page, start_server):
    server = start_server(GATEHOUSE_MFA_VERIFY_ATTEMPTS="2")
    email = confirmed_account(server, "code-budget")
    sign_in(page, server, email)
    secret = add_app(page, "Phone")
    sign_out(page)
    password_step(page, server, email)
    expect(page).to_have_url(server.url("/login/code"))
    for _ in range(2):
        page.get_by_label("6-digit code").fill(wrong_code(secret))
        page.get_by_role("button", name="Verify").click()
        expect(page.locator("#code-error")).to_contain_text("That code is not right.")
    page.get_by_label("6-digit code").fill(next_code(secret))
    page.get_by_role("button", name="Verify").click()
    expect(page.locator(".error-summary")).to_contain_text("Too many codes were tried. Please wait before trying again.")
    expect(page).to_have_url(server.url("/login/code"))
    assert sign_in_cookie(page) is None

    page.get_by_role("button", name="Cancel sign-in").click()
    expect(page).to_have_url(server.url("/login"))
    page.goto(server.url("/login/code"))
    expect(page).to_have_url(server.url("/login"))


def test_with_two_apps_the_code_step_asks_which_one(page, server, shoot):
    email = confirmed_account(server, "two-apps")
    sign_in(page, server, email)
    add_app(page, "Phone")
    tablet = add_app(page, "Tablet")
    sign_out(page)
    password_step(page, server, email)
    choice = page.get_by_role("group", name="Which authenticator app?")
    expect(choice.get_by_role("radio", name="Phone")).to_be_checked()
    shoot(page, "login-code-choice")
    audit(page, "login code step with a choice of apps")
    choice.get_by_role("radio", name="Tablet").check()
    page.get_by_label("6-digit code").fill(next_code(tablet))
    page.get_by_role("button", name="Verify").click()
    expect(page).to_have_url(server.url("/account"))


def test_an_aal1_session_is_refused_change_email_and_confirms_a_code_to_turn_two_factor_off(page, server, shoot):
    email = confirmed_account(server, "aal1-page")
    target = unique_email("aal1-target")
    sign_in(page, server, email)
    kept = add_app(page, "Kept")
    add_app(page, "Dropped")
    # Removing the app that raised the session drops it to aal1; "Kept" stays confirmed.
    page.get_by_role("button", name="Remove Dropped").click()
    expect(page.locator(".banner-success")).to_contain_text("The authenticator app was removed.")

    page.get_by_label("New email address").fill(target)
    page.get_by_role("button", name="Change Email").click()
    expect(page.locator("#email-error")).to_have_text(GATE)
    expect(page.locator(".hint[role=status]")).to_have_count(0)  # no "waiting for confirmation"
    expect(page.get_by_role("heading", name="Confirm with your authenticator app")).to_be_visible()
    shoot(page, "account-step-up")
    audit(page, "account page with the step-up")
    page.get_by_role("button", name="Remove Kept").click()
    expect(page.locator(".error-summary")).to_contain_text(GATE)

    page.get_by_label("6-digit code").fill(wrong_code(kept))
    page.get_by_role("button", name="Confirm code").click()
    expect(page.locator("#step-up-code-error")).to_contain_text("That code is not right.")
    page.get_by_label("6-digit code").fill(next_code(kept))
    page.get_by_role("button", name="Confirm code").click()
    expect(page.locator(".banner-success").first).to_contain_text("Code confirmed.")
    expect(page.get_by_role("heading", name="Confirm with your authenticator app")).to_have_count(0)

    page.get_by_label("New email address").fill(target)
    page.get_by_role("button", name="Change Email").click()
    expect(page.locator(".banner-success").first).to_contain_text(f"We sent confirmation links to {target}")
    # One email to the new address: the one of the aal2 request (the outbox sends in order).
    messages = server.wait_for_messages(target, 1)
    assert len(messages) == 1, messages

    page.get_by_role("button", name="Remove Kept").click()
    expect(page.locator(".mfa-none")).to_have_text("Two-factor authentication is off.")


def test_an_operator_removes_a_users_authenticator_app_from_the_console(page, new_page, server):
    admin = operator(server, "console-factor")
    member = confirmed_account(server, "factor-member")
    own = new_page()
    sign_in(own, server, member)
    add_app(own, "Work phone")

    console_sign_in(page, server, admin)
    page.goto(server.url(f"/admin/accounts?q={member}"))
    page.get_by_role("link", name=member).click()
    account_url = page.url
    audit(page, "console account with an authenticator app")
    page.get_by_role("link", name="Remove “Work phone”…").click()
    audit(page, "console factor removal")
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Remove the authenticator app “Work phone” from {member}?")
    page.get_by_role("button", name="Remove authenticator app").click()
    expect(page).to_have_url(account_url + "?notice=factor-removed")
    expect(page.get_by_role("status")).to_contain_text("The authenticator app is removed.")
    expect(page.get_by_role("table", name="Latest events, newest first")).to_contain_text("factor_unenrolled")

    # The user signs in with the password alone now.
    sign_out(own)
    sign_in(own, server, member)
