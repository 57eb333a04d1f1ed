"""CSRF on every form, the cookies' attributes, the Content-Security-Policy, no inline script
or style, and `Secure` cookies when the external URL is https. Plain HTTP, no browser."""

from __future__ import annotations

import re

import pytest

from helpers import FormClient, PASSWORD, confirmed_account

PAGES = ["/", "/login", "/signup", "/forgot-password", "/reset-password?token=x", "/_dev/mail"]
FORMS = ["/login", "/signup/create", "/signup/resend", "/forgot-password", "/reset-password", "/account/sign-out", "/account/password",
         "/account/mfa/enroll", "/account/mfa/confirm", "/account/mfa/remove"]
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)


@pytest.mark.parametrize("path", PAGES)
def test_pages_carry_a_strict_policy_and_no_inline_code(server, path):
    answer = FormClient(server).get(path)
    assert answer.headers["Content-Security-Policy"] == CSP
    assert answer.headers["Referrer-Policy"] == "no-referrer"
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert answer.headers["X-Frame-Options"] == "DENY"
    assert answer.headers["Cache-Control"] == "no-store"
    assert not re.search(r"<script(?![^>]*\bsrc=)", answer.body), "inline script"
    assert not re.search(r"\sstyle=", answer.body), "inline style attribute"
    assert "<style" not in answer.body
    assert not re.search(r"\son[a-z]+=", answer.body), "inline event handler"
    assert not re.search(r"\ssrc=\"(https?:)?//", answer.body), "script or image from elsewhere"
    assert not re.search(r"<link[^>]+href=\"(https?:)?//", answer.body), "stylesheet or icon from elsewhere"


def test_assets_are_served_by_gatehouse(server):
    client = FormClient(server)
    body = client.get("/login").body
    for url in re.findall(r'(?:src|href)="(/assets/[^"]+)"', body):
        answer = client.get(url)
        assert answer.status == 200, url
        assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert client.get("/assets/nothing.js").status == 404


@pytest.mark.parametrize("path", FORMS)
def test_every_form_refuses_a_post_without_its_token(server, path):
    client = FormClient(server)
    client.get("/login")  # the CSRF cookie, but no token in the post
    answer = client.post(path, {"email": "someone@example.com", "password": PASSWORD})
    assert answer.status in (403, 303), answer.status
    assert not any(cookie.startswith("gatehouse_session=") and "Max-Age=0" not in cookie for cookie in answer.set_cookies())
    if answer.status == 403:
        assert "This form has expired. Please try again." in answer.body


def test_a_token_from_another_browser_or_a_foreign_origin_is_refused(server):
    email = confirmed_account(server, "csrf")
    mine, theirs = FormClient(server), FormClient(server)
    token = theirs.get("/login").csrf()
    mine.get("/login")
    refused = mine.post("/login", {"csrf": token, "email": email, "password": PASSWORD})
    assert refused.status == 403
    own = mine.get("/login").csrf()
    foreign = mine.post("/login", {"csrf": own, "email": email, "password": PASSWORD}, headers={"Origin": "https://evil.example"})
    assert foreign.status == 403
    accepted = mine.post("/login", {"csrf": own, "email": email, "password": PASSWORD}, headers={"Origin": server.base})
    assert accepted.status == 303
    assert accepted.headers["Location"] == "/account"


def test_session_cookie_attributes_over_http(server):
    email = confirmed_account(server, "cookie")
    client = FormClient(server)
    token = client.get("/login").csrf()
    answer = client.post("/login", {"csrf": token, "email": email, "password": PASSWORD})
    session = next(c for c in answer.set_cookies() if c.startswith("gatehouse_session="))
    assert "HttpOnly" in session and "SameSite=Lax" in session and "Path=/" in session
    assert "Secure" not in session and "Max-Age" not in session
    assert client.get("/account").status == 200
    # The sealed value can be neither read nor altered.
    cookie = client.cookie("gatehouse_session")
    cookie.value = cookie.value[:-2] + ("AA" if not cookie.value.endswith("AA") else "BB")
    assert client.get("/account").status == 303


def test_secure_host_cookies_when_the_external_url_is_https(start_server):
    secure = start_server(GATEHOUSE_EXTERNAL_URL="https://gatehouse.test", GATEHOUSE_AUTOCONFIRM="true")
    status, _ = secure.api("POST", "/signup", {"email": "secure@example.com", "password": PASSWORD})
    assert status == 200
    client = FormClient(secure)
    page = client.get("/login")
    csrf_cookie = next(c for c in page.set_cookies() if c.startswith("__Host-gatehouse_csrf="))
    assert "Secure" in csrf_cookie and "HttpOnly" in csrf_cookie and "SameSite=Lax" in csrf_cookie and "Path=/" in csrf_cookie
    # urllib's cookie jar will not send a Secure cookie over http: post it by hand.
    nonce = csrf_cookie.split(";")[0].split("=", 1)[1]
    answer = client.post(
        "/login", {"csrf": page.csrf(), "email": "secure@example.com", "password": PASSWORD},
        headers={"Cookie": f"__Host-gatehouse_csrf={nonce}"},
    )
    assert answer.status == 303, answer.body[:400]
    session = next(c for c in answer.set_cookies() if c.startswith("__Host-gatehouse_session="))
    assert "Secure" in session and "HttpOnly" in session and "SameSite=Lax" in session and "Path=/" in session
