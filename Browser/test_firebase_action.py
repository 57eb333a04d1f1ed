"""Firebase's action URL (`/__/auth/action?mode=resetPassword&oobCode=…`), where the emails of
Firebase's sendOobCode link: the reset page in a real browser, the code leaving the address bar,
the new password signing in through Firebase and GoTrue, and the allowed continueUrl offered."""

from __future__ import annotations

import json
import urllib.parse
import urllib.request

import pytest
from playwright.sync_api import expect

from helpers import PASSWORD, confirmed_account, mailbox_link

NEW_PASSWORD = "a firebase reset password"
CONTINUE = "https://app.example.com/after"


@pytest.fixture(scope="module")
def fb_server(start_server):
    return start_server(GATEHOUSE_REDIRECT_ALLOW_LIST="https://app.example.com/**", GATEHOUSE_EMAIL_SEND_WINDOW="0")


def identity_toolkit(server, rpc: str, body: dict) -> tuple[int, dict]:
    """The iOS SDK's v3 path, with an API key."""
    request = urllib.request.Request(
        server.url(f"/www.googleapis.com/identitytoolkit/v3/relyingparty/{rpc}?key=browser-key"),
        data=json.dumps(body).encode(), method="POST", headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_reset_through_the_firebase_action_url(page, fb_server, shoot):
    server = fb_server
    email = confirmed_account(server, "fbbrowser")
    status, answer = identity_toolkit(server, "getOobConfirmationCode",
                                      {"requestType": "PASSWORD_RESET", "email": email, "clientType": "CLIENT_TYPE_IOS",
                                       "continueUrl": CONTINUE})
    assert status == 200 and answer == {"kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": email}, answer
    link = mailbox_link(server, email, "/__/auth/action?mode=resetPassword", count=2)
    code = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)["oobCode"][0]

    response = page.goto(link)
    assert response.status == 200
    assert response.headers["referrer-policy"] == "no-referrer"
    expect(page.get_by_role("heading", name="Choose a New Password")).to_be_visible()
    # Which account the link resets, as Firebase's hosted page says.
    expect(page.locator("#main")).to_contain_text(f"Choose a new password for {email}.")
    assert code not in page.url, "the code stayed in the address bar"
    shoot(page, "firebase-action-reset")
    page.get_by_label("New password", exact=True).fill(NEW_PASSWORD)
    page.get_by_label("Confirm new password").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Update Password").click()
    expect(page.get_by_role("heading", name="Password Changed")).to_be_visible()
    expect(page.get_by_role("link", name="Continue")).to_have_attribute("href", CONTINUE)
    shoot(page, "firebase-action-reset-done")

    status, _ = identity_toolkit(server, "verifyPassword", {"email": email, "password": PASSWORD, "returnSecureToken": True})
    assert status == 400
    status, signed_in = identity_toolkit(server, "verifyPassword", {"email": email, "password": NEW_PASSWORD, "returnSecureToken": True})
    assert status == 200 and signed_in["email"] == email, signed_in
    assert server.api("POST", "/token?grant_type=password", {"email": email, "password": NEW_PASSWORD})[0] == 200
    status, spent = identity_toolkit(server, "resetPassword", {"oobCode": code})
    assert status == 400 and spent["error"]["message"] == "INVALID_OOB_CODE", spent
