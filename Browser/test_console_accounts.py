"""The console's accounts in Chromium: an operator finds a user, opens their page,
sends them a recovery email (and sees it in the dev mailbox), bans them (keyboard only) and lifts
the ban, signs them out everywhere and deletes them; the operator's own account refuses the
actions that would lock them out."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from helpers import PASSWORD, confirmed_account
from test_operator_cli import cli


def operator(server, label: str) -> str:
    """A confirmed account promoted with `gatehouse users promote`."""
    email = confirmed_account(server, label)
    promoted = cli(server, "users", "promote", email)
    assert promoted.returncode == 0, promoted.stderr
    return email


def console_sign_in(page, server, email: str) -> None:
    page.goto(server.url("/admin/login"))
    page.get_by_label("Email address").fill(email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page).to_have_url(server.url("/admin"))


def password_sign_in(server, email: str) -> tuple[int, dict]:
    return server.api("POST", "/token?grant_type=password", {"email": email, "password": PASSWORD})


def test_an_operator_finds_a_user_and_acts_on_the_account(page, server, shoot):
    admin = operator(server, "console-accounts")
    member = confirmed_account(server, "member")
    status, session = password_sign_in(server, member)
    assert status == 200, session

    console_sign_in(page, server, admin)
    page.get_by_role("navigation", name="Console").get_by_role("link", name="Accounts").click()
    expect(page).to_have_url(re.compile(r"/admin/accounts"))
    page.get_by_label("Email contains").fill(member.split("@")[0].upper())
    page.get_by_label("Sort by").select_option("last_sign_in")
    page.get_by_role("button", name="Search").click()
    expect(page.locator("#accounts-summary")).to_contain_text("1 account matching")
    expect(page.locator("table.console-table tbody tr")).to_have_count(1)
    shoot(page, "console-accounts")

    page.get_by_role("link", name=member).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(member)
    account_url = page.url
    expect(page.get_by_role("table", name="Active sessions, most recently seen first")).to_contain_text("aal1")
    expect(page.get_by_role("table", name="Latest events, newest first")).to_contain_text("login")
    shoot(page, "console-account")

    # A recovery email, through the outbox, to the dev mailbox.
    page.get_by_role("link", name="Send recovery email…").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Send a password recovery email to {member}?")
    page.get_by_role("button", name="Send recovery email").click()
    expect(page).to_have_url(account_url + "?notice=recovery-sent")
    expect(page.get_by_role("status")).to_contain_text("A recovery email is queued.")
    messages = server.wait_for_messages(member, 2)
    assert messages[0]["subject"].startswith("Reset your"), messages[0]["subject"]

    # Ban, from the keyboard alone: the link, the duration, the button.
    page.get_by_role("link", name="Ban…").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Ban {member}?")
    page.get_by_label("Ban for").focus()
    page.keyboard.press("ArrowDown")
    expect(page.get_by_label("Ban for")).to_have_value("168h")
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Ban account")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page).to_have_url(account_url + "?notice=banned")
    assert password_sign_in(server, member)[0] == 400
    assert server.api("POST", "/token?grant_type=refresh_token", {"refresh_token": session["refresh_token"]})[0] != 200

    page.get_by_role("link", name="Lift ban…").click()
    page.get_by_role("button", name="Lift ban").click()
    expect(page).to_have_url(account_url + "?notice=unbanned")
    status, fresh = password_sign_in(server, member)
    assert status == 200, fresh

    # Signed out everywhere: the new session's refresh token dies.
    page.get_by_role("link", name="Revoke all sessions…").click()
    page.get_by_role("button", name="Sign out everywhere").click()
    expect(page.get_by_role("status")).to_contain_text("Every session of this account has ended.")
    assert server.api("POST", "/token?grant_type=refresh_token", {"refresh_token": fresh["refresh_token"]})[0] != 200
    expect(page.get_by_role("table", name="Latest events, newest first")).to_contain_text("token_revoked")

    # Deleted, after typing the address.
    page.get_by_role("link", name="Delete…").click()
    page.get_by_label(f"Type {member} to confirm").fill("someone-else@example.com")
    page.get_by_role("button", name="Delete account").click()
    expect(page.get_by_role("alert")).to_contain_text("does not match")
    page.get_by_label(f"Type {member} to confirm").fill(member)
    page.get_by_role("button", name="Delete account").click()
    expect(page).to_have_url(server.url("/admin/accounts?notice=deleted"))
    expect(page.get_by_role("status")).to_contain_text("The account is deleted.")
    assert password_sign_in(server, member)[0] == 400


def test_an_operator_cannot_lock_themselves_out(page, server):
    admin = operator(server, "console-self")
    console_sign_in(page, server, admin)
    page.goto(server.url(f"/admin/accounts?q={admin}"))
    page.get_by_role("link", name=admin).click()
    expect(page.get_by_role("link", name="Ban…")).to_have_count(0)
    page.goto(page.url + "/delete")
    expect(page.get_by_role("alert")).to_contain_text("You cannot do this to your own account")
    expect(page.locator("form.console-form")).to_have_count(0)
