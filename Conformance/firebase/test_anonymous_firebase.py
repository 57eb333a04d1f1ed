"""Anonymous accounts over Firebase: the SDKs' `signInAnonymously` (`accounts:signUp` / iOS
`signupNewUser` with no credentials) under `GATEHOUSE_EXTERNAL_ANONYMOUS_USERS_ENABLED` (off:
`ADMIN_ONLY_OPERATION`), tokens and lookups without an address, and linking: an email and
password credential (`signupNewUser` with the `idToken`, as the iOS SDK links; `setAccountInfo`
too) and an email-link credential (`emailLinkSignin` with the `idToken`) keep the uid.
firebase-admin sees each step. Runs on SQLite and PostgreSQL (`--db`)."""

from __future__ import annotations

import pytest

from firebase_oob_support import action_query, error_name, firebase_sign_in, secure_token, v1, v3
from firebase_support import admin_client, claims
from recovery_support import RECOVERY_SETTINGS, link_in, wait_for_dev_mail
from support import PASSWORD, unique_email

SIGN_IN_SUBJECT = "Sign in to Gatehouse"
CONTINUE_URL = "https://app.example.com/finish"


@pytest.fixture(scope="module")
def anon_server(module_servers):
    return module_servers.start(**RECOVERY_SETTINGS, autoconfirm=False, external_anonymous_users_enabled=True,
                                redirect_allow_list="https://app.example.com/**")


def sign_in_anonymously(server) -> dict:
    """`Auth.auth().signInAnonymously()`: signupNewUser with returnSecureToken only."""
    response = v3(server, "signupNewUser", {"returnSecureToken": True, "clientType": "CLIENT_TYPE_IOS"})
    assert response.status_code == 200, response.text
    return response.json()


def test_off_by_default(fb_server):
    assert error_name(v1(fb_server, "signUp", {"returnSecureToken": True})) == "ADMIN_ONLY_OPERATION"


def test_an_anonymous_account_has_no_address_anywhere(anon_server):
    body = sign_in_anonymously(anon_server)
    assert body["kind"] == "identitytoolkit#SignupNewUserResponse" and "email" not in body, body
    assert body["expiresIn"] == "3600"
    id_claims = claims(body["idToken"])
    assert id_claims["provider_id"] == "anonymous" and id_claims["user_id"] == body["localId"], id_claims
    assert id_claims["firebase"] == {"identities": {}, "sign_in_provider": "anonymous"}, id_claims
    assert "email" not in id_claims and "email_verified" not in id_claims, id_claims
    lookup = v3(anon_server, "getAccountInfo", {"idToken": body["idToken"]})
    assert lookup.status_code == 200, lookup.text
    [user] = lookup.json()["users"]
    assert user["localId"] == body["localId"] and "email" not in user and "passwordHash" not in user, user
    assert secure_token(anon_server, body["refreshToken"]).json()["user_id"] == body["localId"]
    with admin_client(anon_server) as client:
        assert client.verify_id_token(body["idToken"])["uid"] == body["localId"]
        record = client.get_user(body["localId"])
        assert record.email is None and record.provider_data == [], record


def test_linking_an_email_and_password_keeps_the_uid(anon_server):
    anonymous = sign_in_anonymously(anon_server)
    email = unique_email("fbanonlink")
    linked = v3(anon_server, "signupNewUser",
                {"idToken": anonymous["idToken"], "email": email, "password": PASSWORD, "returnSecureToken": True})
    assert linked.status_code == 200, linked.text
    assert linked.json()["localId"] == anonymous["localId"] and linked.json()["email"] == email, linked.text
    id_claims = claims(linked.json()["idToken"])
    assert id_claims["email"] == email and id_claims["email_verified"] is False and "provider_id" not in id_claims, id_claims
    assert firebase_sign_in(anon_server, email, PASSWORD)["localId"] == anonymous["localId"]
    assert error_name(secure_token(anon_server, anonymous["refreshToken"])) == "TOKEN_EXPIRED"
    with admin_client(anon_server) as client:
        assert client.get_user(anonymous["localId"]).email == email

    taken = sign_in_anonymously(anon_server)
    again = v3(anon_server, "signupNewUser", {"idToken": taken["idToken"], "email": email, "password": PASSWORD})
    assert error_name(again) == "EMAIL_EXISTS"
    twice = v3(anon_server, "signupNewUser",
               {"idToken": linked.json()["idToken"], "email": unique_email("fbanontwice"), "password": PASSWORD})
    assert error_name(twice) == "PROVIDER_ALREADY_LINKED"


def test_linking_through_set_account_info(anon_server):
    anonymous = sign_in_anonymously(anon_server)
    email = unique_email("fbanonset")
    alone = v3(anon_server, "setAccountInfo", {"idToken": anonymous["idToken"], "email": email})
    assert error_name(alone) == "OPERATION_NOT_ALLOWED"
    linked = v3(anon_server, "setAccountInfo",
                {"idToken": anonymous["idToken"], "email": email, "password": PASSWORD, "returnSecureToken": True})
    assert linked.status_code == 200, linked.text
    assert linked.json()["localId"] == anonymous["localId"] and linked.json()["email"] == email, linked.text
    assert linked.json()["idToken"] and linked.json()["passwordHash"] == "UkVEQUNURUQ="


def test_linking_an_email_link_keeps_the_uid_and_verifies_the_address(anon_server):
    anonymous = sign_in_anonymously(anon_server)
    email = unique_email("fbanonmail")
    sent = v1(anon_server, "sendOobCode", {"requestType": "EMAIL_SIGNIN", "email": email, "continueUrl": CONTINUE_URL,
                                          "canHandleCodeInApp": True})
    assert sent.status_code == 200, sent.text
    message = wait_for_dev_mail(anon_server, email, subject=SIGN_IN_SUBJECT)[0]
    code = action_query(link_in(message["text"], "/__/auth/action"))["oobCode"]
    linked = v3(anon_server, "emailLinkSignin",
                {"email": email, "oobCode": code, "idToken": anonymous["idToken"], "returnSecureToken": True})
    assert linked.status_code == 200, linked.text
    assert linked.json()["localId"] == anonymous["localId"] and linked.json()["isNewUser"] is False, linked.text
    id_claims = claims(linked.json()["idToken"])
    assert id_claims["email"] == email and id_claims["email_verified"] is True, id_claims
    with admin_client(anon_server) as client:
        user = client.get_user_by_email(email)
        assert user.uid == anonymous["localId"] and user.email_verified is True
