"""Pre-account takeover through an unconfirmed sign-up.

A stranger signs up first with the owner's address and a password of their own. Whatever the
owner then does with the emails they receive (confirm their own sign-up, or reset the
password), the stranger's password, metadata and sessions must never be left in force."""

from __future__ import annotations

import pytest

from recovery_support import (
    CONFIRM_SUBJECT,
    RECOVERY_SETTINGS,
    link_in,
    query_of,
    recovery_mail,
    request_recovery,
    wait_for_dev_mail,
)
from support import assert_error, password_grant, sign_up, unique_email

STRANGER_PASSWORD = "stranger-password-1"
OWNER_PASSWORD = "owner-password-22"


@pytest.fixture(scope="module")
def confirm_server(module_servers):
    return module_servers.start(**RECOVERY_SETTINGS, autoconfirm=False)


def confirmation_tokens(server, email: str, count: int) -> list[str]:
    """The tokens of the newest `count` confirmation emails to `email`, newest first."""
    messages = wait_for_dev_mail(server, email, CONFIRM_SUBJECT, count=count)
    return [query_of(link_in(message["text"]))["token"] for message in messages]


def test_the_owner_confirming_their_sign_up_gets_their_password_not_the_strangers(confirm_server):
    email = unique_email("presignup")
    sign_up(confirm_server, email, STRANGER_PASSWORD, data={"who": "stranger"})
    confirmation_tokens(confirm_server, email, 1)
    sign_up(confirm_server, email, OWNER_PASSWORD, data={"who": "owner"})
    owner_token, stranger_token = confirmation_tokens(confirm_server, email, 2)

    verified = confirm_server.request("POST", "verify", json={"type": "signup", "token_hash": owner_token})
    assert verified.status_code == 200, verified.text
    user = verified.json()["user"]
    assert user["user_metadata"].get("who") == "owner", user
    assert user["identities"][0]["identity_data"].get("who") == "owner", user

    assert password_grant(confirm_server, email, OWNER_PASSWORD).status_code == 200
    assert_error(password_grant(confirm_server, email, STRANGER_PASSWORD), 400, "invalid_credentials")
    # The stranger's earlier link is dead too.
    again = confirm_server.request("POST", "verify", json={"type": "signup", "token_hash": stranger_token})
    assert_error(again, 403, "otp_expired")


def test_a_password_reset_of_an_unconfirmed_account_drops_the_strangers_password(confirm_server):
    email = unique_email("presignup-reset")
    sign_up(confirm_server, email, STRANGER_PASSWORD, data={"who": "stranger"})
    request_recovery(confirm_server, email)
    _, token, _ = recovery_mail(confirm_server, email)

    # The owner follows the emailed recovery link (the app's flow: a recovery session).
    verified = confirm_server.request("POST", "verify", json={"type": "recovery", "token_hash": token})
    assert verified.status_code == 200, verified.text
    user = verified.json()["user"]
    assert user["email_confirmed_at"], user
    assert "who" not in user["user_metadata"], user
    # Before the owner sets a password, the stranger's one does not sign in.
    assert_error(password_grant(confirm_server, email, STRANGER_PASSWORD), 400, "invalid_credentials")

    session = verified.json()["access_token"]
    changed = confirm_server.request("PUT", "user", json={"password": OWNER_PASSWORD}, bearer=session)
    assert changed.status_code == 200, changed.text
    assert password_grant(confirm_server, email, OWNER_PASSWORD).status_code == 200
    assert_error(password_grant(confirm_server, email, STRANGER_PASSWORD), 400, "invalid_credentials")


def test_signing_up_again_kills_the_earlier_link_at_once(confirm_server):
    email = unique_email("presignup-order")
    sign_up(confirm_server, email, STRANGER_PASSWORD)
    (stranger_token,) = confirmation_tokens(confirm_server, email, 1)
    sign_up(confirm_server, email, OWNER_PASSWORD)
    # Even before the owner's own email is minted, the stranger's link no longer confirms.
    response = confirm_server.request("POST", "verify", json={"type": "signup", "token_hash": stranger_token})
    assert_error(response, 403, "otp_expired")
    owner_token = confirmation_tokens(confirm_server, email, 2)[0]
    assert confirm_server.request("POST", "verify", json={"type": "signup", "token_hash": owner_token}).status_code == 200
    assert password_grant(confirm_server, email, OWNER_PASSWORD).status_code == 200
