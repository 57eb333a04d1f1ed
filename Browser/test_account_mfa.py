"""The account page's two-factor section: set up an authenticator app (QR code and key shown),
a wrong code refused, the right one (computed here from the key, RFC 6238) turns it on, then
remove it; a new sign-in with the password alone does not reach the page."""

from __future__ import annotations

import time

import pyotp
from playwright.sync_api import expect

from helpers import PASSWORD, FormClient, confirmed_account, sign_in


def wrong_code(secret: str) -> str:
    totp = pyotp.TOTP(secret)
    accepted = {totp.at(time.time() + delta) for delta in (-60, -30, 0, 30, 60)}
    return next(code for code in (f"{n:06d}" for n in range(1000)) if code not in accepted)


def test_enrol_confirm_and_remove_an_authenticator_app(page, server, shoot):
    email = confirmed_account(server, "mfa")
    sign_in(page, server, email)
    expect(page.locator("#mfa-title")).to_have_text("Two-factor authentication")
    expect(page.locator(".mfa-none")).to_have_text("Two-factor authentication is off.")

    page.get_by_label("Name (optional)").fill("My phone")
    page.get_by_role("button", name="Set up an authenticator app").click()
    qr = page.get_by_role("img", name="QR code for your authenticator app")
    expect(qr).to_be_visible()
    assert qr.locator("svg path").count() == 1
    secret = page.locator("#mfa-secret").inner_text()
    assert len(secret) == 32
    expect(page.locator(".mfa-factor")).to_contain_text("My phone")
    expect(page.locator(".mfa-factor")).to_contain_text("Not confirmed yet")
    shoot(page, "account-mfa-setup")

    page.get_by_label("6-digit code").fill(wrong_code(secret))
    page.get_by_role("button", name="Confirm").click()
    expect(page.locator("#mfa-code-error")).to_have_text(
        "That code is not right. Check the time on your device and try the newest code."
    )
    # The same setup is shown again, with the same key.
    expect(page.locator("#mfa-secret")).to_have_text(secret)

    page.get_by_label("6-digit code").fill(pyotp.TOTP(secret).now())
    page.get_by_role("button", name="Confirm").click()
    expect(page.locator(".banner-success")).to_contain_text("Two-factor authentication is on.")
    expect(page.locator(".mfa-factor")).to_contain_text("Active")
    expect(page.locator(".mfa-qr")).to_have_count(0)
    shoot(page, "account-mfa-on")

    # This browser's session was raised to aal2 by the code, so it may remove the factor.
    page.get_by_role("button", name="Remove My phone").click()
    expect(page.locator(".banner-success")).to_contain_text("The authenticator app was removed.")
    expect(page.locator(".mfa-none")).to_have_text("Two-factor authentication is off.")


def test_a_new_sign_in_cannot_reach_the_factor_without_a_code(page, new_page, server):
    email = confirmed_account(server, "mfa-aal1")
    sign_in(page, server, email)
    page.get_by_role("button", name="Set up an authenticator app").click()
    secret = page.locator("#mfa-secret").inner_text()
    page.get_by_label("6-digit code").fill(pyotp.TOTP(secret).now())
    page.get_by_role("button", name="Confirm").click()
    expect(page.locator(".banner-success")).to_contain_text("Two-factor authentication is on.")

    # The password alone leads to the code step, never to the account page (test_mfa_pages.py).
    other = new_page()
    other.goto(server.url("/login"))
    other.get_by_label("Email").fill(email)
    other.get_by_label("Password", exact=True).fill(PASSWORD)
    other.get_by_role("button", name="Sign In").click()
    expect(other).to_have_url(server.url("/login/code"))
    other.goto(server.url("/account"))
    expect(other).to_have_url(server.url("/login"))


def test_the_two_factor_forms_refuse_a_post_without_its_token_or_from_another_origin(server):
    email = confirmed_account(server, "mfa-csrf")
    client = FormClient(server)
    token = client.get("/login").csrf()
    assert client.post("/login", {"csrf": token, "email": email, "password": PASSWORD}).status == 303
    own = client.get("/account").csrf()
    missing = client.post("/account/mfa/enroll", {"name": "x"})
    assert missing.status == 403 and "This form has expired. Please try again." in missing.body
    foreign = client.post("/account/mfa/enroll", {"csrf": own, "name": "x"}, headers={"Origin": "https://evil.example"})
    assert foreign.status == 403
    assert "Two-factor authentication is off." in client.get("/account").body
    # With its token the same post sets a factor up.
    accepted = client.post("/account/mfa/enroll", {"csrf": client.get("/account").csrf(), "name": "x"}, headers={"Origin": server.base})
    assert accepted.status == 200 and 'id="mfa-secret"' in accepted.body
