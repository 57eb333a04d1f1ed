"""One account store for both protocols: an account made through the GoTrue API signs in
through the Firebase API with the same password, and the reverse; a password changed on one
side is the password on the other."""

from __future__ import annotations

import pytest

from firebase_support import NEW_PASSWORD, PASSWORD, firebase_error, ios_sign_in, ios_sign_up, secure_token, v1, v3
from support import unique_email


def gotrue_sign_in(server, email: str, password: str = PASSWORD):
    return server.request("POST", "token", params={"grant_type": "password"}, json={"email": email, "password": password})


def test_gotrue_account_signs_in_through_firebase(fb_server):
    email = unique_email("cross-gotrue")
    made = fb_server.request("POST", "signup", json={"email": email, "password": PASSWORD})
    assert made.status_code == 200, made.text
    signed_in = ios_sign_in(fb_server, email)
    assert signed_in["localId"] == made.json()["user"]["id"]
    lookup = v3(fb_server, "getAccountInfo", {"idToken": signed_in["idToken"]}).json()["users"][0]
    assert lookup["email"] == email and lookup["passwordHash"] == "UkVEQUNURUQ="
    firebase_error(v1(fb_server, "signInWithPassword", {"email": email, "password": "not-the-password"}),
                   "INVALID_LOGIN_CREDENTIALS")


def test_firebase_account_signs_in_through_gotrue(fb_server):
    email = unique_email("cross-firebase")
    made = ios_sign_up(fb_server, email)
    response = gotrue_sign_in(fb_server, email)
    assert response.status_code == 200, response.text
    assert response.json()["user"]["id"] == made["localId"]
    assert gotrue_sign_in(fb_server, email, "not-the-password").status_code == 400


def test_password_changed_through_firebase_is_the_gotrue_password(fb_server):
    email = unique_email("cross-change")
    made = ios_sign_up(fb_server, email)
    changed = v3(fb_server, "setAccountInfo", {"idToken": made["idToken"], "password": NEW_PASSWORD, "returnSecureToken": True})
    assert changed.status_code == 200, changed.text
    assert gotrue_sign_in(fb_server, email, NEW_PASSWORD).status_code == 200
    assert gotrue_sign_in(fb_server, email, PASSWORD).status_code == 400


def test_password_changed_through_gotrue_is_the_firebase_password(fb_server):
    email = unique_email("cross-change-back")
    ios_sign_up(fb_server, email)
    session = gotrue_sign_in(fb_server, email).json()
    response = fb_server.request("PUT", "user", bearer=session["access_token"], json={"password": NEW_PASSWORD})
    assert response.status_code == 200, response.text
    ios_sign_in(fb_server, email, NEW_PASSWORD)
    firebase_error(v3(fb_server, "verifyPassword", {"email": email, "password": PASSWORD}), "INVALID_LOGIN_CREDENTIALS")


def test_gotrue_sign_out_everywhere_ends_the_firebase_session(fb_server):
    email = unique_email("cross-logout")
    made = ios_sign_up(fb_server, email)
    session = gotrue_sign_in(fb_server, email).json()
    response = fb_server.request("POST", "logout", params={"scope": "global"}, bearer=session["access_token"])
    assert response.status_code == 204, response.text
    firebase_error(secure_token(fb_server, made["refreshToken"]), "TOKEN_EXPIRED")
    firebase_error(v3(fb_server, "getAccountInfo", {"idToken": made["idToken"]}), "TOKEN_EXPIRED")


def test_gotrue_password_change_revokes_firebase_id_tokens(fb_server, firebase_auth):
    import time

    from firebase_admin import auth

    email = unique_email("cross-revoke")
    made = ios_sign_up(fb_server, email)
    session = gotrue_sign_in(fb_server, email).json()
    time.sleep(1.1)  # validSince is in seconds
    response = fb_server.request("PUT", "user", bearer=session["access_token"], json={"password": NEW_PASSWORD})
    assert response.status_code == 200, response.text
    with pytest.raises(auth.RevokedIdTokenError):
        firebase_auth.verify_id_token(made["idToken"], check_revoked=True)
