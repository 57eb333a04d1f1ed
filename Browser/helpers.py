"""Steps several tests share, and the suite's view of a server: the shared harness's
`GatehouseServer` (Conformance/gatehouse_server.py) plus the dev mailbox's JSON API, plain API
calls and a cookie-keeping form client."""

from __future__ import annotations

import http.cookiejar
import json
import re
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass

from playwright.sync_api import expect

from gatehouse_server import GatehouseServer

PASSWORD = "correct horse battery"
MAIL_TIMEOUT = 15.0


def unique_email(label: str) -> str:
    return f"{label}-{uuid.uuid4().hex[:10]}@example.com"


class WebServer(GatehouseServer):
    """A server of the browser suite: the pages are on the root mount."""

    @property
    def base(self) -> str:
        return self.root_url

    # ----- the dev mailbox's JSON API --------------------------------------------------------

    def messages(self, to: str) -> list[dict]:
        query = urllib.parse.urlencode({"to": to})
        with urllib.request.urlopen(self.url(f"/_dev/mail/api/messages?{query}"), timeout=5) as response:
            return json.load(response)["messages"]

    def wait_for_messages(self, to: str, count: int = 1, timeout: float = MAIL_TIMEOUT) -> list[dict]:
        deadline = time.monotonic() + timeout
        while True:
            messages = self.messages(to)
            if len(messages) >= count or time.monotonic() > deadline:
                assert len(messages) >= count, f"expected {count} message(s) to {to}, found {len(messages)}"
                return messages
            time.sleep(0.2)

    # ----- plain HTTP (no browser) --------------------------------------------------------------

    def api(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url(path), data=data, method=method, headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.loads(response.read() or b"{}")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"{}")


def confirmed_account(server: WebServer, label: str, password: str = PASSWORD) -> str:
    """A registered, confirmed address: signed up through the API, confirmed through the email's code."""
    email = unique_email(label)
    status, _ = server.api("POST", "/signup", {"email": email, "password": password})
    assert status == 200, status
    message = server.wait_for_messages(email, 1)[0]
    code = next(word for word in message["text"].split() if word.isdigit() and len(word) == 6)
    status, body = server.api("POST", "/verify", {"type": "signup", "email": email, "token": code})
    assert status == 200, body
    return email


def sign_in(page, server: WebServer, email: str, password: str = PASSWORD, remember: bool = False) -> None:
    page.goto(server.url("/login"))
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill(password)
    if remember:
        page.get_by_label("Remember me").check()
    page.get_by_role("button", name="Sign In").click()
    expect(page).to_have_url(server.url("/account"))


def sign_up_on_the_page(page, server: WebServer, email: str, password: str = PASSWORD) -> str:
    """Creates an account through the sign-up page, up to its "Check Your Email" state."""
    page.goto(server.url("/signup"))
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_label("Confirm password").fill(password)
    page.get_by_role("button", name="Create Account").click()
    expect(page.get_by_role("heading", name="Check Your Email")).to_be_visible()
    return email


def mailbox_link(server: WebServer, email: str, contains: str, count: int = 1) -> str:
    """The newest link containing `contains` in the mail to `email` (JSON API of the dev mailbox)."""
    messages = server.wait_for_messages(email, count)
    for word in messages[0]["text"].split():
        if contains in word:
            return word
    raise AssertionError(f"no link with {contains!r} in {messages[0]['text']!r}")


def quoted(email: str) -> str:
    return urllib.parse.quote(email)


class FormClient:
    """A cookie-keeping HTTP client that posts the pages' forms without a browser."""

    def __init__(self, server: WebServer):
        self.server = server
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect())

    def get(self, path: str) -> "Answer":
        return self._send(urllib.request.Request(self.server.url(path)))

    def post(self, path: str, fields: dict[str, str], headers: dict[str, str] | None = None) -> "Answer":
        data = urllib.parse.urlencode(fields).encode()
        request = urllib.request.Request(
            self.server.url(path), data=data, method="POST",
            headers={"Content-Type": "application/x-www-form-urlencoded", **(headers or {})},
        )
        return self._send(request)

    def _send(self, request) -> "Answer":
        try:
            response = self.opener.open(request, timeout=10)
        except urllib.error.HTTPError as error:
            response = error
        body = response.read().decode("utf-8", "replace")
        return Answer(response.status, response.headers, body)

    def cookie(self, name: str):
        return next((c for c in self.jar if c.name == name), None)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


@dataclass
class Answer:
    status: int
    headers: object
    body: str

    def csrf(self) -> str:
        match = re.search(r'name="csrf" value="([^"]+)"', self.body)
        assert match, "no CSRF field in the page"
        return match.group(1)

    def set_cookies(self) -> list[str]:
        return self.headers.get_all("Set-Cookie") or []
