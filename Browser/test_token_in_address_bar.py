"""The reset link's token leaves the address bar and the history as soon as the
page has loaded (it lives on in the form), and pages that carry a token send no referrer."""

from __future__ import annotations

from playwright.sync_api import expect

from helpers import confirmed_account, mailbox_link


def test_the_reset_token_moves_from_the_address_bar_into_the_form(page, server):
    email = confirmed_account(server, "addressbar")
    assert server.api("POST", "/recover", {"email": email})[0] == 200
    link = mailbox_link(server, email, "/reset-password?token=", count=2)
    token = link.split("token=", 1)[1]

    response = page.goto(link)
    assert response.headers["referrer-policy"] == "no-referrer"
    expect(page).to_have_url(server.url("/reset-password"))
    assert token not in page.url
    assert page.evaluate("history.length") == 2  # about:blank and this page, no token-bearing entry left
    assert page.evaluate("document.querySelector('input[name=token]').value") == token

    # The form still works with the token it carries.
    page.get_by_label("New password", exact=True).fill("an entirely new password")
    page.get_by_label("Confirm new password").fill("an entirely new password")
    page.get_by_role("button", name="Update Password").click()
    expect(page.get_by_role("heading", name="Password Changed")).to_be_visible()
