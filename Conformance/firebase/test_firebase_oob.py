"""Firebase reset and verification links (Recovery): getOobConfirmationCode /
accounts:sendOobCode through the same recovery service and outbox as GoTrue's /recover, the
emailed action link, resetPassword with and without newPassword, accounts:update {oobCode}, and
the errors; with the iOS SDK's exact bodies. Runs on SQLite and PostgreSQL (`--db`)."""

from __future__ import annotations

import pytest

from firebase_oob_support import (
    ACTION_PATH, API_KEY, VERIFY_SUBJECT, action_query, error_name, firebase_mail, firebase_messages, firebase_sign_in,
    ios_reset_password, ios_send_reset, project, secure_token, v1, v3,
)
from recovery_support import RECOVERY_SETTINGS, http, register, wait_for_dev_mail
from support import PASSWORD, unique_email

NEW_PASSWORD = "a-brand-new-password"
OOB_KIND = "identitytoolkit#GetOobConfirmationCodeResponse"
RESET_KIND = "identitytoolkit#ResetPasswordResponse"


@pytest.fixture(scope="module")
def fb(module_servers):
    """A development server (Firebase API on, any key, `Bearer owner` from loopback) without the
    per-address send window, so one address may ask several times."""
    return module_servers.start(**RECOVERY_SETTINGS, redirect_allow_list="https://app.example.com/**")


def drain(server) -> None:
    """A reset email for a fresh registered address, waited for: the outbox works first in,
    first out, so every email queued before it has been dealt with once it arrives."""
    marker = register(server, unique_email("fbmarker"))
    assert ios_send_reset(server, marker).status_code == 200
    firebase_mail(server, marker)


def test_ios_send_reset_same_answer_for_unknown_address_and_mail_only_to_registered(fb):
    email = register(fb, unique_email("FbReset"))
    unknown = unique_email("fbnobody")
    known = ios_send_reset(fb, email.upper())
    stranger = ios_send_reset(fb, unknown)
    assert known.status_code == stranger.status_code == 200, (known.text, stranger.text)
    assert known.json() == {"kind": OOB_KIND, "email": email.lower()}
    assert stranger.json() == {"kind": OOB_KIND, "email": unknown.lower()}

    message, link = firebase_mail(fb, email.lower())
    assert link.startswith(fb.root_url + ACTION_PATH + "?mode=resetPassword&oobCode="), link
    query = action_query(link)
    assert query["mode"] == "resetPassword" and query["apiKey"] == API_KEY and query["lang"] == "en"
    assert len(query["oobCode"]) >= 40
    assert "Follow this link to reset your Gatehouse password" in message["text"]
    assert query["oobCode"] in message["html"]
    drain(fb)
    assert firebase_messages(fb, unknown) == [], "an unknown address got an email"


def test_reset_by_code_checks_without_spending_then_resets_and_revokes(fb):
    email = register(fb, unique_email("fbflow"))
    signed_in = firebase_sign_in(fb, email, PASSWORD)
    assert ios_send_reset(fb, email).status_code == 200
    code = action_query(firebase_mail(fb, email)[1])["oobCode"]

    # verifyPasswordResetCode / checkActionCode: twice, spending nothing.
    for _ in range(2):
        check = ios_reset_password(fb, code)
        assert check.status_code == 200, check.text
        assert check.json() == {"kind": RESET_KIND, "email": email, "requestType": "PASSWORD_RESET"}

    weak = ios_reset_password(fb, code, "short")
    assert weak.status_code == 400 and error_name(weak) == "WEAK_PASSWORD", weak.text
    assert " : " in weak.json()["error"]["message"]

    done = ios_reset_password(fb, code, NEW_PASSWORD)
    assert done.status_code == 200, done.text
    assert done.json() == {"kind": RESET_KIND, "email": email, "requestType": "PASSWORD_RESET"}, "tokens in a reset answer"

    again = ios_reset_password(fb, code, "yet-another-password")
    assert again.status_code == 400 and error_name(again) == "INVALID_OOB_CODE", again.text
    assert error_name(ios_reset_password(fb, code)) == "INVALID_OOB_CODE"

    # The new password signs in through Firebase and GoTrue; the old one through neither.
    firebase_sign_in(fb, email, NEW_PASSWORD)
    old = v3(fb, "verifyPassword", {"email": email, "password": PASSWORD, "returnSecureToken": True})
    assert error_name(old) == "INVALID_LOGIN_CREDENTIALS"
    gotrue = fb.request("POST", "token", params={"grant_type": "password"}, json={"email": email, "password": NEW_PASSWORD})
    assert gotrue.status_code == 200, gotrue.text
    # The refresh token from before the reset is revoked: TOKEN_EXPIRED (the iOS SDK signs out on it).
    refreshed = secure_token(fb, signed_in["refreshToken"])
    assert refreshed.status_code == 400 and error_name(refreshed) == "TOKEN_EXPIRED", refreshed.text
    # And the ID token from before: its session ended and validSince moved past it.
    looked_up = v3(fb, "getAccountInfo", {"idToken": signed_in["idToken"]})
    assert looked_up.status_code == 400 and error_name(looked_up) == "TOKEN_EXPIRED", looked_up.text


def test_v1_send_oob_code_and_reset(fb):
    email = register(fb, unique_email("fbv1"))
    sent = v1(fb, "sendOobCode", {"requestType": "PASSWORD_RESET", "email": email, "continueUrl": "https://app.example.com/done"})
    assert sent.status_code == 200 and sent.json() == {"kind": OOB_KIND, "email": email}, sent.text
    link = firebase_mail(fb, email)[1]
    query = action_query(link)
    assert query["continueUrl"] == "https://app.example.com/done"
    reset = v1(fb, "resetPassword", {"oobCode": query["oobCode"], "newPassword": NEW_PASSWORD})
    assert reset.status_code == 200 and reset.json()["requestType"] == "PASSWORD_RESET", reset.text
    firebase_sign_in(fb, email, NEW_PASSWORD)


def test_reset_by_the_emailed_link_page(fb):
    email = register(fb, unique_email("fbpage"))
    assert ios_send_reset(fb, email, continueUrl="https://app.example.com/back").status_code == 200
    link = firebase_mail(fb, email)[1]
    with http() as browser:
        page = browser.get(link)
        assert page.status_code == 200, page.text
        from recovery_support import hidden_fields
        fields = hidden_fields(page.text)
        assert fields.get("token") == action_query(link)["oobCode"]
        assert ios_reset_password(fb, fields["token"]).status_code == 200, "opening the page spent the code"
        done = browser.post(f"{fb.root_url}{ACTION_PATH}?mode=resetPassword&continueUrl=https%3A%2F%2Fapp.example.com%2Fback",
                            data={**fields, "password": NEW_PASSWORD, "confirm": NEW_PASSWORD},
                            headers={"Origin": fb.root_url})
        assert done.status_code == 200, done.text
        assert 'href="https://app.example.com/back"' in done.text
    firebase_sign_in(fb, email, NEW_PASSWORD)
    assert error_name(ios_reset_password(fb, action_query(link)["oobCode"])) == "INVALID_OOB_CODE"


def test_admin_return_oob_link_sends_nothing_and_needs_admin(fb):
    email = register(fb, unique_email("fbadmin"))
    body = {"requestType": "PASSWORD_RESET", "email": email, "returnOobLink": True}
    refused = v1(fb, "sendOobCode", body)
    assert refused.status_code == 403 and error_name(refused) == "INSUFFICIENT_PERMISSION", refused.text

    answer = project(fb, "sendOobCode", body, bearer=fb.service_role_jwt())
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["kind"] == OOB_KIND and data["email"] == email
    assert data["oobLink"].startswith(fb.root_url + ACTION_PATH + "?mode=resetPassword&oobCode=" + data["oobCode"])
    missing = project(fb, "sendOobCode", {**body, "email": unique_email("fbnoone")}, bearer=fb.service_role_jwt())
    assert error_name(missing) == "EMAIL_NOT_FOUND", missing.text
    drain(fb)
    assert firebase_messages(fb, email) == [], "returnOobLink sent an email"
    assert ios_reset_password(fb, data["oobCode"], NEW_PASSWORD).status_code == 200
    firebase_sign_in(fb, email, NEW_PASSWORD)


def test_verify_email_by_id_token_and_apply_action_code(server_factory):
    # Sign-ups unconfirmed (autoconfirm off): Firebase signs them in anyway, unverified.
    fb = server_factory.start(**RECOVERY_SETTINGS, autoconfirm=False)
    email = unique_email("fbverify")
    signed_up = v3(fb, "signupNewUser", {"email": email, "password": PASSWORD, "returnSecureToken": True, "clientType": "CLIENT_TYPE_IOS"})
    assert signed_up.status_code == 200, signed_up.text
    id_token = signed_up.json()["idToken"]
    before = v3(fb, "getAccountInfo", {"idToken": id_token})
    assert before.status_code == 200 and before.json()["users"][0]["emailVerified"] is False, before.text
    sent = v3(fb, "getOobConfirmationCode", {"requestType": "VERIFY_EMAIL", "idToken": id_token, "clientType": "CLIENT_TYPE_IOS"})
    assert sent.status_code == 200 and sent.json() == {"kind": OOB_KIND, "email": email}, sent.text
    message, link = firebase_mail(fb, email, subject=VERIFY_SUBJECT)
    query = action_query(link)
    assert query["mode"] == "verifyEmail"
    code = query["oobCode"]

    check = ios_reset_password(fb, code)
    assert check.status_code == 200 and check.json()["requestType"] == "VERIFY_EMAIL", check.text
    wrong = ios_reset_password(fb, code, NEW_PASSWORD)
    assert error_name(wrong) == "INVALID_OOB_CODE", wrong.text
    applied = v1(fb, "update", {"oobCode": code})
    assert applied.status_code == 200, applied.text
    assert applied.json()["emailVerified"] is True and applied.json()["email"] == email
    assert error_name(v1(fb, "update", {"oobCode": code})) == "INVALID_OOB_CODE"
    # Verifying settles like every confirmation: sessions from before it end, the password stays.
    assert error_name(v3(fb, "getAccountInfo", {"idToken": id_token})) == "TOKEN_EXPIRED"
    again = firebase_sign_in(fb, email, PASSWORD)
    user = v3(fb, "getAccountInfo", {"idToken": again["idToken"]})
    assert user.status_code == 200 and user.json()["users"][0]["emailVerified"] is True, user.text

    no_token = v3(fb, "getOobConfirmationCode", {"requestType": "VERIFY_EMAIL", "clientType": "CLIENT_TYPE_IOS"})
    assert no_token.status_code == 400, no_token.text


@pytest.mark.parametrize("body, name", [
    ({"email": "someone@example.com"}, "MISSING_REQ_TYPE"),
    ({"requestType": "PASSWORD_RESET"}, "MISSING_EMAIL"),
    ({"requestType": "VERIFY_AND_CHANGE_EMAIL", "email": "a@example.com"}, "INVALID_REQ_TYPE"),
    ({"requestType": "EMAIL_SIGNIN", "email": "a@example.com"}, "MISSING_CONTINUE_URI"),
    ({"requestType": "VERIFY_EMAIL", "clientType": "CLIENT_TYPE_IOS"}, "MISSING_ID_TOKEN"),
    ({"requestType": "VERIFY_EMAIL", "idToken": "not-a-token"}, "INVALID_ID_TOKEN"),
    ({"requestType": "PASSWORD_RESET", "email": "not-an-address"}, "INVALID_EMAIL"),
    ({"requestType": "PASSWORD_RESET", "email": "a@example.com", "continueUrl": "not a url"}, "INVALID_CONTINUE_URI"),
    ({"requestType": "PASSWORD_RESET", "email": "a@example.com", "continueUrl": "https://evil.example.net/"}, "UNAUTHORIZED_DOMAIN"),
])
def test_send_oob_code_errors(fb, body, name):
    response = v3(fb, "getOobConfirmationCode", body)
    assert response.status_code == 400 and error_name(response) == name, response.text


@pytest.mark.parametrize("body, name", [
    ({}, "MISSING_OOB_CODE"),
    ({"oobCode": "made-up-code"}, "INVALID_OOB_CODE"),
    ({"oobCode": "made-up-code", "newPassword": NEW_PASSWORD}, "INVALID_OOB_CODE"),
    ({"oobCode": "x" * 600}, "INVALID_OOB_CODE"),
])
def test_reset_password_errors(fb, body, name):
    response = v3(fb, "resetPassword", body)
    assert response.status_code == 400 and error_name(response) == name, response.text


def test_send_window_applies_to_firebase_requests_like_recover(server_factory):
    server = server_factory.start(email_send_window=60)
    email = register(server, unique_email("fbwindow"))
    assert ios_send_reset(server, email).status_code == 200
    limited = ios_send_reset(server, email)
    assert limited.status_code == 400 and error_name(limited) == "TOO_MANY_ATTEMPTS_TRY_LATER", limited.text
    gotrue = server.request("POST", "recover", json={"email": email})
    assert gotrue.status_code == 429, "GoTrue's /recover and Firebase's reset share the window"
    firebase_mail(server, email)


def test_links_carry_the_request_key_or_the_first_configured_one(server_factory):
    server = server_factory.start(**RECOVERY_SETTINGS, firebase_api_keys=f"{API_KEY},second-key")
    email = register(server, unique_email("fbkeys"))
    answer = project(server, "sendOobCode", {"requestType": "PASSWORD_RESET", "email": email, "returnOobLink": True},
                     bearer=server.service_role_jwt())
    assert answer.status_code == 200, answer.text
    assert action_query(answer.json()["oobLink"])["apiKey"] == API_KEY, "firebase-admin sends no key: the first configured one"
    assert v3(server, "getOobConfirmationCode", {"requestType": "PASSWORD_RESET", "email": email}, key="second-key").status_code == 200
    assert action_query(firebase_mail(server, email)[1])["apiKey"] == "second-key"
    refused = v3(server, "getOobConfirmationCode", {"requestType": "PASSWORD_RESET", "email": email}, key="wrong-key")
    assert refused.status_code == 400 and refused.json()["error"]["errors"][0]["reason"].startswith("keyInvalid"), refused.text
