"""A PKCE recovery belongs to the client that started it: a stranger's
`/recover` with a challenge of their own for someone else's address gets a flow of its own. It
must not cancel the links and codes emailed earlier (the owner's plain or PKCE recovery), must
not hold the owner's plain request back for the send window, and `plain` challenges (where the
challenge is the verifier) are refused."""

from __future__ import annotations

import pytest

from recovery_support import (
    click_link,
    code_in,
    link_in,
    pkce_pair,
    query_of,
    recovery_mail,
    register,
    request_recovery,
    wait_for_dev_mail,
)
from support import assert_error

HEADERS = {"X-Supabase-Api-Version": "2024-01-01"}


def callback(server) -> str:
    return f"{server.root_url}/app/callback"


def stranger_pkce_request(server, email: str) -> None:
    """What the attacker sends: a recovery for the victim's address, with the attacker's challenge."""
    _, challenge = pkce_pair()
    request_recovery(server, email, params={"redirect_to": callback(server)},
                     code_challenge=challenge, code_challenge_method="s256")


def verify_hash(server, token):
    return server.request("POST", "verify", json={"type": "recovery", "token_hash": token}, headers=HEADERS)


@pytest.mark.parametrize("route", ["recover", "resend"])
def test_the_plain_method_is_refused(mail_server, route):
    email = register(mail_server)
    challenge = "p" * 43
    body = {"email": email, "code_challenge": challenge, "code_challenge_method": "plain"}
    if route == "resend":
        body["type"] = "recovery"
    response = mail_server.request("POST", route, json=body, headers=HEADERS)
    assert_error(response, 400, "validation_failed")


def test_a_strangers_pkce_request_leaves_the_earlier_link_working(mail_server):
    email = register(mail_server)
    request_recovery(mail_server, email)
    _, token, _ = recovery_mail(mail_server, email)
    stranger_pkce_request(mail_server, email)
    wait_for_dev_mail(mail_server, email, count=2)
    verified = verify_hash(mail_server, token)
    assert verified.status_code == 200, "a later PKCE request cancelled the owner's link: " + verified.text
    assert verified.json()["user"]["email"] == email


def test_a_strangers_pkce_request_leaves_the_earlier_code_working(mail_server):
    email = register(mail_server)
    request_recovery(mail_server, email)
    _, _, code = recovery_mail(mail_server, email)
    stranger_pkce_request(mail_server, email)
    wait_for_dev_mail(mail_server, email, count=2)
    verified = mail_server.request("POST", "verify", json={"type": "recovery", "email": email, "token": code},
                                   headers=HEADERS)
    assert verified.status_code == 200, "a later PKCE request cancelled the owner's code: " + verified.text


def test_the_owners_pkce_flow_stays_bound_to_the_owners_verifier(mail_server):
    """The owner's app starts a PKCE recovery; a stranger then starts one for the same address.
    The owner's email still leads to a code that the owner's verifier (and only it) exchanges."""
    email = register(mail_server)
    verifier, challenge = pkce_pair()
    request_recovery(mail_server, email, params={"redirect_to": callback(mail_server)},
                     code_challenge=challenge, code_challenge_method="s256")
    owners_link = link_in(wait_for_dev_mail(mail_server, email)[0]["text"])
    stranger_pkce_request(mail_server, email)
    wait_for_dev_mail(mail_server, email, count=2)
    location = click_link(owners_link).headers["location"]
    assert "code" in query_of(location), f"the owner's link was cancelled: {location}"
    exchanged = mail_server.request("POST", "token", params={"grant_type": "pkce"},
                                    json={"auth_code": query_of(location)["code"], "code_verifier": verifier},
                                    headers=HEADERS)
    assert exchanged.status_code == 200, exchanged.text
    assert exchanged.json()["user"]["email"] == email


def test_a_pkce_request_does_not_hold_back_a_plain_recovery(server_factory):
    server = server_factory.start(email_send_window=60, mail_retry_base_ms=100)
    email = register(server)
    stranger_pkce_request(server, email)
    owner = server.request("POST", "recover", json={"email": email}, headers=HEADERS)
    assert owner.status_code == 200, "a PKCE request blocked the owner's plain recovery: " + owner.text
    # The window still holds for each kind of flow on its own.
    assert_error(server.request("POST", "recover", json={"email": email}, headers=HEADERS), 429,
                 "over_email_send_rate_limit")
    _, challenge = pkce_pair()
    again = server.request("POST", "recover", json={"email": email, "code_challenge": challenge,
                                                    "code_challenge_method": "s256"}, headers=HEADERS)
    assert_error(again, 429, "over_email_send_rate_limit")
    messages = wait_for_dev_mail(server, email, count=2)
    plain = next(m for m in messages if not query_of(link_in(m["text"]))["token"].startswith("pkce_"))
    assert verify_hash(server, query_of(link_in(plain["text"]))["token"]).status_code == 200
    assert code_in(plain["text"])
