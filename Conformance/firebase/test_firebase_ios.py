"""The iOS SDK's calls (v3 `relyingparty` paths, its exact bodies and headers) and securetoken
in both encodings: the answers carry what FirebaseAuth for iOS needs (see
shared/reference/firebase-clients.md), ID tokens carry Firebase's claims, and a password change
hands out new tokens while revoking the old ones."""

from __future__ import annotations

import time

from firebase_support import (
    NEW_PASSWORD, PASSWORD, PROJECT_ID, REDACTED, claims, firebase_error, ios_lookup, ios_sign_in, ios_sign_up,
    mailbox, secure_token, v3, wait_for_mail,
)
from support import unique_email


def test_sign_up_answers_a_session_with_a_string_expiry(fb_server):
    email = unique_email("fb-signup")
    body = ios_sign_up(fb_server, email.upper())
    assert body["kind"] == "identitytoolkit#SignupNewUserResponse"
    assert body["email"] == email  # lowercased
    assert body["expiresIn"] == "3600" and isinstance(body["expiresIn"], str)
    assert body["idToken"] and body["refreshToken"] and body["localId"]


def test_sign_in_id_token_has_firebase_claims(fb_server):
    email = unique_email("fb-claims")
    local_id = ios_sign_up(fb_server, email)["localId"]
    body = ios_sign_in(fb_server, email)
    assert body["kind"] == "identitytoolkit#VerifyPasswordResponse"
    assert body["registered"] is True and body["localId"] == local_id and body["expiresIn"] == "3600"
    token = claims(body["idToken"])
    assert token["iss"] == f"https://securetoken.google.com/{PROJECT_ID}"
    assert token["aud"] == PROJECT_ID
    assert token["sub"] == token["user_id"] == local_id
    assert token["email"] == email and token["email_verified"] is True  # the suite's server autoconfirms
    for numeric in ("exp", "iat", "auth_time"):
        assert isinstance(token[numeric], int), numeric
    assert token["exp"] - token["iat"] == 3600
    assert token["firebase"]["sign_in_provider"] == "password"
    assert token["firebase"]["identities"] == {"email": [email]}


def test_get_account_info_answers_exactly_one_user_in_firebase_shapes(fb_server):
    email = unique_email("fb-lookup")
    signed_up = ios_sign_up(fb_server, email)
    response = ios_lookup(fb_server, signed_up["idToken"])
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["kind"] == "identitytoolkit#GetAccountInfoResponse"
    assert len(body["users"]) == 1
    user = body["users"][0]
    assert user["localId"] == signed_up["localId"] and user["email"] == email
    assert user["emailVerified"] is True
    assert user["passwordHash"] == REDACTED
    assert user["createdAt"].isdigit() and len(user["createdAt"]) == 13  # milliseconds, as a string
    assert user["lastLoginAt"].isdigit() and len(user["lastLoginAt"]) == 13
    assert user["validSince"].isdigit() and len(user["validSince"]) == 10  # seconds, as a string
    assert user["disabled"] is False
    assert user["providerUserInfo"] == [
        {"providerId": "password", "email": email, "federatedId": email, "rawId": email}]


def test_refresh_in_json_and_form_keeps_auth_time(fb_server):
    email = unique_email("fb-refresh")
    signed_up = ios_sign_up(fb_server, email)
    first = claims(signed_up["idToken"])
    time.sleep(1.1)  # so that a new token's iat differs from the sign-in's
    response = secure_token(fb_server, signed_up["refreshToken"])
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["access_token"] == body["id_token"] and body["access_token"]
    assert body["expires_in"] == "3600" and body["token_type"] == "Bearer"
    assert body["user_id"] == signed_up["localId"] and body["project_id"] == PROJECT_ID
    refreshed = claims(body["id_token"])
    assert refreshed["auth_time"] == first["auth_time"]
    assert refreshed["iat"] > first["iat"]
    # The rotated token again, now form-encoded as the REST docs send it.
    form = secure_token(fb_server, body["refresh_token"], form=True)
    assert form.status_code == 200, form.text
    assert claims(form.json()["id_token"])["auth_time"] == first["auth_time"]


def test_password_change_returns_new_tokens_and_revokes_the_old_ones(fb_server):
    email = unique_email("fb-change")
    signed_up = ios_sign_up(fb_server, email)
    time.sleep(1.1)  # the new tokens are issued in a later second than the old ones
    response = v3(fb_server, "setAccountInfo", {
        "idToken": signed_up["idToken"], "password": NEW_PASSWORD, "returnSecureToken": True})
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["kind"] == "identitytoolkit#SetAccountInfoResponse"
    assert body["localId"] == signed_up["localId"] and body["passwordHash"] == REDACTED
    assert body["expiresIn"] == "3600"
    assert body["idToken"] != signed_up["idToken"] and body["refreshToken"] != signed_up["refreshToken"]
    # The new pair works; the old refresh token and ID token do not.
    assert ios_lookup(fb_server, body["idToken"]).status_code == 200
    assert secure_token(fb_server, body["refreshToken"]).status_code == 200
    firebase_error(secure_token(fb_server, signed_up["refreshToken"]), "TOKEN_EXPIRED")
    firebase_error(ios_lookup(fb_server, signed_up["idToken"]), "TOKEN_EXPIRED")
    # validSince moved past the old token's iat.
    valid_since = int(ios_lookup(fb_server, body["idToken"]).json()["users"][0]["validSince"])
    assert valid_since > claims(signed_up["idToken"])["iat"]
    # The new password signs in, the old one no longer.
    ios_sign_in(fb_server, email, NEW_PASSWORD)
    firebase_error(v3(fb_server, "verifyPassword", {"email": email, "password": PASSWORD, "returnSecureToken": True}),
                   "INVALID_LOGIN_CREDENTIALS")


def test_display_name_is_kept_and_deleted(fb_server):
    signed_up = ios_sign_up(fb_server, unique_email("fb-name"))
    response = v3(fb_server, "setAccountInfo", {"idToken": signed_up["idToken"], "displayName": "Ada", "returnSecureToken": True})
    assert response.status_code == 200, response.text
    assert response.json()["displayName"] == "Ada"
    assert ios_lookup(fb_server, signed_up["idToken"]).json()["users"][0]["displayName"] == "Ada"
    response = v3(fb_server, "setAccountInfo", {"idToken": signed_up["idToken"], "deleteAttribute": ["DISPLAY_NAME"]})
    assert response.status_code == 200, response.text
    assert "displayName" not in ios_lookup(fb_server, signed_up["idToken"]).json()["users"][0]


def test_delete_account_then_refresh_is_user_not_found(fb_server):
    signed_up = ios_sign_up(fb_server, unique_email("fb-delete"))
    response = v3(fb_server, "deleteAccount", {"idToken": signed_up["idToken"]})
    assert response.status_code == 200, response.text
    assert response.json() == {"kind": "identitytoolkit#DeleteAccountResponse"}
    firebase_error(secure_token(fb_server, signed_up["refreshToken"]), "USER_NOT_FOUND")
    firebase_error(ios_lookup(fb_server, signed_up["idToken"]), "USER_NOT_FOUND")


def test_unverified_address_signs_in_and_sign_up_sends_no_email(server_factory):
    server = server_factory.start(autoconfirm=False, email_send_window=0)
    email = unique_email("fb-unverified")
    signed_up = ios_sign_up(server, email)
    assert claims(signed_up["idToken"])["email_verified"] is False
    signed_in = ios_sign_in(server, email)
    assert ios_lookup(server, signed_in["idToken"]).json()["users"][0]["emailVerified"] is False
    # A GoTrue sign-up on the same server does send its confirmation; once it has arrived, the
    # Firebase address still has nothing.
    control = unique_email("gotrue-control")
    assert server.request("POST", "signup", json={"email": control, "password": PASSWORD}).status_code == 200
    wait_for_mail(server, control)
    assert mailbox(server, email) == []
