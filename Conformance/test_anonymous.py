"""Anonymous sign-in through the official client's `sign_in_anonymously`:
the setting (off by default, as GoTrue), the user and its token, GoTrue's restrictions, and the
conversion to a permanent account with `update_user({"email"})` then `{"password"}`."""

from __future__ import annotations

import jwt
import pytest

from dev_mailbox import MAIL_SETTINGS, code_in, wait_for
from support import PASSWORD, api_error, assert_error, password_grant, unique_email

NEW_SUBJECT = "Confirm your new Gatehouse email address"


@pytest.fixture(scope="module")
def anonymous_server(module_servers):
    return module_servers.start(**MAIL_SETTINGS, autoconfirm=False, external_anonymous_users_enabled=True)


def claims(token: str) -> dict:
    return jwt.decode(token, options={"verify_signature": False})


def test_disabled_by_default(server):
    with api_error(422, "anonymous_provider_disabled"):
        server.client().sign_in_anonymously()
    assert server.request("GET", "settings").json()["external"]["anonymous_users"] is False


def test_an_anonymous_session(anonymous_server):
    client = anonymous_server.client()
    response = client.sign_in_anonymously({"options": {"data": {"theme": "dark"}}})
    session, user = response.session, response.user
    assert session is not None and user.is_anonymous is True
    assert user.email == "" and user.app_metadata == {} and user.user_metadata == {"theme": "dark"}
    assert user.identities == []
    token = claims(session.access_token)
    assert token["is_anonymous"] is True and token["email"] == "" and token["role"] == "authenticated"
    assert token["amr"][0]["method"] == "anonymous"
    assert client.get_user().user.is_anonymous is True
    assert anonymous_server.request("GET", "settings").json()["external"]["anonymous_users"] is True


def test_restrictions(anonymous_server):
    client = anonymous_server.client()
    client.sign_in_anonymously()
    with api_error(422, "validation_failed"):
        client.update_user({"password": PASSWORD})
    token = client.get_session().access_token
    assert_error(anonymous_server.request("GET", "reauthenticate", bearer=token), 400, "validation_failed")
    # No MFA for an anonymous user (GoTrue: 403 no_authorization on every /factors call).
    with api_error(403, "no_authorization"):
        client.mfa.enroll({"factor_type": "totp", "friendly_name": "anon"})
    for method, path in (("POST", "factors/x/challenge"), ("POST", "factors/x/verify"), ("DELETE", "factors/x")):
        assert_error(anonymous_server.request(method, path, bearer=token, json={}), 403, "no_authorization")


def test_conversion_email_then_password(anonymous_server):
    client = anonymous_server.client()
    client.sign_in_anonymously()
    anonymous_id = client.get_user().user.id
    email = unique_email("converted")
    pending = client.update_user({"email": email}).user
    assert pending.is_anonymous is True and pending.new_email == email
    message = wait_for(anonymous_server, email, NEW_SUBJECT)[0]
    verified = client.verify_otp({"type": "email_change", "email": email, "token": code_in(message["text"])})
    assert verified.session is not None
    user = verified.user
    assert user.id == anonymous_id and user.email == email and user.is_anonymous is False
    assert user.app_metadata["providers"] == ["email"] and len(user.identities) == 1
    assert claims(verified.session.access_token)["is_anonymous"] is False
    client.update_user({"password": PASSWORD})
    assert password_grant(anonymous_server, email, PASSWORD).status_code == 200


def test_hourly_budget(module_servers):
    limited = module_servers.start(external_anonymous_users_enabled=True, rate_limit_anonymous_users=2)
    for _ in range(2):
        limited.client().sign_in_anonymously()
    with api_error(429, "over_request_rate_limit"):
        limited.client().sign_in_anonymously()
