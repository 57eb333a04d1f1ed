"""POST /token?grant_type=password: sessions, their JSON, the access-token claims, errors."""

from __future__ import annotations

import time

import jwt

from support import (
    ISO_8601_UTC,
    OTHER_PASSWORD,
    PASSWORD,
    api_error,
    assert_error,
    is_uuid,
    new_user_with_session,
    password_grant,
    sign_in,
    unique_email,
)

SECRET_FIELD_HINTS = ("password", "hash", "token", "secret")


def test_sign_in_with_the_official_client(server):
    email = unique_email()
    new_user_with_session(server, email)
    client = server.client()
    response = client.sign_in_with_password({"email": email, "password": PASSWORD})
    assert response.session is not None
    assert response.user.email == email
    assert client.get_session().access_token == response.session.access_token
    assert client.get_user().user.id == response.user.id


def test_sign_in_on_the_root_mount(server):
    email = unique_email()
    created = new_user_with_session(server, email)
    client = server.client(root=True)
    response = client.sign_in_with_password({"email": email, "password": PASSWORD})
    assert response.user.id == created["user"]["id"]
    assert client.get_user().user.email == email


def test_session_json(server):
    email = unique_email()
    new_user_with_session(server, email)
    before = int(time.time())
    body = sign_in(server, email)
    after = int(time.time())

    for key in ("access_token", "token_type", "expires_in", "expires_at", "refresh_token", "user"):
        assert key in body, f"session lacks {key!r}: {sorted(body)}"
    assert body["token_type"] == "bearer"
    assert isinstance(body["expires_in"], int) and 3590 <= body["expires_in"] <= 3600, body["expires_in"]
    assert isinstance(body["expires_at"], int)
    assert before + 3590 <= body["expires_at"] <= after + 3600
    assert body["expires_at"] == server.decode_access_token(body["access_token"])["exp"]
    assert isinstance(body["refresh_token"], str) and len(body["refresh_token"]) >= 12

    user = body["user"]
    assert is_uuid(user["id"]), user["id"]
    assert user["aud"] == "authenticated"
    assert user["role"] == "authenticated"
    assert user["email"] == email
    for key in ("created_at", "updated_at", "email_confirmed_at", "last_sign_in_at"):
        assert ISO_8601_UTC.match(user.get(key) or ""), f"{key}: {user.get(key)!r}"
    assert user["app_metadata"] == {"provider": "email", "providers": ["email"]}
    assert isinstance(user["user_metadata"], dict)
    assert user["is_anonymous"] is False
    leaked = [key for key in user if any(hint in key for hint in SECRET_FIELD_HINTS)]
    assert not leaked, f"secret-looking fields in the user JSON: {leaked}"

    assert len(user["identities"]) == 1, user["identities"]
    identity = user["identities"][0]
    assert is_uuid(identity["identity_id"])
    assert identity["id"] == user["id"]
    assert identity["user_id"] == user["id"]
    assert identity["provider"] == "email"
    assert identity["email"] == email
    assert identity["identity_data"]["sub"] == user["id"]
    assert identity["identity_data"]["email"] == email
    for key in ("created_at", "updated_at"):
        assert ISO_8601_UTC.match(identity.get(key) or ""), f"identity {key}: {identity.get(key)!r}"


def test_access_token_claims(server):
    email = unique_email()
    user_id = new_user_with_session(server, email)["user"]["id"]
    now = int(time.time())
    token = sign_in(server, email)["access_token"]

    assert jwt.get_unverified_header(token)["alg"] == "HS256"  # with GATEHOUSE_JWT_SECRET set, as production signs
    claims = server.decode_access_token(token)  # checks the signature and the audience
    assert claims["sub"] == user_id
    assert claims["aud"] == "authenticated"  # a plain string, not a list
    assert claims["role"] == "authenticated"
    assert claims["email"] == email
    assert claims["exp"] - claims["iat"] == 3600
    assert abs(claims["iat"] - now) <= 5
    assert is_uuid(claims["session_id"])
    assert claims["aal"] == "aal1"
    assert claims["is_anonymous"] is False
    assert isinstance(claims["amr"], list) and claims["amr"], claims.get("amr")
    for entry in claims["amr"]:
        assert set(entry) >= {"method", "timestamp"}, entry
        assert isinstance(entry["timestamp"], int)
    assert claims["amr"][0]["method"] == "password"
    assert abs(claims["amr"][0]["timestamp"] - now) <= 5
    assert claims["app_metadata"]["provider"] == "email"
    assert isinstance(claims["user_metadata"], dict)


def test_each_sign_in_is_a_new_session(server):
    email = unique_email()
    first = new_user_with_session(server, email)
    second = sign_in(server, email)
    assert first["refresh_token"] != second["refresh_token"]
    first_session = server.decode_access_token(first["access_token"])["session_id"]
    second_session = server.decode_access_token(second["access_token"])["session_id"]
    assert first_session != second_session


def test_jwt_expiry_is_configurable(server_factory):
    short = server_factory.start(jwt_expiry=120)
    body = new_user_with_session(short)
    claims = short.decode_access_token(body["access_token"])
    assert claims["exp"] - claims["iat"] == 120
    assert 110 <= body["expires_in"] <= 120


def test_wrong_password_and_unknown_email_look_the_same(server):
    email = unique_email()
    new_user_with_session(server, email)
    client = server.client()
    with api_error(400, "invalid_credentials") as wrong_password:
        client.sign_in_with_password({"email": email, "password": OTHER_PASSWORD})
    with api_error(400, "invalid_credentials") as unknown_email:
        client.sign_in_with_password({"email": unique_email(), "password": PASSWORD})
    assert wrong_password.value.message == unknown_email.value.message

    raw_wrong = password_grant(server, email, OTHER_PASSWORD)
    raw_unknown = password_grant(server, unique_email(), PASSWORD)
    assert raw_wrong.status_code == raw_unknown.status_code == 400
    assert raw_wrong.json() == raw_unknown.json()


def test_sign_in_is_case_insensitive_in_the_email(server):
    email = unique_email()
    created = new_user_with_session(server, email)
    response = server.client().sign_in_with_password({"email": email.upper(), "password": PASSWORD})
    assert response.user.id == created["user"]["id"]


def test_unknown_grant_type(server):
    response = server.request("POST", "token", params={"grant_type": "magic"}, json={})
    assert_error(response, 400, "invalid_credentials")
