"""GET /user and PUT /user: the current user, bearer checks, password changes."""

from __future__ import annotations

import time

import pytest
from supabase_auth.errors import AuthWeakPasswordError

from support import (
    OTHER_PASSWORD,
    PASSWORD,
    api_error,
    assert_error,
    new_user_with_session,
    password_grant,
    refresh_grant,
    sign_in,
    unique_email,
)


def signed_in_client(server, email: str):
    client = server.client()
    client.sign_in_with_password({"email": email, "password": PASSWORD})
    return client


def test_get_user(server):
    email = unique_email()
    session = new_user_with_session(server, email)
    client = signed_in_client(server, email)
    user = client.get_user().user
    assert user.id == session["user"]["id"]
    assert user.email == email

    raw = server.request("GET", "user", bearer=session["access_token"])
    assert raw.status_code == 200
    assert raw.json()["id"] == session["user"]["id"]  # a bare User object


def test_get_user_without_a_bearer_token(server):
    assert_error(server.request("GET", "user"), 401, "no_authorization")


@pytest.mark.parametrize("kind", ["garbage", "foreign-secret", "expired"])
def test_get_user_with_a_bad_jwt(server, kind):
    user_id = new_user_with_session(server)["user"]["id"]
    now = int(time.time())
    claims = {"sub": user_id, "aud": "authenticated", "role": "authenticated", "iat": now, "exp": now + 3600}
    if kind == "garbage":
        token = "not.a.jwt"
    elif kind == "foreign-secret":
        token = server.mint_jwt(claims, secret="another-secret-of-at-least-32-characters!")
    else:
        token = server.mint_jwt({**claims, "iat": now - 7200, "exp": now - 3600})
    assert_error(server.request("GET", "user", bearer=token), 403, "bad_jwt")


def test_update_password(server):
    email = unique_email()
    new_user_with_session(server, email)
    client = signed_in_client(server, email)
    updated = client.update_user({"password": OTHER_PASSWORD})
    assert updated.user.email == email

    assert password_grant(server, email, OTHER_PASSWORD).status_code == 200
    with api_error(400, "invalid_credentials"):
        server.client().sign_in_with_password({"email": email, "password": PASSWORD})


def test_update_to_the_same_password(server):
    email = unique_email()
    new_user_with_session(server, email)
    client = signed_in_client(server, email)
    with api_error(422, "same_password"):
        client.update_user({"password": PASSWORD})


def test_update_to_a_weak_password(server):
    email = unique_email()
    new_user_with_session(server, email)
    client = signed_in_client(server, email)
    with pytest.raises(AuthWeakPasswordError) as info:
        client.update_user({"password": "short"})
    assert info.value.reasons == ["length"]
    # The old password still works.
    assert password_grant(server, email, PASSWORD).status_code == 200


def test_password_change_revokes_the_other_sessions(server):
    email = unique_email()
    other = new_user_with_session(server, email)
    client = signed_in_client(server, email)
    current_refresh = client.get_session().refresh_token

    client.update_user({"password": OTHER_PASSWORD})

    revoked = refresh_grant(server, other["refresh_token"])
    assert revoked.status_code == 400, revoked.text
    assert revoked.json().get("code") in ("session_not_found", "refresh_token_not_found"), revoked.text
    assert_error(server.request("GET", "user", bearer=other["access_token"]), 403, "session_not_found")

    # The session that changed the password survives.
    assert refresh_grant(server, current_refresh).status_code == 200
    assert "access_token" in sign_in(server, email, OTHER_PASSWORD)
