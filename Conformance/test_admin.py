"""The admin API (/admin/users) with a service_role JWT, through the official admin client."""

from __future__ import annotations

import time
import uuid
from datetime import datetime, timezone

import pytest
from supabase_auth.errors import AuthWeakPasswordError

from support import (
    ISO_8601_UTC,
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


def create_confirmed(admin, email=None, **attributes):
    return admin.create_user(
        {"email": email or unique_email(), "password": PASSWORD, "email_confirm": True, **attributes}
    ).user


def test_create_user(server, admin):
    email = unique_email()
    user = create_confirmed(
        admin, email, user_metadata={"name": "Ada"}, app_metadata={"plan": "pro"}
    )
    assert user.email == email
    assert user.email_confirmed_at is not None
    assert user.user_metadata.get("name") == "Ada"
    assert user.app_metadata.get("plan") == "pro"
    assert user.app_metadata.get("provider") == "email"

    session = sign_in(server, email)
    assert session["user"]["id"] == user.id
    claims = server.decode_access_token(session["access_token"])
    assert claims["app_metadata"].get("plan") == "pro"
    assert claims["user_metadata"].get("name") == "Ada"


def test_create_user_with_a_registered_email(admin):
    email = unique_email()
    create_confirmed(admin, email)
    with api_error(422, "email_exists"):
        create_confirmed(admin, email)


def test_create_user_with_a_weak_password(admin):
    with pytest.raises(AuthWeakPasswordError) as info:
        admin.create_user({"email": unique_email(), "password": "short", "email_confirm": True})
    assert info.value.status == 422
    assert info.value.reasons == ["length"]


def test_list_users(admin):
    created = {create_confirmed(admin).id for _ in range(2)}
    listed = {user.id for user in admin.list_users(page=1, per_page=1000)}
    assert created <= listed

    first_page = admin.list_users(page=1, per_page=1)
    second_page = admin.list_users(page=2, per_page=1)
    assert len(first_page) == 1 and len(second_page) == 1
    assert first_page[0].id != second_page[0].id


def test_get_user_by_id(admin):
    user = create_confirmed(admin)
    fetched = admin.get_user_by_id(user.id).user
    assert (fetched.id, fetched.email) == (user.id, user.email)

    with api_error(404, "user_not_found"):
        admin.get_user_by_id(str(uuid.uuid4()))


def test_update_metadata(admin):
    user = create_confirmed(admin, user_metadata={"name": "Ada"}, app_metadata={"plan": "pro"})
    updated = admin.update_user_by_id(
        user.id, {"user_metadata": {"theme": "dark"}, "app_metadata": {"plan": "team"}}
    ).user
    # Metadata updates merge into what is there.
    assert updated.user_metadata.get("theme") == "dark"
    assert updated.user_metadata.get("name") == "Ada"
    assert updated.app_metadata.get("plan") == "team"
    assert updated.app_metadata.get("provider") == "email"
    assert admin.get_user_by_id(user.id).user.user_metadata.get("theme") == "dark"


def test_update_password(server, admin):
    email = unique_email()
    user = create_confirmed(admin, email)
    admin.update_user_by_id(user.id, {"password": OTHER_PASSWORD})
    assert password_grant(server, email, OTHER_PASSWORD).status_code == 200
    assert_error(password_grant(server, email, PASSWORD), 400, "invalid_credentials")


def test_ban_and_unban(server, admin):
    email = unique_email()
    session = new_user_with_session(server, email)
    user_id = session["user"]["id"]

    banned = admin.update_user_by_id(user_id, {"ban_duration": "24h"}).user
    assert ISO_8601_UTC.match(banned.banned_until or ""), banned.banned_until
    until = datetime.fromisoformat(banned.banned_until.replace("Z", "+00:00"))
    remaining = until - datetime.now(timezone.utc)
    assert 23 * 3600 < remaining.total_seconds() <= 24 * 3600 + 60, banned.banned_until

    with api_error(400, "user_banned"):
        server.client().sign_in_with_password({"email": email, "password": PASSWORD})
    # Existing sessions cannot be refreshed either (GoTrue says user_banned; revoking the
    # sessions at ban time is fine too).
    refresh = refresh_grant(server, session["refresh_token"])
    assert refresh.status_code == 400, refresh.text
    assert refresh.json().get("code") in ("user_banned", "session_not_found", "refresh_token_not_found"), refresh.text

    admin.update_user_by_id(user_id, {"ban_duration": "none"})
    assert password_grant(server, email).status_code == 200


def test_delete_user(server, admin):
    email = unique_email()
    session = new_user_with_session(server, email)
    user_id = session["user"]["id"]

    admin.delete_user(user_id)

    with api_error(404, "user_not_found"):
        admin.get_user_by_id(user_id)
    assert_error(password_grant(server, email), 400, "invalid_credentials")
    me = server.request("GET", "user", bearer=session["access_token"])
    assert me.status_code == 403, me.text
    assert me.json().get("code") in ("user_not_found", "session_not_found"), me.text
    assert refresh_grant(server, session["refresh_token"]).status_code == 400
    # The address is free again.
    assert new_user_with_session(server, email)["user"]["id"] != user_id


def test_admin_through_the_client_admin_attribute(server):
    client = server.client(headers={"Authorization": f"Bearer {server.service_role_jwt()}"})
    user = client.admin.create_user({"email": unique_email(), "password": PASSWORD, "email_confirm": True}).user
    assert user.id in {listed.id for listed in client.admin.list_users(per_page=1000)}


def test_a_user_jwt_is_not_an_admin(server):
    session = new_user_with_session(server)
    not_admin = server.admin(token=session["access_token"])
    with api_error(403, "not_admin"):
        not_admin.list_users()
    with api_error(403, "not_admin"):
        not_admin.get_user_by_id(session["user"]["id"])
    with api_error(403, "not_admin"):
        not_admin.create_user({"email": unique_email(), "password": PASSWORD})
    with api_error(403, "not_admin"):
        not_admin.update_user_by_id(session["user"]["id"], {"app_metadata": {"role": "admin"}})
    with api_error(403, "not_admin"):
        not_admin.delete_user(session["user"]["id"])
    # None of it happened.
    assert refresh_grant(server, session["refresh_token"]).status_code == 200


def test_admin_routes_need_a_token(server):
    assert_error(server.request("GET", "admin/users"), 401, "no_authorization")


@pytest.mark.parametrize("kind", ["foreign-secret", "expired"])
def test_admin_routes_reject_a_bad_service_role_jwt(server, kind):
    now = int(time.time())
    if kind == "foreign-secret":
        token = server.service_role_jwt(secret="another-secret-of-at-least-32-characters!")
    else:
        token = server.mint_jwt({"role": "service_role", "iss": "gatehouse", "iat": now - 7200, "exp": now - 3600})
    assert_error(server.request("GET", "admin/users", bearer=token), 403, "bad_jwt")
