"""Firebase's error envelope and names for every failure the adapter answers, from the one
mapping table: input checks in Firebase's order, one INVALID_LOGIN_CREDENTIALS for wrong
password and unknown address, rate limits as TOO_MANY_ATTEMPTS_TRY_LATER, revoked and
malformed refresh tokens, ID tokens, API keys, unknown RPCs and projects."""

from __future__ import annotations

import re

import pytest

from firebase_support import (
    API_KEY, PASSWORD, claims, firebase_error, http, ios_lookup, ios_sign_in, ios_sign_up, secure_token, v1, v3,
)
from support import unique_email


def test_email_exists_on_a_second_sign_up(fb_server):
    email = unique_email("fb-exists")
    ios_sign_up(fb_server, email)
    firebase_error(v1(fb_server, "signUp", {"email": email.upper(), "password": PASSWORD, "returnSecureToken": True}),
                   "EMAIL_EXISTS")


def test_sign_up_input_errors(fb_server):
    error = firebase_error(v1(fb_server, "signUp", {"email": unique_email(), "password": "abc"}), "WEAK_PASSWORD")
    assert re.fullmatch(r"WEAK_PASSWORD : Password should be at least \d+ characters", error["message"]), error
    firebase_error(v1(fb_server, "signUp", {"email": "not-an-address", "password": PASSWORD}), "INVALID_EMAIL")
    firebase_error(v1(fb_server, "signUp", {"password": PASSWORD}), "MISSING_EMAIL")
    firebase_error(v1(fb_server, "signUp", {"email": unique_email()}), "MISSING_PASSWORD")


def test_sign_in_input_errors_in_firebase_order(fb_server):
    firebase_error(v1(fb_server, "signInWithPassword", {}), "MISSING_EMAIL")
    firebase_error(v1(fb_server, "signInWithPassword", {"email": "nope"}), "INVALID_EMAIL")
    firebase_error(v1(fb_server, "signInWithPassword", {"email": unique_email()}), "MISSING_PASSWORD")


def test_wrong_password_and_unknown_address_answer_one_body(fb_server):
    email = unique_email("fb-wrong")
    ios_sign_up(fb_server, email)
    wrong = v3(fb_server, "verifyPassword", {"email": email, "password": "wrong-password", "returnSecureToken": True})
    unknown = v3(fb_server, "verifyPassword", {"email": unique_email("nobody"), "password": PASSWORD, "returnSecureToken": True})
    firebase_error(wrong, "INVALID_LOGIN_CREDENTIALS")
    assert wrong.status_code == unknown.status_code and wrong.content == unknown.content


def test_rate_limits_answer_too_many_attempts(server_factory):
    server = server_factory.start(rate_limit_token=1, rate_limit_burst=1)
    body = {"email": unique_email(), "password": PASSWORD, "returnSecureToken": True}
    first = v3(server, "verifyPassword", body)
    firebase_error(first, "INVALID_LOGIN_CREDENTIALS")
    error = firebase_error(v3(server, "verifyPassword", body), "TOO_MANY_ATTEMPTS_TRY_LATER")
    assert error["message"].startswith("TOO_MANY_ATTEMPTS_TRY_LATER : ")
    # securetoken spends the same budget as sign-in.
    firebase_error(secure_token(server, "whatever"), "TOO_MANY_ATTEMPTS_TRY_LATER")


def test_the_per_address_failure_budget_answers_too_many_attempts(server_factory):
    server = server_factory.start(signin_failure_limit=2)
    email = unique_email("fb-budget")
    ios_sign_up(server, email)
    body = {"email": email, "password": "wrong-password", "returnSecureToken": True}
    for _ in range(2):
        firebase_error(v3(server, "verifyPassword", body), "INVALID_LOGIN_CREDENTIALS")
    response = v3(server, "verifyPassword", {**body, "password": PASSWORD})
    firebase_error(response, "TOO_MANY_ATTEMPTS_TRY_LATER")
    assert int(response.headers["retry-after"]) > 0


def test_disabled_user_cannot_sign_in_or_refresh(fb_server):
    email = unique_email("fb-disabled")
    signed_up = ios_sign_up(fb_server, email)
    response = v1(fb_server, "update", {"localId": signed_up["localId"], "disableUser": True}, key=None,
                  headers={"Authorization": "Bearer owner"}, project="gatehouse-dev")
    assert response.status_code == 200, response.text
    firebase_error(v3(fb_server, "verifyPassword", {"email": email, "password": PASSWORD}), "USER_DISABLED")
    firebase_error(secure_token(fb_server, signed_up["refreshToken"]), "USER_DISABLED")
    assert ios_lookup_disabled(fb_server, signed_up["localId"]) is True


def ios_lookup_disabled(server, local_id: str) -> bool:
    response = v1(server, "lookup", {"localId": [local_id]}, key=None, headers={"Authorization": "Bearer owner"},
                  project="gatehouse-dev")
    assert response.status_code == 200, response.text
    return response.json()["users"][0]["disabled"]


def test_secure_token_errors(fb_server):
    url = f"{fb_server.root_url}/securetoken.googleapis.com/v1/token"
    with http() as client:
        firebase_error(client.post(url, params={"key": API_KEY}, json={"refreshToken": "x"}), "MISSING_GRANT_TYPE")
        firebase_error(client.post(url, params={"key": API_KEY}, json={"grantType": "password", "refreshToken": "x"}),
                       "INVALID_GRANT_TYPE")
        firebase_error(client.post(url, params={"key": API_KEY}, data={"grant_type": "refresh_token"}),
                       "MISSING_REFRESH_TOKEN")
    firebase_error(secure_token(fb_server, "not-a-refresh-token"), "INVALID_REFRESH_TOKEN")
    signed_up = ios_sign_up(fb_server, unique_email("fb-tamper"))
    token = signed_up["refreshToken"]
    tampered = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
    firebase_error(secure_token(fb_server, tampered), "INVALID_REFRESH_TOKEN")


def test_rotated_refresh_token_replayed_is_token_expired(fb_server):
    signed_up = ios_sign_up(fb_server, unique_email("fb-replay"))
    first = secure_token(fb_server, signed_up["refreshToken"]).json()
    second = secure_token(fb_server, first["refresh_token"]).json()
    assert second["refresh_token"] != first["refresh_token"]
    # The original token is two rotations old: a replay, which revokes the session.
    firebase_error(secure_token(fb_server, signed_up["refreshToken"]), "TOKEN_EXPIRED")
    firebase_error(secure_token(fb_server, second["refresh_token"]), "TOKEN_EXPIRED")


def test_bad_id_tokens(fb_server):
    firebase_error(ios_lookup(fb_server, "garbage"), "INVALID_ID_TOKEN")
    firebase_error(v3(fb_server, "getAccountInfo", {}), "MISSING_ID_TOKEN")
    # A GoTrue access token of the same account is not a Firebase ID token.
    email = unique_email("fb-gotrue-token")
    ios_sign_up(fb_server, email)
    gotrue = fb_server.request("POST", "token", params={"grant_type": "password"}, json={"email": email, "password": PASSWORD})
    assert gotrue.status_code == 200, gotrue.text
    firebase_error(ios_lookup(fb_server, gotrue.json()["access_token"]), "INVALID_ID_TOKEN")
    # Nor is a Firebase ID token a GoTrue bearer token.
    firebase_token = ios_sign_in(fb_server, email)["idToken"]
    assert fb_server.request("GET", "user", bearer=firebase_token).status_code in (401, 403)
    assert claims(firebase_token)["email"] == email


def test_api_key_missing_and_unknown_rpc_and_project(fb_server):
    firebase_error(v1(fb_server, "signInWithPassword", {}, key=None), "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.", status=403)
    firebase_error(v1(fb_server, "notAnRpc", {}), "NOT_FOUND", status=404)
    firebase_error(v3(fb_server, "notAnRpc", {}), "NOT_FOUND", status=404)
    firebase_error(v1(fb_server, "lookup", {"localId": ["x"]}, key=None, headers={"Authorization": "Bearer owner"},
                      project="someone-else"), "INVALID_PROJECT_ID")
    # The header carries the key as well as `key=`.
    response = v1(fb_server, "signInWithPassword", {}, key=None, headers={"X-Goog-Api-Key": API_KEY})
    firebase_error(response, "MISSING_EMAIL")


@pytest.fixture(scope="module")
def keyed_server(module_servers):
    return module_servers.start(firebase_api_keys="key-one, key-two")


def test_configured_api_keys(keyed_server):
    error = firebase_error(v1(keyed_server, "signInWithPassword", {}, key="key-three"),
                           "API key not valid. Please pass a valid API key.")
    assert error["errors"][0]["reason"] == "keyInvalid"
    assert error["status"] == "INVALID_ARGUMENT"
    assert error["details"][0]["reason"] == "API_KEY_INVALID"
    firebase_error(v1(keyed_server, "signInWithPassword", {}, key="key-two"), "MISSING_EMAIL")
    firebase_error(v1(keyed_server, "signInWithPassword", {}, key=None, headers={"X-Goog-Api-Key": "key-one"}),
                   "MISSING_EMAIL")


def test_production_without_a_project_serves_no_firebase_paths(server_factory):
    server = server_factory.start(env="production", mail_transport="mailersend", mailersend_api_key="mlsn.test",
                                  mailersend_url="http://127.0.0.1:9/v1/email", external_url="https://auth.gatehouse.test")
    assert v1(server, "signInWithPassword", {"email": unique_email(), "password": PASSWORD}).status_code == 404
    assert v3(server, "verifyPassword", {"email": unique_email(), "password": PASSWORD}).status_code == 404
    assert secure_token(server, "x").status_code == 404


def test_production_needs_api_keys_with_a_project(server_factory):
    from gatehouse_server import ServerStartError

    with pytest.raises(ServerStartError):
        server_factory.start(env="production", mail_transport="mailersend", mailersend_api_key="mlsn.test",
                             mailersend_url="http://127.0.0.1:9/v1/email", firebase_project_id="my-project-1")
    log = server_factory.servers[-1].log_text()
    assert "GATEHOUSE_FIREBASE_API_KEYS is required" in log


def test_password_change_needs_a_recent_sign_in(server_factory):
    server = server_factory.start(reauthentication_window=0)
    signed_up = ios_sign_up(server, unique_email("fb-stale"))
    response = v3(server, "setAccountInfo", {"idToken": signed_up["idToken"], "password": "a-new-password-1",
                                             "returnSecureToken": True})
    firebase_error(response, "CREDENTIAL_TOO_OLD_LOGIN_AGAIN")


def test_email_change_and_custom_uids_are_refused(fb_server, firebase_auth):
    from firebase_admin import exceptions

    signed_up = ios_sign_up(fb_server, unique_email("fb-email-change"))
    firebase_error(v3(fb_server, "setAccountInfo", {"idToken": signed_up["idToken"], "email": unique_email("new")}),
                   "OPERATION_NOT_ALLOWED")
    with pytest.raises(exceptions.InvalidArgumentError) as info:
        firebase_auth.create_user(uid="my-own-uid", email=unique_email("uid"), password=PASSWORD)
    assert "INVALID_LOCAL_ID" in str(info.value), info.value
