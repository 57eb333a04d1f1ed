"""Steps several tests share."""

from __future__ import annotations

import urllib.parse

from playwright.sync_api import expect

from gatehouse_web import GatehouseProcess, unique_email

PASSWORD = "correct horse battery"


def confirmed_account(server: GatehouseProcess, label: str, password: str = PASSWORD) -> str:
    """A registered, confirmed address: signed up through the API, confirmed through the email's code."""
    email = unique_email(label)
    status, _ = server.api("POST", "/signup", {"email": email, "password": password})
    assert status == 200, status
    message = server.wait_for_messages(email, 1)[0]
    code = next(word for word in message["text"].split() if word.isdigit() and len(word) == 6)
    status, body = server.api("POST", "/verify", {"type": "signup", "email": email, "token": code})
    assert status == 200, body
    return email


def sign_in(page, server: GatehouseProcess, email: str, password: str = PASSWORD, remember: bool = False) -> None:
    page.goto(server.url("/login"))
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill(password)
    if remember:
        page.get_by_label("Remember me").check()
    page.get_by_role("button", name="Sign In").click()
    expect(page).to_have_url(server.url("/account"))


def mailbox_link(server: GatehouseProcess, email: str, contains: str, count: int = 1) -> str:
    """The newest link containing `contains` in the mail to `email` (JSON API of the dev mailbox)."""
    messages = server.wait_for_messages(email, count)
    for word in messages[0]["text"].split():
        if contains in word:
            return word
    raise AssertionError(f"no link with {contains!r} in {messages[0]['text']!r}")


def quoted(email: str) -> str:
    return urllib.parse.quote(email)
