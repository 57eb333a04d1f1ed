"""firebase-admin (PyPI, 7.7.0) in emulator mode against Gatehouse: user management with the
`Bearer owner` credential it always sends (accepted only in development on loopback), the
service-role key instead in production, ID-token verification and `check_revoked` after a
password change; and the permission errors of the same calls without admin rights."""

from __future__ import annotations

import json
import time

import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa
from firebase_admin import auth

from firebase_support import (
    NEW_PASSWORD, PASSWORD, PROJECT_ID, firebase_error, ios_sign_in, ios_sign_up, v1, v3,
)
from support import unique_email


def test_create_get_update_delete(firebase_auth, fb_server):
    email = unique_email("admin-create")
    created = firebase_auth.create_user(email=email, password=PASSWORD, email_verified=True, display_name="Grace")
    assert created.email == email and created.email_verified is True and created.display_name == "Grace"
    assert created.disabled is False
    assert created.user_metadata.creation_timestamp > 0
    assert created.tokens_valid_after_timestamp > 0
    assert [p.provider_id for p in created.provider_data] == ["password"]
    by_email = firebase_auth.get_user_by_email(email.upper())
    assert by_email.uid == created.uid
    assert firebase_auth.get_user(created.uid).email == email
    # The made account signs in through the iOS paths.
    ios_sign_in(fb_server, email)

    updated = firebase_auth.update_user(created.uid, password=NEW_PASSWORD)
    assert updated.uid == created.uid
    ios_sign_in(fb_server, email, NEW_PASSWORD)
    firebase_error(v3(fb_server, "verifyPassword", {"email": email, "password": PASSWORD}), "INVALID_LOGIN_CREDENTIALS")

    assert firebase_auth.update_user(created.uid, disabled=True).disabled is True
    firebase_error(v3(fb_server, "verifyPassword", {"email": email, "password": NEW_PASSWORD}), "USER_DISABLED")
    assert firebase_auth.update_user(created.uid, disabled=False).disabled is False
    ios_sign_in(fb_server, email, NEW_PASSWORD)

    firebase_auth.delete_user(created.uid)
    with pytest.raises(auth.UserNotFoundError):
        firebase_auth.get_user(created.uid)
    with pytest.raises(auth.UserNotFoundError):
        firebase_auth.get_user_by_email(email)


def test_create_with_an_existing_address_is_email_exists(firebase_auth, fb_server):
    email = unique_email("admin-exists")
    ios_sign_up(fb_server, email)
    with pytest.raises(auth.EmailAlreadyExistsError):
        firebase_auth.create_user(email=email, password=PASSWORD)


def test_verify_id_token_and_check_revoked_after_password_change(firebase_auth, fb_server):
    email = unique_email("admin-verify")
    signed_up = ios_sign_up(fb_server, email)
    decoded = firebase_auth.verify_id_token(signed_up["idToken"])
    assert decoded["uid"] == signed_up["localId"] and decoded["email"] == email
    assert firebase_auth.verify_id_token(signed_up["idToken"], check_revoked=True)["uid"] == signed_up["localId"]

    time.sleep(1.1)  # validSince is in seconds: the change must come in a later second
    changed = v3(fb_server, "setAccountInfo", {"idToken": signed_up["idToken"], "password": NEW_PASSWORD,
                                               "returnSecureToken": True})
    assert changed.status_code == 200, changed.text
    with pytest.raises(auth.RevokedIdTokenError):
        firebase_auth.verify_id_token(signed_up["idToken"], check_revoked=True)
    fresh = changed.json()["idToken"]
    assert firebase_auth.verify_id_token(fresh, check_revoked=True)["uid"] == signed_up["localId"]


def test_revoke_refresh_tokens(firebase_auth, fb_server):
    signed_up = ios_sign_up(fb_server, unique_email("admin-revoke"))
    time.sleep(1.1)
    firebase_auth.revoke_refresh_tokens(signed_up["localId"])
    with pytest.raises(auth.RevokedIdTokenError):
        firebase_auth.verify_id_token(signed_up["idToken"], check_revoked=True)
    from firebase_support import secure_token
    firebase_error(secure_token(fb_server, signed_up["refreshToken"]), "TOKEN_EXPIRED")


def test_disabled_user_fails_check_revoked(firebase_auth, fb_server):
    signed_up = ios_sign_up(fb_server, unique_email("admin-disabled"))
    firebase_auth.update_user(signed_up["localId"], disabled=True)
    with pytest.raises(auth.UserDisabledError):
        firebase_auth.verify_id_token(signed_up["idToken"], check_revoked=True)


def test_without_admin_rights_the_admin_calls_are_refused(fb_server):
    victim = ios_sign_up(fb_server, unique_email("victim"))
    attacker = ios_sign_up(fb_server, unique_email("attacker"))
    # By address or id, with an API key but no credential: no ID token, so nothing.
    firebase_error(v1(fb_server, "lookup", {"email": [unique_email()]}), "MISSING_ID_TOKEN")
    firebase_error(v1(fb_server, "update", {"localId": victim["localId"], "password": "taken-over-1"}), "MISSING_ID_TOKEN")
    firebase_error(v1(fb_server, "delete", {"localId": victim["localId"]}), "MISSING_ID_TOKEN")
    # With one's own ID token, another account's id is not one's own.
    firebase_error(v1(fb_server, "update", {"idToken": attacker["idToken"], "localId": victim["localId"],
                                            "password": "taken-over-1"}), "INSUFFICIENT_PERMISSION", status=403)
    firebase_error(v1(fb_server, "delete", {"idToken": attacker["idToken"], "localId": victim["localId"]}),
                   "INSUFFICIENT_PERMISSION", status=403)
    firebase_error(v1(fb_server, "lookup", {"idToken": attacker["idToken"], "localId": [victim["localId"]]}),
                   "INSUFFICIENT_PERMISSION", status=403)
    # The admin create path without admin rights.
    firebase_error(v1(fb_server, "", {"email": unique_email(), "password": PASSWORD}, project=PROJECT_ID),
                   "INSUFFICIENT_PERMISSION", status=403)
    # The victim is untouched.
    ios_sign_in(fb_server, victim.get("email") or _email_of(fb_server, victim))


def _email_of(server, signed_up: dict) -> str:
    response = v3(server, "getAccountInfo", {"idToken": signed_up["idToken"]})
    return response.json()["users"][0]["email"]


def test_a_non_admin_jwt_or_garbage_is_refused(fb_server):
    user = ios_sign_up(fb_server, unique_email("not-admin"))
    gotrue = fb_server.request("POST", "token", params={"grant_type": "password"},
                               json={"email": _email_of(fb_server, user), "password": PASSWORD}).json()["access_token"]
    body = {"localId": [user["localId"]]}
    firebase_error(v1(fb_server, "lookup", body, key=None, headers={"Authorization": f"Bearer {gotrue}"},
                      project=PROJECT_ID), "INSUFFICIENT_PERMISSION", status=403)
    error = firebase_error(v1(fb_server, "lookup", body, key=None, headers={"Authorization": "Bearer garbage"},
                              project=PROJECT_ID), "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.", status=401)
    assert error["status"] == "UNAUTHENTICATED"
    # The service-role key is an administrator's credential, as for GoTrue's admin API.
    admin = v1(fb_server, "lookup", body, key=None, headers={"Authorization": f"Bearer {fb_server.service_role_jwt()}"},
               project=PROJECT_ID)
    assert admin.status_code == 200, admin.text
    assert admin.json()["users"][0]["localId"] == user["localId"]


@pytest.fixture(scope="module")
def production_server(module_servers):
    # Production serves Firebase only with an RS256 signing key (there is no development key).
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    signing = {**json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(key)), "kid": "prod-rsa", "alg": "RS256",
               "key_ops": ["sign", "verify"]}
    return module_servers.start(env="production", mail_transport="mailersend", mailersend_api_key="mlsn.test",
                                mailersend_url="http://127.0.0.1:9/v1/email", external_url="https://auth.gatehouse.test",
                                firebase_project_id="prod-project",
                                firebase_api_keys="prod-key", jwt_keys=json.dumps([signing]))


def test_production_refuses_owner_and_accepts_the_service_role(production_server):
    email = unique_email("prod")
    created = v1(production_server, "", {"email": email, "password": PASSWORD}, key=None,
                 headers={"Authorization": "Bearer owner"}, project="prod-project")
    firebase_error(created, "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.", status=401)
    assert "Bearer owner` refused" in production_server.log_text()
    created = v1(production_server, "", {"email": email, "password": PASSWORD}, key=None,
                 headers={"Authorization": f"Bearer {production_server.service_role_jwt()}"}, project="prod-project")
    assert created.status_code == 200, created.text
    assert created.json()["kind"] == "identitytoolkit#SignupNewUserResponse"
    signed_in = v1(production_server, "signInWithPassword", {"email": email, "password": PASSWORD}, key="prod-key")
    assert signed_in.status_code == 200, signed_in.text
    header = jwt.get_unverified_header(signed_in.json()["idToken"])
    assert header["alg"] == "RS256" and header["kid"] == "prod-rsa", header


def test_owner_is_logged_each_time_in_development(firebase_auth, fb_server):
    before = fb_server.log_text().count("`Bearer owner` (development only)")
    firebase_auth.get_user_by_email(ios_sign_up(fb_server, unique_email("logged"))["email"])
    assert fb_server.log_text().count("`Bearer owner` (development only)") == before + 1
