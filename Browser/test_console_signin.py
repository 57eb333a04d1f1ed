"""The admin console in Chromium: an operator signs in (and gives a TOTP code when
the account has one), reads the events, signs out; a non-operator is refused with the same text
as a wrong password; an idle console session sends the browser back to the sign-in; forged
form posts are refused; the navigation works from the keyboard alone."""

from __future__ import annotations

import re
import time

import pyotp
from playwright.sync_api import expect

from helpers import PASSWORD, confirmed_account, sign_in
from test_operator_cli import cli

REFUSAL = "Those details do not open the console. Check the email address and password and try again."


def operator(server, label: str) -> str:
    """A confirmed account promoted with `gatehouse users promote`."""
    email = confirmed_account(server, label)
    promoted = cli(server, "users", "promote", email)
    assert promoted.returncode == 0, promoted.stderr
    return email


def console_sign_in(page, server, email: str, password: str = PASSWORD) -> None:
    page.goto(server.url("/admin/login"))
    page.get_by_label("Email address").fill(email)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()


def test_an_operator_signs_in_reads_the_events_and_signs_out(page, server, shoot):
    email = operator(server, "console")
    page.goto(server.url("/admin"))
    expect(page).to_have_url(server.url("/admin/login"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Console sign-in")
    shoot(page, "console-login")

    console_sign_in(page, server, email)
    expect(page).to_have_url(server.url("/admin"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Overview")
    expect(page.get_by_role("navigation", name="Console").get_by_role("link", name="Overview")).to_have_attribute(
        "aria-current", "page")

    page.get_by_role("link", name="Events").click()
    expect(page).to_have_url(server.url("/admin/events"))
    expect(page.locator("table.console-table")).to_contain_text("method: console")
    page.get_by_label("Action").select_option("login")
    page.get_by_label("Email").fill(email)
    page.get_by_role("button", name="Filter").click()
    expect(page).to_have_url(re.compile(r"/admin/events\?.*action=login"))
    expect(page.locator("table.console-table tbody tr").first).to_contain_text(email)
    shoot(page, "console-events")

    page.get_by_role("button", name="Sign out").click()
    expect(page).to_have_url(server.url("/admin/login?notice=signed-out"))
    expect(page.get_by_role("status")).to_have_text("You have signed out of the console.")
    page.goto(server.url("/admin/events"))
    expect(page).to_have_url(server.url("/admin/login"))


def test_a_non_operator_is_refused_with_the_same_text_as_a_wrong_password(page, server):
    ordinary = confirmed_account(server, "not-operator")
    console_sign_in(page, server, ordinary)
    expect(page.get_by_role("alert")).to_have_text(REFUSAL)
    admin = operator(server, "console-wrong")
    console_sign_in(page, server, admin, "not-the-password-1")
    expect(page.get_by_role("alert")).to_have_text(REFUSAL)
    page.goto(server.url("/admin"))
    expect(page).to_have_url(server.url("/admin/login"))


def test_an_operator_with_an_authenticator_app_gives_its_code(page, server, shoot):
    email = operator(server, "console-totp")
    # Turn on two-step verification on the account page, as the operator would.
    sign_in(page, server, email)
    page.get_by_role("button", name="Set up an authenticator app").click()
    secret = page.locator("#mfa-secret").inner_text()
    totp = pyotp.TOTP(secret)
    page.get_by_label("6-digit code").fill(totp.now())
    page.get_by_role("button", name="Confirm").click()
    expect(page.locator(".banner-success")).to_contain_text("Two-factor authentication is on.")

    console_sign_in(page, server, email)
    expect(page).to_have_url(server.url("/admin/login/factor"))
    page.goto(server.url("/admin/events"))
    expect(page).to_have_url(server.url("/admin/login/factor"))
    shoot(page, "console-factor")
    wrong = next(f"{n:06d}" for n in range(1000) if f"{n:06d}" not in {totp.at(time.time() + d) for d in (-60, -30, 0, 30, 60)})
    page.get_by_label("Authentication code").fill(wrong)
    page.get_by_role("button", name="Verify").click()
    expect(page.get_by_role("alert")).to_contain_text("That code is not right.")

    # Each time step's code works once: wait for the step after the one enrolment used (≤ 31 s).
    time.sleep(30 - time.time() % 30 + 1)
    page.get_by_label("Authentication code").fill(totp.now())
    page.get_by_role("button", name="Verify").click()
    expect(page).to_have_url(server.url("/admin"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Overview")


def test_an_idle_console_session_goes_back_to_the_sign_in(new_page, start_server):
    server = start_server(GATEHOUSE_ADMIN_CONSOLE_IDLE_TIMEOUT="5")
    email = operator(server, "console-idle")
    page = new_page()
    console_sign_in(page, server, email)
    expect(page).to_have_url(server.url("/admin"))
    time.sleep(6.5)
    page.get_by_role("link", name="Events").click()
    expect(page).to_have_url(server.url("/admin/login?reason=timeout"))
    expect(page.get_by_role("status")).to_have_text("Your console session has ended. Sign in again to continue.")


def test_forged_form_posts_are_refused(page, server):
    email = operator(server, "console-csrf")
    console_sign_in(page, server, email)
    expect(page).to_have_url(server.url("/admin"))
    token = page.locator("input[name=csrf]").first.get_attribute("value")
    # The browser's own cookies, a made-up token: refused, nothing done.
    forged = page.request.post(server.url("/admin/logout"), form={"csrf": "forged"}, max_redirects=0)
    assert forged.status == 403 and "Form expired" in forged.text()
    # The right token, but posted from another site's page.
    foreign = page.request.post(
        server.url("/admin/logout"), form={"csrf": token}, headers={"Origin": "https://evil.example"}, max_redirects=0)
    assert foreign.status == 403
    # No token at all on the sign-in form.
    bare = page.request.post(server.url("/admin/login"), form={"email": email, "password": PASSWORD}, max_redirects=0)
    assert bare.status == 403 and "This form has expired" in bare.text()
    # Still signed in.
    page.goto(server.url("/admin/events"))
    expect(page).to_have_url(server.url("/admin/events"))


def test_the_navigation_works_from_the_keyboard(page, server):
    email = operator(server, "console-keys")
    console_sign_in(page, server, email)
    expect(page).to_have_url(server.url("/admin"))

    def focused() -> str:
        return page.evaluate("document.activeElement.textContent.trim()")

    page.keyboard.press("Tab")
    assert focused() == "Skip to main content"
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"
    expected = ["Overview", "Accounts", "Events", "Mail", "Sign Out"]
    seen = []
    for _ in expected:
        page.keyboard.press("Tab")
        seen.append(focused())
        assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none", seen
    assert seen == expected
    # Back to Events and open it with Enter.
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    assert focused() == "Events"
    page.keyboard.press("Enter")
    expect(page).to_have_url(server.url("/admin/events"))
    # The skip link moves focus to the main content.
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "main"
