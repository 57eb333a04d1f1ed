"""Provider identities on accounts, through the official client: when an Apple sign-in joins an
account that has the same address (only a confirmed one, only an address Apple verified, only
with GATEHOUSE_EXTERNAL_LINKING=verified), a new address Apple did not verify, and the user's
identities: listed on GET /user, unlinked with DELETE /user/identities/{identity_id}, never the
last one."""

from __future__ import annotations

import uuid

import pytest

from dev_mailbox import MAIL_SETTINGS, code_in, wait_for
from oidc_issuers import (  # noqa: F401 (apple_issuer is a fixture)
    LoopbackIssuer,
    apple_claims,
    apple_issuer,
    apple_sub,
    provider_settings,
    raw_nonce,
    relay_email,
)
from support import ISO_8601_UTC, PASSWORD, api_error, is_uuid, unique_email

CONFIRM_SUBJECT = "Confirm your Gatehouse account"


@pytest.fixture(scope="module")
def linking_server(module_servers, apple_issuer):
    return module_servers.start(**MAIL_SETTINGS, autoconfirm=False, **provider_settings(apple_issuer))


def apple_sign_in(server, issuer: LoopbackIssuer, client=None, *, sub: str, email: str, verified="true"):
    """Signs in with a fresh Apple token for `sub` and `email` (not a relay address);
    returns the official client's AuthResponse."""
    nonce = raw_nonce()
    claims = apple_claims(issuer, sub=sub, email=email, email_verified=verified, nonce=nonce, is_private_email=None)
    client = client or server.client()
    return client.sign_in_with_id_token({"provider": "apple", "token": issuer.mint(claims), "nonce": nonce})


def confirmed_account(server, email: str) -> str:
    """Signs up with a password and confirms the address with the emailed code; the user id."""
    server.client().sign_up({"email": email, "password": PASSWORD})
    message = wait_for(server, email, CONFIRM_SUBJECT)[0]
    verified = server.client().verify_otp({"type": "signup", "email": email, "token": code_in(message["text"])})
    assert verified.user.email_confirmed_at is not None
    return verified.user.id


def providers_of(server, user_id: str) -> list[str]:
    return sorted(identity.provider for identity in server.admin().get_user_by_id(user_id).user.identities)


def linked_account(server, issuer) -> tuple[str, str, str]:
    """A confirmed password account that Apple joined: (email, user id, Apple sub)."""
    email, sub = unique_email("linked"), apple_sub()
    user_id = confirmed_account(server, email)
    assert apple_sign_in(server, issuer, sub=sub, email=email).user.id == user_id
    return email, user_id, sub


# ----- linking ---------------------------------------------------------------------------------


def test_a_verified_address_joins_the_confirmed_account(linking_server, apple_issuer):
    email, sub = unique_email("link"), apple_sub()
    user_id = confirmed_account(linking_server, email)

    response = apple_sign_in(linking_server, apple_issuer, sub=sub, email=email)
    assert response.session is not None
    assert response.user.id == user_id
    assert sorted(i.provider for i in response.user.identities) == ["apple", "email"]
    assert sorted(response.user.app_metadata["providers"]) == ["apple", "email"]
    apple = next(i for i in response.user.identities if i.provider == "apple")
    assert apple.id == sub

    password = linking_server.client().sign_in_with_password({"email": email, "password": PASSWORD})
    assert password.user.id == user_id
    assert apple_sign_in(linking_server, apple_issuer, sub=sub, email=email).user.id == user_id
    assert providers_of(linking_server, user_id) == ["apple", "email"]


def test_an_unconfirmed_account_is_never_joined(linking_server, apple_issuer):
    email = unique_email("squatted")
    squatter = linking_server.client().sign_up({"email": email, "password": PASSWORD}).user
    assert squatter.email_confirmed_at is None

    client = linking_server.client()
    with api_error(422, "email_exists"):
        apple_sign_in(linking_server, apple_issuer, client, sub=apple_sub(), email=email)
    assert client.get_session() is None
    assert providers_of(linking_server, squatter.id) == ["email"]
    assert linking_server.admin().get_user_by_id(squatter.id).user.email_confirmed_at is None


def test_an_address_the_provider_did_not_verify_never_joins(linking_server, apple_issuer):
    email = unique_email("unverified-link")
    user_id = confirmed_account(linking_server, email)
    client = linking_server.client()
    # GoTrue's answer too: an unverified provider address is refused before any account is looked
    # at, so the answer says nothing of whether the address has one.
    with api_error(422, "provider_email_needs_verification"):
        apple_sign_in(linking_server, apple_issuer, client, sub=apple_sub(), email=email, verified="false")
    assert client.get_session() is None
    assert providers_of(linking_server, user_id) == ["email"]


def test_linking_never_refuses_even_a_verified_address(server_factory, apple_issuer):
    server = server_factory.start(**provider_settings(apple_issuer), external_linking="never")  # autoconfirm on
    email = unique_email("never")
    user_id = server.client().sign_up({"email": email, "password": PASSWORD}).user.id
    client = server.client()
    with api_error(422, "email_exists"):
        apple_sign_in(server, apple_issuer, client, sub=apple_sub(), email=email)
    assert client.get_session() is None
    assert providers_of(server, user_id) == ["email"]
    # An address with no account still signs in.
    assert apple_sign_in(server, apple_issuer, sub=apple_sub(), email=relay_email()).session is not None


def test_a_new_address_the_provider_did_not_verify_makes_no_account(linking_server, apple_issuer):
    # Gatehouse departs from GoTrue here on purpose (docs/SECURITY.md): GoTrue makes an unconfirmed
    # account holding the provider identity and mails a confirmation; Gatehouse makes nothing, so an
    # issuer that does not verify addresses can neither learn nor squat registered ones.
    email, sub = unique_email("needs-verification"), apple_sub()
    client = linking_server.client()
    with api_error(422, "provider_email_needs_verification"):
        apple_sign_in(linking_server, apple_issuer, client, sub=sub, email=email, verified="false")
    assert client.get_session() is None
    listed = linking_server.request(
        "GET", "admin/users", params={"per_page": "1000"}, bearer=linking_server.service_role_jwt()
    )
    assert listed.status_code == 200, listed.text
    assert email not in [user["email"] for user in listed.json()["users"]]
    # Once the provider vouches for the address, the same identity makes the account.
    again = apple_sign_in(linking_server, apple_issuer, sub=sub, email=email)
    assert again.session is not None
    assert again.user.email == email and again.user.email_confirmed_at is not None


# ----- listing and unlinking -------------------------------------------------------------------


def test_get_user_lists_the_identities(linking_server, apple_issuer):
    email, sub = relay_email(), apple_sub()
    session = apple_sign_in(linking_server, apple_issuer, sub=sub, email=email).session
    response = linking_server.request("GET", "user", bearer=session.access_token)
    assert response.status_code == 200, response.text
    user = response.json()
    assert len(user["identities"]) == 1, user["identities"]
    identity = user["identities"][0]
    assert is_uuid(identity["identity_id"])
    assert identity["id"] == sub
    assert identity["user_id"] == user["id"]
    assert identity["provider"] == "apple"
    assert identity["email"] == email
    assert identity["identity_data"]["sub"] == sub
    assert identity["identity_data"]["email"] == email
    for key in ("created_at", "updated_at", "last_sign_in_at"):
        assert ISO_8601_UTC.match(identity.get(key) or ""), f"identity {key}: {identity.get(key)!r}"


def test_an_identity_is_unlinked_while_another_way_in_remains(linking_server, apple_issuer):
    email, user_id, sub = linked_account(linking_server, apple_issuer)
    client = linking_server.client()
    client.sign_in_with_password({"email": email, "password": PASSWORD})
    apple = next(i for i in client.get_user_identities().identities if i.provider == "apple")

    answer = client.unlink_identity(apple)
    assert answer.status_code == 200, answer.text
    user = client.get_user().user
    assert [i.provider for i in user.identities] == ["email"]
    assert "apple" not in user.app_metadata["providers"]
    assert linking_server.client().sign_in_with_password({"email": email, "password": PASSWORD}).user.id == user_id


def test_the_last_identity_is_not_deletable(linking_server, apple_issuer):
    sub, email = apple_sub(), relay_email()
    client = linking_server.client()
    user_id = apple_sign_in(linking_server, apple_issuer, client, sub=sub, email=email).user.id
    only = client.get_user_identities().identities
    assert len(only) == 1

    with api_error(422, "single_identity_not_deletable"):
        client.unlink_identity(only[0])
    assert providers_of(linking_server, user_id) == ["apple"]
    assert apple_sign_in(linking_server, apple_issuer, sub=sub, email=email).user.id == user_id


def test_an_identity_that_is_not_the_callers_is_not_found(linking_server, apple_issuer):
    email, user_id, _ = linked_account(linking_server, apple_issuer)
    _, other_id, _ = linked_account(linking_server, apple_issuer)
    others = linking_server.admin().get_user_by_id(other_id).user.identities
    other_apple = next(i for i in others if i.provider == "apple")
    session = linking_server.client().sign_in_with_password({"email": email, "password": PASSWORD}).session

    # GoTrue answers 422 identity_not_found for an id that is not one of the caller's.
    for identity_id in (str(uuid.uuid4()), other_apple.identity_id):
        response = linking_server.request("DELETE", f"user/identities/{identity_id}", bearer=session.access_token)
        assert response.status_code == 422, response.text
        assert response.json()["code"] == "identity_not_found", response.text
    assert providers_of(linking_server, user_id) == ["apple", "email"]
    assert providers_of(linking_server, other_id) == ["apple", "email"]
