"""Sign-up confirmation by email with autoconfirm off: the email, POST /verify type=signup,
the GET link, /resend, and sign-in before and after confirming."""

from __future__ import annotations

import time

import pytest

from recovery_support import (
    CONFIRM_SUBJECT,
    RECOVERY_SETTINGS,
    click_link,
    code_in,
    dev_messages,
    fragment_of,
    link_in,
    query_of,
    wait_for_dev_mail,
)
from support import PASSWORD, assert_error, password_grant, sign_up, unique_email


@pytest.fixture(scope="module")
def confirm_server(module_servers):
    return module_servers.start(**RECOVERY_SETTINGS, autoconfirm=False)


def confirmation(server, email: str, count: int = 1) -> tuple[str, str]:
    message = wait_for_dev_mail(server, email, CONFIRM_SUBJECT, count=count)[0]
    link = link_in(message["text"])
    assert link.startswith(f"{server.root_url}/auth/v1/verify?"), link
    query = query_of(link)
    assert query["type"] == "signup", query
    return link, query["token"]


def test_confirm_with_the_token_hash(confirm_server):
    email = unique_email("confirm")
    user = sign_up(confirm_server, email)
    assert "access_token" not in user and user["email"] == email
    assert_error(password_grant(confirm_server, email), 400, "email_not_confirmed")

    message = wait_for_dev_mail(confirm_server, email, CONFIRM_SUBJECT)[0]
    assert message["html"] and code_in(message["text"])
    _, token = confirmation(confirm_server, email)
    verified = confirm_server.request("POST", "verify", json={"type": "signup", "token_hash": token})
    assert verified.status_code == 200, verified.text
    session = verified.json()
    assert session["access_token"] and session["refresh_token"], session
    assert session["user"]["email"] == email and session["user"]["email_confirmed_at"], session["user"]

    assert password_grant(confirm_server, email).status_code == 200
    again = confirm_server.request("POST", "verify", json={"type": "signup", "token_hash": token})
    assert_error(again, 403, "otp_expired")


def test_confirm_by_opening_the_link(confirm_server):
    email = unique_email("confirm-link")
    sign_up(confirm_server, email)
    link, _ = confirmation(confirm_server, email)
    response = click_link(link)
    assert response.status_code == 303, response.text
    fragment = fragment_of(response.headers["location"])
    assert fragment.get("type") == "signup" and fragment.get("access_token"), response.headers["location"]
    assert password_grant(confirm_server, email).status_code == 200


def test_a_recovery_token_does_not_confirm_as_signup(confirm_server):
    email = unique_email("confirm-kind")
    sign_up(confirm_server, email)
    _, token = confirmation(confirm_server, email)
    wrong_type = confirm_server.request("POST", "verify", json={"type": "recovery", "token_hash": token})
    assert_error(wrong_type, 403, "otp_expired")
    assert_error(password_grant(confirm_server, email), 400, "email_not_confirmed")


def test_resend(confirm_server):
    email = unique_email("confirm-resend")
    sign_up(confirm_server, email)
    _, first = confirmation(confirm_server, email)
    response = confirm_server.request("POST", "resend", json={"type": "signup", "email": email})
    assert response.status_code == 200 and response.json() == {}, response.text
    _, second = confirmation(confirm_server, email, count=2)
    assert second != first
    verified = confirm_server.request("POST", "verify", json={"type": "signup", "token_hash": second})
    assert verified.status_code == 200, verified.text
    assert password_grant(confirm_server, email, PASSWORD).status_code == 200

    # Unknown addresses, and confirmed ones, get the same answer and no email.
    for address in (unique_email("confirm-nobody"), email):
        response = confirm_server.request("POST", "resend", json={"type": "signup", "email": address})
        assert response.status_code == 200 and response.json() == {}, response.text
    time.sleep(1.0)
    assert len([m for m in dev_messages(confirm_server, email) if m["subject"] == CONFIRM_SUBJECT]) == 2


def test_signing_up_again_resends_only_to_an_unconfirmed_address(confirm_server):
    email = unique_email("confirm-again")
    sign_up(confirm_server, email)
    confirmation(confirm_server, email)
    sign_up(confirm_server, email)  # still unconfirmed: the confirmation is sent again
    _, token = confirmation(confirm_server, email, count=2)
    assert confirm_server.request("POST", "verify", json={"type": "signup", "token_hash": token}).status_code == 200
    sign_up(confirm_server, email)  # confirmed now: the same answer, and no email
    time.sleep(1.0)
    assert len([m for m in dev_messages(confirm_server, email) if m["subject"] == CONFIRM_SUBJECT]) == 2
