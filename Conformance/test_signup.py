"""POST /signup: autoconfirm on and off, existing addresses, password policy, disabled signup."""

from __future__ import annotations

import pytest
from supabase_auth.errors import AuthWeakPasswordError

from support import (
    OTHER_PASSWORD,
    PASSWORD,
    api_error,
    assert_error,
    is_uuid,
    sign_up,
    unique_email,
)


@pytest.fixture(scope="module")
def confirm_server(module_servers):
    """Autoconfirm off: /signup answers a bare user, sign-in needs a confirmed address."""
    return module_servers.start(autoconfirm=False)


def test_signup_with_autoconfirm_returns_a_session(server):
    client = server.client()
    email = unique_email()
    response = client.sign_up(
        {"email": email, "password": PASSWORD, "options": {"data": {"name": "Ada"}}}
    )
    assert response.session is not None, "autoconfirm on: /signup must answer a session"
    assert response.user.email == email
    assert response.user.user_metadata.get("name") == "Ada"
    assert response.user.email_confirmed_at is not None
    # The client keeps the session and can use it right away.
    assert client.get_session().access_token == response.session.access_token
    assert client.get_user().user.id == response.user.id


def test_signup_without_autoconfirm_returns_a_bare_user(confirm_server):
    email = unique_email()
    response = confirm_server.request("POST", "signup", json={"email": email, "password": PASSWORD})
    assert response.status_code == 200, response.text
    body = response.json()
    # GoTrue answers the User object itself at top level, not {"user":..,"session":null}.
    assert is_uuid(body.get("id")), body
    assert body.get("email") == email
    for key in ("access_token", "refresh_token", "session", "user"):
        assert key not in body, f"unexpected {key!r} in {body}"
    assert body.get("email_confirmed_at") is None
    assert len(body.get("identities", [])) == 1, body

    client = confirm_server.client()
    other = unique_email()
    parsed = client.sign_up({"email": other, "password": PASSWORD})
    assert parsed.session is None
    assert parsed.user.email == other
    assert client.get_session() is None


def test_unconfirmed_user_cannot_sign_in_until_an_admin_confirms(confirm_server):
    email = unique_email()
    user = sign_up(confirm_server, email)
    client = confirm_server.client()
    with api_error(400, "email_not_confirmed"):
        client.sign_in_with_password({"email": email, "password": PASSWORD})
    # The confirmation check comes after the password check.
    with api_error(400, "invalid_credentials"):
        client.sign_in_with_password({"email": email, "password": OTHER_PASSWORD})

    confirmed = confirm_server.admin().update_user_by_id(user["id"], {"email_confirm": True})
    assert confirmed.user.email_confirmed_at is not None

    session = client.sign_in_with_password({"email": email, "password": PASSWORD}).session
    assert session is not None
    assert session.user.id == user["id"]


@pytest.mark.parametrize("confirmed", [True, False], ids=["confirmed", "unconfirmed"])
def test_signup_of_an_existing_address_without_autoconfirm_looks_like_a_new_signup(
    confirm_server, confirmed
):
    fresh = sign_up(confirm_server)  # what a genuinely new address gets
    email = unique_email()
    real = sign_up(confirm_server, email)
    if confirmed:
        confirm_server.admin().update_user_by_id(real["id"], {"email_confirm": True})

    again = sign_up(confirm_server, email, OTHER_PASSWORD)  # 200, asserted by sign_up

    assert "access_token" not in again and "session" not in again, again
    assert again.get("email") == email
    assert set(again) == set(fresh), (
        f"keys differ from a new signup: {sorted(set(again) ^ set(fresh))}"
    )
    assert again["identities"], "empty identities reveal that the address is registered"
    assert set(again["identities"][0]) == set(fresh["identities"][0])
    for key in ("aud", "role", "app_metadata", "is_anonymous"):
        assert again.get(key) == fresh.get(key), key
    if confirmed:
        # The attempt changed nothing: the original password still works, the new one not.
        client = confirm_server.client()
        session = client.sign_in_with_password({"email": email, "password": PASSWORD}).session
        assert session.user.id == real["id"]
        with api_error(400, "invalid_credentials"):
            client.sign_in_with_password({"email": email, "password": OTHER_PASSWORD})


def test_signup_of_an_existing_address_with_autoconfirm_fails(server):
    email = unique_email()
    sign_up(server, email)
    with api_error(422, "user_already_exists"):
        server.client().sign_up({"email": email, "password": OTHER_PASSWORD})


def test_signup_with_a_short_password_is_a_weak_password(server):
    client = server.client()
    with pytest.raises(AuthWeakPasswordError) as info:
        client.sign_up({"email": unique_email(), "password": "short"})
    assert info.value.status == 422
    assert info.value.reasons == ["length"]

    response = server.request(
        "POST", "signup", json={"email": unique_email(), "password": "7-chars"}
    )
    body = assert_error(response, 422, "weak_password")
    assert body["weak_password"]["reasons"] == ["length"]

    # Eight characters is enough; there are no composition rules.
    assert "access_token" in sign_up(server, password="tqbzmwkx")


def test_password_minimum_length_is_configurable(server_factory):
    strict = server_factory.start(password_min_length=12)
    with pytest.raises(AuthWeakPasswordError) as info:
        strict.client().sign_up({"email": unique_email(), "password": "eleven-char"})
    assert info.value.reasons == ["length"]
    assert "access_token" in sign_up(strict, password="twelve-chars")


def test_signup_validates_its_input(server):
    missing_password = server.request("POST", "signup", json={"email": unique_email()})
    assert_error(missing_password, 400, "validation_failed")

    bad_email = server.request("POST", "signup", json={"email": "not-an-email", "password": PASSWORD})
    assert_error(bad_email, 400, "validation_failed")

    too_long = server.request(
        "POST", "signup", json={"email": unique_email(), "password": "x" * 73}
    )
    assert_error(too_long, 400, "validation_failed")


def test_signup_lowercases_the_email(server):
    email = unique_email("MixedCase").replace("example.com", "Example.COM")
    body = sign_up(server, email)
    assert body["user"]["email"] == email.lower()
    session = server.client().sign_in_with_password({"email": email.lower(), "password": PASSWORD})
    assert session.user.id == body["user"]["id"]


def test_signup_can_be_disabled(server_factory):
    closed = server_factory.start(disable_signup=True)
    with api_error(422, "signup_disabled"):
        closed.client().sign_up({"email": unique_email(), "password": PASSWORD})
    # Admins can still create users.
    email = unique_email()
    created = closed.admin().create_user({"email": email, "password": PASSWORD, "email_confirm": True})
    assert created.user.email == email
    assert closed.client().sign_in_with_password({"email": email, "password": PASSWORD}).session
