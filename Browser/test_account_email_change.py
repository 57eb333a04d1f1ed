"""The account page's "Change Email" form: errors, the confirmation notice,
both emailed links confirmed in the browser, then the new address signs in. CSRF is checked like
the password form's."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from helpers import PASSWORD, FormClient, confirmed_account, sign_in, unique_email

NEW_SUBJECT = "Confirm your new Gatehouse email address"
CURRENT_SUBJECT = "Confirm the change of your Gatehouse email address"


def link_with_subject(server, email: str, subject: str) -> str:
    messages = server.wait_for_messages(email, 1)
    for _ in range(50):
        found = [m for m in server.messages(email) if m["subject"] == subject]
        if found:
            match = re.search(r"https?://\S+type=email_change\S*", found[0]["text"])
            assert match, found[0]["text"]
            return match.group(0)
        server.wait_for_messages(email, len(messages) + 1)
    raise AssertionError(f"no {subject!r} to {email}")


def test_change_email_on_the_account_page(page, server, shoot):
    old = confirmed_account(server, "change-email")
    taken = confirmed_account(server, "taken-email")
    new = unique_email("new-email")
    sign_in(page, server, old)

    field = page.get_by_label("New email address")
    button = page.get_by_role("button", name="Change Email")
    field.fill(old)
    button.click()
    expect(page.locator("#email-error")).to_have_text("This is already your email address")
    page.get_by_label("New email address").fill(taken)
    page.get_by_role("button", name="Change Email").click()
    expect(page.locator("#email-error")).to_have_text("This email address belongs to another account")

    page.get_by_label("New email address").fill(new)
    page.get_by_role("button", name="Change Email").click()
    expect(page.locator(".banner-success")).to_contain_text(f"We sent confirmation links to {new} and to {old}")
    expect(page.locator("#main")).to_contain_text(f"Waiting for confirmation of your new address, {new}")
    expect(page.locator(".account-email")).to_have_text(old)
    shoot(page, "account-email-change-sent")

    # Both emailed links, opened and confirmed in the browser (the page's button spends them).
    for address, subject in ((old, CURRENT_SUBJECT), (new, NEW_SUBJECT)):
        page.goto(link_with_subject(server, address, subject))
        page.get_by_role("button", name="Confirm the change").click()
        page.wait_for_load_state()

    page.goto(server.url("/account"))
    page.get_by_role("button", name="Sign Out").click()
    expect(page).to_have_url(server.url("/login"))
    sign_in(page, server, new)
    expect(page.locator(".account-email")).to_have_text(new)
    expect(page.locator("#main")).not_to_contain_text("Waiting for confirmation")


def test_the_email_form_needs_its_csrf_token(server):
    email = confirmed_account(server, "email-csrf")
    client = FormClient(server)
    origin = {"Origin": server.base}
    token = client.get("/login").csrf()
    assert client.post("/login", {"csrf": token, "email": email, "password": PASSWORD}, headers=origin).status == 303
    new = unique_email("csrf-new")
    refused = client.post("/account/email", {"email": new, "csrf": "not-the-token"}, headers=origin)
    assert refused.status == 403, refused.status
    assert "This form has expired. Please try again." in refused.body
    own = client.get("/account").csrf()
    foreign = client.post("/account/email", {"email": new, "csrf": own}, headers={"Origin": "https://evil.example"})
    assert foreign.status == 403, foreign.status
    accepted = client.post("/account/email", {"email": new, "csrf": own}, headers=origin)
    assert accepted.status == 200 and f"We sent confirmation links to {new}" in accepted.body, accepted.status
