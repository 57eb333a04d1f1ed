"""Firebase email-link sign-in: `sendOobCode {requestType: EMAIL_SIGNIN}` (the SDKs'
`sendSignInLinkToEmail`, the iOS SDK's `getOobConfirmationCode`) emails Firebase's action link
(`mode=signIn`, `oobCode`, `apiKey`, `continueUrl`) with the same answer for every address and
the address's send window; `signInWithEmailLink` (iOS `emailLinkSignin`) uses the code once, for
the address it went to, making and confirming the account, which firebase-admin then sees;
firebase-admin's `generate_sign_in_with_email_link` hands a link out without sending; the action
page sends the browser on to the app. Runs on SQLite and PostgreSQL (`--db`)."""

from __future__ import annotations

import pytest

from firebase_oob_support import ACTION_PATH, API_KEY, action_query, error_name, firebase_sign_in, secure_token, v1, v3
from firebase_support import admin_client, claims
from recovery_support import RECOVERY_SETTINGS, dev_messages, http, link_in, wait_for_dev_mail
from support import PASSWORD, unique_email

SIGN_IN_SUBJECT = "Sign in to Gatehouse"
CONTINUE_URL = "https://app.example.com/finish"
OOB_KIND = "identitytoolkit#GetOobConfirmationCodeResponse"


@pytest.fixture(scope="module")
def link_server(module_servers):
    """Development server, no per-address send window, continue URLs on app.example.com allowed,
    addresses unverified until proven."""
    return module_servers.start(**RECOVERY_SETTINGS, autoconfirm=False, redirect_allow_list="https://app.example.com/**")


def register(server, email: str) -> str:
    """A verified account with a password, made by firebase-admin."""
    with admin_client(server) as client:
        client.create_user(email=email, password=PASSWORD, email_verified=True)
    return email


def send_link(server, email: str, ios: bool = False, **extra):
    """The JS SDK's `sendSignInLinkToEmail` body (REST), or the iOS SDK's."""
    body = {"requestType": "EMAIL_SIGNIN", "email": email, "continueUrl": CONTINUE_URL, "canHandleCodeInApp": True, **extra}
    if ios:
        return v3(server, "getOobConfirmationCode", {**body, "clientType": "CLIENT_TYPE_IOS", "iOSBundleId": "com.example.app"})
    return v1(server, "sendOobCode", body)


def sign_in_link(server, address: str, count: int = 1) -> tuple[str, str]:
    """The newest sign-in email to `address`: its action link and `oobCode`."""
    message = wait_for_dev_mail(server, address, subject=SIGN_IN_SUBJECT, count=count)[0]
    link = link_in(message["text"], ACTION_PATH)
    return link, action_query(link)["oobCode"]


def sign_in(server, email: str, code: str, ios: bool = False, **extra):
    body = {"email": email, "oobCode": code, "returnSecureToken": True, **extra}
    return v3(server, "emailLinkSignin", body) if ios else v1(server, "signInWithEmailLink", body)


def test_same_answer_for_every_address_and_the_link_signs_in_once(link_server):
    newcomer = unique_email("fblink")
    sent = send_link(link_server, newcomer.upper())
    assert sent.status_code == 200, sent.text
    assert sent.json() == {"kind": OOB_KIND, "email": newcomer.lower()}
    owner = register(link_server, unique_email("fblinkowner"))
    assert send_link(link_server, owner, ios=True).json() == {"kind": OOB_KIND, "email": owner}

    link, code = sign_in_link(link_server, newcomer.lower())
    query = action_query(link)
    assert link.startswith(link_server.root_url + ACTION_PATH + "?mode=signIn&oobCode="), link
    assert query["apiKey"] == API_KEY and query["continueUrl"] == CONTINUE_URL and query["lang"] == "en", query

    assert error_name(sign_in(link_server, unique_email("fbother"), code)) == "INVALID_EMAIL"
    checked = v1(link_server, "resetPassword", {"oobCode": code})
    assert checked.json() == {"kind": "identitytoolkit#ResetPasswordResponse", "requestType": "EMAIL_SIGNIN"}, checked.text

    response = sign_in(link_server, newcomer.lower(), code, ios=True)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["kind"] == "identitytoolkit#EmailLinkSigninResponse" and body["isNewUser"] is True, body
    assert body["email"] == newcomer.lower() and body["expiresIn"] == "3600", body
    id_claims = claims(body["idToken"])
    assert id_claims["email_verified"] is True and id_claims["firebase"]["sign_in_provider"] == "password", id_claims
    assert error_name(sign_in(link_server, newcomer.lower(), code)) == "INVALID_OOB_CODE"
    assert secure_token(link_server, body["refreshToken"]).status_code == 200

    with admin_client(link_server) as client:
        assert client.verify_id_token(body["idToken"])["uid"] == body["localId"]
        user = client.get_user_by_email(newcomer.lower())
        assert user.uid == body["localId"] and user.email_verified is True

    _, owner_code = sign_in_link(link_server, owner)
    again = sign_in(link_server, owner, owner_code)
    assert again.status_code == 200 and again.json()["isNewUser"] is False, again.text
    assert firebase_sign_in(link_server, owner, PASSWORD)["localId"] == again.json()["localId"], "the password still works"


def test_refusals_name_what_is_wrong(link_server):
    email = unique_email("fblinkbad")
    assert error_name(send_link(link_server, email, continueUrl=None)) == "MISSING_CONTINUE_URI"
    assert error_name(send_link(link_server, email, continueUrl="https://evil.example.net/x")) == "UNAUTHORIZED_DOMAIN"
    assert error_name(send_link(link_server, "not-an-address")) == "INVALID_EMAIL"
    assert error_name(sign_in(link_server, email, "made-up-code")) == "INVALID_OOB_CODE"
    assert error_name(v1(link_server, "signInWithEmailLink", {"email": email})) == "MISSING_OOB_CODE"
    assert error_name(v1(link_server, "signInWithEmailLink", {"oobCode": "x"})) == "MISSING_EMAIL"


def test_an_unverified_strangers_password_does_not_survive_the_owners_link(link_server):
    email = unique_email("fblinkplanted")
    stranger = v1(link_server, "signUp", {"email": email, "password": "stranger-password-1", "returnSecureToken": True})
    assert stranger.status_code == 200, stranger.text
    send_link(link_server, email)
    _, code = sign_in_link(link_server, email)
    signed_in = sign_in(link_server, email, code)
    assert signed_in.status_code == 200 and signed_in.json()["localId"] == stranger.json()["localId"], signed_in.text
    planted = v1(link_server, "signInWithPassword", {"email": email, "password": "stranger-password-1"})
    assert error_name(planted) == "INVALID_LOGIN_CREDENTIALS"
    assert error_name(secure_token(link_server, stranger.json()["refreshToken"])) == "TOKEN_EXPIRED"


def test_firebase_admin_generates_a_link_and_sends_nothing(link_server):
    from firebase_admin import auth

    email = unique_email("fblinkadmin")
    with admin_client(link_server) as client:
        link = client.generate_sign_in_with_email_link(email, auth.ActionCodeSettings(CONTINUE_URL, handle_code_in_app=True))
    query = action_query(link)
    assert query["mode"] == "signIn" and query["continueUrl"] == CONTINUE_URL, link
    response = sign_in(link_server, email, query["oobCode"])
    assert response.status_code == 200 and response.json()["isNewUser"] is True, response.text
    assert [m for m in dev_messages(link_server, email) if m["subject"] == SIGN_IN_SUBJECT] == []


def test_the_action_page_sends_the_browser_on_with_the_code(link_server):
    email = unique_email("fblinkpage")
    send_link(link_server, email)
    link, code = sign_in_link(link_server, email)
    with http() as client:
        page = client.get(link, follow_redirects=False)
    assert page.status_code == 303, page.text
    target = page.headers["location"]
    assert target.startswith(CONTINUE_URL + "?"), target
    assert action_query(target) == {"apiKey": API_KEY, "oobCode": code, "mode": "signIn", "lang": "en"}, target
    assert sign_in(link_server, email, code).status_code == 200, "the page spent the code"


def test_the_send_window_is_the_addresss_for_every_address(module_servers):
    server = module_servers.start(redirect_allow_list="https://app.example.com/**")
    known = register(server, unique_email("fblinkwin"))
    unknown = unique_email("fblinkwinnobody")
    for address in (known, unknown):
        assert send_link(server, address).status_code == 200
        assert error_name(send_link(server, address)) == "TOO_MANY_ATTEMPTS_TRY_LATER"
    # A reset of the same address waits for the same window.
    assert error_name(v1(server, "sendOobCode", {"requestType": "PASSWORD_RESET", "email": known})) == "TOO_MANY_ATTEMPTS_TRY_LATER"
