"""Reauthentication (gotrue-extended.md section 5) through the official client:
`reauthenticate()` emails a code (plain text and HTML, no link), `update_user({"password",
"nonce"})` spends it, GoTrue's errors and the per-address window."""

from __future__ import annotations

import re

import pytest

from dev_mailbox import wait_for
from support import PASSWORD, api_error, password_grant, unique_email

SUBJECT = "Confirm it is you"
NEW_PASSWORD = "a-brand-new-password"


@pytest.fixture(scope="module")
def strict_server(module_servers):
    # Every password change needs a proof; one nonce email per address per minute (the default).
    return module_servers.start(reauthentication_window=0, mail_retry_base_ms=100)


def nonce_of(message: dict) -> str:
    match = re.search(r"code:\s*(?:<[^>]*>\s*)*(\d{6})\b", message["text"])
    assert match, message["text"]
    assert match.group(1) in message["html"]
    return match.group(1)


def signed_up(server, email: str):
    client = server.client()
    response = client.sign_up({"email": email, "password": PASSWORD})
    assert response.session is not None
    return client


def test_reauthenticate_then_update_with_the_nonce(strict_server):
    email = unique_email("reauth")
    client = signed_up(strict_server, email)
    answer = client.reauthenticate()  # right after sign-up, as supabase-py's own test does
    assert answer.user is None and answer.session is None
    message = wait_for(strict_server, email, SUBJECT)[0]
    assert "http" not in message["text"] and "href" not in message["html"]  # a code, no link
    nonce = nonce_of(message)

    with api_error(400, "reauthentication_needed"):
        client.update_user({"password": NEW_PASSWORD})
    wrong = "000000" if nonce != "000000" else "111111"
    with api_error(422, "reauthentication_not_valid"):
        client.update_user({"password": NEW_PASSWORD, "nonce": wrong})
    updated = client.update_user({"password": NEW_PASSWORD, "nonce": nonce})
    assert updated.user.email == email
    assert password_grant(strict_server, email, NEW_PASSWORD).status_code == 200
    with api_error(422, "reauthentication_not_valid"):
        client.update_user({"password": "yet-another-password", "nonce": nonce})


def test_one_nonce_email_per_window(strict_server):
    client = signed_up(strict_server, unique_email("reauth-window"))
    client.reauthenticate()
    with api_error(429, "over_email_send_rate_limit"):
        client.reauthenticate()

