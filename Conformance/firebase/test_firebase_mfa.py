"""Multi-factor sign-in over Firebase's Identity Toolkit, with the exact shapes the SDKs read:
a password sign-in of an account with a verified TOTP factor answers `mfaPendingCredential` and
`mfaInfo[]` (no tokens), `v2/accounts/mfaSignIn:finalize` with the authenticator's code answers
the tokens of an aal2 session whose ID tokens carry `firebase.sign_in_second_factor`; and
`accounts:delete` by an ID token needs what a password change needs (a recent sign-in, the
second factor), while firebase-admin's `delete_user` needs neither.

The factor is enrolled through GoTrue's API (one account store). Each account's codes are taken
at the steps the server accepts now, the previous one first, each later than the last used (a
code works once)."""

from __future__ import annotations

import time
import uuid

import pyotp
import pytest

from firebase_support import (
    IOS_HEADERS, PASSWORD, PROJECT_ID, admin_client, claims, firebase_error, http, ios_lookup, secure_token, v1, v3,
)
from support import unique_email

# Seconds a sign-in counts as recent here (`GATEHOUSE_REAUTHENTICATION_WINDOW`), short enough to wait out.
RECENT_WINDOW = 2


@pytest.fixture(scope="module")
def mfa_server(module_servers):
    return module_servers.start(reauthentication_window=RECENT_WINDOW)


@pytest.fixture(scope="module")
def admin_auth(mfa_server):
    with admin_client(mfa_server, "gatehouse-mfa") as client:
        yield client


class Authenticator:
    """An authenticator app: codes at the steps the server accepts, each later than the last."""

    def __init__(self, secret: str):
        self.totp = pyotp.TOTP(secret)
        self.used = None

    def code(self) -> str:
        step = int(time.time()) // 30 - 1 if self.used is None else max(self.used + 1, int(time.time()) // 30)
        self.used = step
        return self.totp.at(step * 30)

    def wrong_code(self) -> str:
        accepted = {self.totp.at(time.time() + delta) for delta in (-60, -30, 0, 30, 60)}
        return next(code for code in (f"{n:06d}" for n in range(1000)) if code not in accepted)


def gotrue_sign_in(server, email: str) -> dict:
    response = server.request("POST", "token", params={"grant_type": "password"}, json={"email": email, "password": PASSWORD})
    assert response.status_code == 200, response.text
    return response.json()


def enrolled(server, prefix: str = "fb-mfa"):
    """A new account with a verified TOTP factor named "phone": (email, factor id, authenticator)."""
    email = unique_email(prefix)
    made = server.request("POST", "signup", json={"email": email, "password": PASSWORD})
    assert made.status_code == 200, made.text
    token = gotrue_sign_in(server, email)["access_token"]
    factor = server.request("POST", "factors", bearer=token, json={"factor_type": "totp", "friendly_name": "phone"})
    assert factor.status_code == 200, factor.text
    factor_id, secret = factor.json()["id"], factor.json()["totp"]["secret"]
    app = Authenticator(secret)
    challenge = server.request("POST", f"factors/{factor_id}/challenge", bearer=token, json={})
    verified = server.request(
        "POST", f"factors/{factor_id}/verify", bearer=token, json={"challenge_id": challenge.json()["id"], "code": app.code()})
    assert verified.status_code == 200, verified.text
    return email, factor_id, app


def v2(server, rpc: str, body: dict, key: str | None = "test-api-key"):
    """`POST /identitytoolkit.googleapis.com/v2/accounts/<rpc>?key=` as the SDKs send it."""
    params = {"key": key} if key is not None else {}
    with http() as client:
        return client.post(
            f"{server.root_url}/identitytoolkit.googleapis.com/v2/accounts/{rpc}", params=params, json=body, headers=IOS_HEADERS)


def pending(server, email: str) -> dict:
    response = v1(server, "signInWithPassword", {"email": email, "password": PASSWORD, "returnSecureToken": True})
    assert response.status_code == 200, response.text
    return response.json()


def finalize(server, credential: str, factor_id: str, code: str):
    return v2(server, "mfaSignIn:finalize", {
        "mfaPendingCredential": credential, "mfaEnrollmentId": factor_id, "totpVerificationInfo": {"verificationCode": code}})


def mfa_sign_in(server, email: str, factor_id: str, app: Authenticator) -> dict:
    response = finalize(server, pending(server, email)["mfaPendingCredential"], factor_id, app.code())
    assert response.status_code == 200, response.text
    return response.json()


def test_a_password_alone_answers_the_pending_credential_and_the_factors(mfa_server):
    email, factor_id, _ = enrolled(mfa_server)
    ios = v3(mfa_server, "verifyPassword", {
        "email": email, "password": PASSWORD, "returnSecureToken": True, "clientType": "CLIENT_TYPE_IOS"})
    rest = v1(mfa_server, "signInWithPassword", {"email": email, "password": PASSWORD, "returnSecureToken": True})
    for response in (ios, rest):
        assert response.status_code == 200, response.text
        body = response.json()
        assert body["kind"] == "identitytoolkit#VerifyPasswordResponse"
        assert body["email"] == email and body["localId"] and body["registered"] is True
        assert "idToken" not in body and "refreshToken" not in body and "expiresIn" not in body
        assert isinstance(body["mfaPendingCredential"], str) and body["mfaPendingCredential"]
        [factor] = body["mfaInfo"]
        assert set(factor) == {"mfaEnrollmentId", "displayName", "enrolledAt", "totpInfo"}
        assert factor["mfaEnrollmentId"] == factor_id and factor["displayName"] == "phone" and factor["totpInfo"] == {}
        assert factor["enrolledAt"].endswith("Z")
    assert ios.json()["mfaPendingCredential"] != rest.json()["mfaPendingCredential"]


def test_finalize_answers_aal2_tokens_that_name_the_factor(mfa_server, admin_auth):
    email, factor_id, app = enrolled(mfa_server)
    body = mfa_sign_in(mfa_server, email, factor_id, app)
    assert set(body) == {"idToken", "refreshToken"}
    token = claims(body["idToken"])
    assert token["firebase"]["sign_in_provider"] == "password"
    assert token["firebase"]["sign_in_second_factor"] == "totp"
    assert token["firebase"]["second_factor_identifier"] == factor_id
    decoded = admin_auth.verify_id_token(body["idToken"])
    assert decoded["firebase"]["sign_in_second_factor"] == "totp"

    refreshed = secure_token(mfa_server, body["refreshToken"])
    assert refreshed.status_code == 200, refreshed.text
    again = claims(refreshed.json()["id_token"])
    assert again["firebase"]["second_factor_identifier"] == factor_id

    [user] = ios_lookup(mfa_server, body["idToken"]).json()["users"]
    assert [info["mfaEnrollmentId"] for info in user["mfaInfo"]] == [factor_id]
    assert user["mfaInfo"][0]["totpInfo"] == {}


def test_the_pending_credential_is_checked_and_works_once(mfa_server):
    email, factor_id, app = enrolled(mfa_server)
    credential = pending(mfa_server, email)["mfaPendingCredential"]
    started = v2(mfa_server, "mfaSignIn:start", {"mfaPendingCredential": credential, "mfaEnrollmentId": factor_id})
    assert started.status_code == 200 and started.json() == {}, started.text
    firebase_error(finalize(mfa_server, credential, factor_id, app.wrong_code()), "INVALID_CODE")
    assert finalize(mfa_server, credential, factor_id, app.code()).status_code == 200
    # Redeemed: refused before any code is looked at.
    firebase_error(finalize(mfa_server, credential, factor_id, "123456"), "INVALID_MFA_PENDING_CREDENTIAL")
    firebase_error(finalize(mfa_server, "not-a-credential", factor_id, "123456"), "INVALID_MFA_PENDING_CREDENTIAL")
    fresh = pending(mfa_server, email)["mfaPendingCredential"]
    firebase_error(finalize(mfa_server, fresh, str(uuid.uuid4()), "123456"), "MFA_ENROLLMENT_NOT_FOUND")
    firebase_error(v2(mfa_server, "mfaSignIn:finalize", {"mfaEnrollmentId": factor_id}), "MISSING_CREDENTIAL")
    firebase_error(v2(mfa_server, "mfaSignIn:start", {"mfaEnrollmentId": factor_id}), "MISSING_MFA_PENDING_CREDENTIAL")
    firebase_error(v2(mfa_server, "mfaSignIn:start", {
        "mfaPendingCredential": fresh, "mfaEnrollmentId": factor_id, "phoneSignInInfo": {"phoneNumber": "+15555550100"}}),
        "OPERATION_NOT_ALLOWED")
    unregistered = v2(mfa_server, "mfaSignIn:finalize", {"mfaPendingCredential": fresh}, key=None)
    assert unregistered.status_code == 403 and unregistered.json()["error"]["status"] == "PERMISSION_DENIED", unregistered.text
    # None of those spent the fresh credential.
    assert finalize(mfa_server, fresh, factor_id, app.code()).status_code == 200


def test_deletion_needs_a_recent_sign_in(mfa_server, admin_auth):
    from firebase_admin import auth

    email = unique_email("fb-delete")
    signed_up = v1(mfa_server, "signUp", {"email": email, "password": PASSWORD, "returnSecureToken": True}).json()
    time.sleep(RECENT_WINDOW + 1)
    firebase_error(v1(mfa_server, "delete", {"idToken": signed_up["idToken"]}), "CREDENTIAL_TOO_OLD_LOGIN_AGAIN")
    firebase_error(v1(mfa_server, "update", {"idToken": signed_up["idToken"], "password": "another-fine-password"}),
                   "CREDENTIAL_TOO_OLD_LOGIN_AGAIN")
    assert admin_auth.get_user(signed_up["localId"]).email == email
    fresh = v1(mfa_server, "signInWithPassword", {"email": email, "password": PASSWORD, "returnSecureToken": True}).json()
    deleted = v3(mfa_server, "deleteAccount", {"idToken": fresh["idToken"]})
    assert deleted.status_code == 200 and deleted.json()["kind"] == "identitytoolkit#DeleteAccountResponse", deleted.text
    with pytest.raises(auth.UserNotFoundError):
        admin_auth.get_user(signed_up["localId"])


def test_deletion_needs_the_second_factor_of_an_account_that_has_one(mfa_server, admin_auth):
    from firebase_admin import auth

    email, factor_id, app = enrolled(mfa_server, "fb-delete-mfa")
    # A password-only session (GoTrue's aal1), carried on over securetoken into a Firebase ID token.
    carried = secure_token(mfa_server, gotrue_sign_in(mfa_server, email)["refresh_token"])
    assert carried.status_code == 200, carried.text
    aal1 = carried.json()["id_token"]
    assert "sign_in_second_factor" not in claims(aal1)["firebase"]
    firebase_error(v1(mfa_server, "delete", {"idToken": aal1}), "CREDENTIAL_TOO_OLD_LOGIN_AGAIN")
    user_id = claims(aal1)["user_id"]
    assert admin_auth.get_user(user_id).email == email

    aal2 = mfa_sign_in(mfa_server, email, factor_id, app)
    deleted = v1(mfa_server, "delete", {"idToken": aal2["idToken"]})
    assert deleted.status_code == 200, deleted.text
    with pytest.raises(auth.UserNotFoundError):
        admin_auth.get_user(user_id)


def test_firebase_admin_reads_and_deletes_an_account_with_a_factor(mfa_server, admin_auth):
    from firebase_admin import auth

    email, factor_id, _ = enrolled(mfa_server, "fb-admin-mfa")
    user = admin_auth.get_user_by_email(email)
    assert user.email == email
    # firebase-admin's lookup, raw: the factor is listed as Identity Toolkit lists it.
    raw = v1(mfa_server, "lookup", {"email": [email]}, key=None, project=PROJECT_ID, headers={"Authorization": "Bearer owner"})
    assert [info["mfaEnrollmentId"] for info in raw.json()["users"][0]["mfaInfo"]] == [factor_id]
    time.sleep(RECENT_WINDOW + 1)
    admin_auth.delete_user(user.uid)
    with pytest.raises(auth.UserNotFoundError):
        admin_auth.get_user(user.uid)
