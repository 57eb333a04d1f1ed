"""A password change needs more than an access token: a recent sign-in, the
current password, a recovery session, or the nonce that GET /reauthenticate emails."""

from __future__ import annotations

import re

import pytest

from recovery_support import RECOVERY_SETTINGS, wait_for_dev_mail
from support import PASSWORD, assert_error, password_grant, sign_in, sign_up, unique_email

NEW_PASSWORD = "a-brand-new-password"
REAUTH_SUBJECT = "Confirm it is you"


@pytest.fixture(scope="module")
def strict_server(module_servers):
    # No sign-in counts as recent: every password change needs a proof.
    return module_servers.start(**RECOVERY_SETTINGS, autoconfirm=True, reauthentication_window=0)


def nonce_in(text: str) -> str:
    match = re.search(r"code:\s*(\d{6})\b", text)
    assert match, text
    return match.group(1)


def test_a_stolen_access_token_alone_cannot_change_the_password(strict_server):
    email = unique_email("reauth")
    session = sign_up(strict_server, email)
    token = session["access_token"]
    response = strict_server.request("PUT", "user", json={"password": NEW_PASSWORD}, bearer=token)
    assert_error(response, 400, "reauthentication_needed")
    wrong_current = strict_server.request(
        "PUT", "user", json={"password": NEW_PASSWORD, "current_password": "not-the-password"}, bearer=token
    )
    assert_error(wrong_current, 400, "current_password_invalid")
    assert password_grant(strict_server, email, PASSWORD).status_code == 200


def test_the_current_password_is_enough(strict_server):
    email = unique_email("reauth-current")
    session = sign_up(strict_server, email)
    other = sign_in(strict_server, email)
    response = strict_server.request(
        "PUT", "user", json={"password": NEW_PASSWORD, "current_password": PASSWORD}, bearer=session["access_token"]
    )
    assert response.status_code == 200, response.text
    assert password_grant(strict_server, email, NEW_PASSWORD).status_code == 200
    # Every other session ends; the caller's own stays.
    assert_error(strict_server.request("GET", "user", bearer=other["access_token"]), 403, "session_not_found")
    assert strict_server.request("GET", "user", bearer=session["access_token"]).status_code == 200


def test_the_emailed_nonce(strict_server):
    email = unique_email("reauth-nonce")
    session = sign_up(strict_server, email)
    token = session["access_token"]
    sent = strict_server.request("GET", "reauthenticate", bearer=token)
    assert sent.status_code == 200 and sent.json() == {}, sent.text
    message = wait_for_dev_mail(strict_server, email, REAUTH_SUBJECT)[0]
    assert "http" not in message["text"], message["text"]  # a code only, no link
    nonce = nonce_in(message["text"])
    wrong = "000000" if nonce != "000000" else "111111"
    assert_error(strict_server.request("PUT", "user", json={"password": NEW_PASSWORD, "nonce": wrong}, bearer=token),
                 422, "reauthentication_not_valid")
    changed = strict_server.request("PUT", "user", json={"password": NEW_PASSWORD, "nonce": nonce}, bearer=token)
    assert changed.status_code == 200, changed.text
    assert password_grant(strict_server, email, NEW_PASSWORD).status_code == 200
    # A nonce works once.
    again = strict_server.request("PUT", "user", json={"password": "yet-another-password", "nonce": nonce}, bearer=token)
    assert_error(again, 422, "reauthentication_not_valid")


def test_wrong_nonces_burn_it(strict_server):
    email = unique_email("reauth-burn")
    token = sign_up(strict_server, email)["access_token"]
    assert strict_server.request("GET", "reauthenticate", bearer=token).status_code == 200
    nonce = nonce_in(wait_for_dev_mail(strict_server, email, REAUTH_SUBJECT)[0]["text"])
    wrong = "000000" if nonce != "000000" else "111111"
    for _ in range(5):
        strict_server.request("PUT", "user", json={"password": NEW_PASSWORD, "nonce": wrong}, bearer=token)
    response = strict_server.request("PUT", "user", json={"password": NEW_PASSWORD, "nonce": nonce}, bearer=token)
    assert_error(response, 422, "reauthentication_not_valid")


def test_a_recent_sign_in_is_enough_by_default(module_servers):
    server = module_servers.start(**RECOVERY_SETTINGS, autoconfirm=True)
    email = unique_email("reauth-recent")
    session = sign_up(server, email)
    response = server.request("PUT", "user", json={"password": NEW_PASSWORD}, bearer=session["access_token"])
    assert response.status_code == 200, response.text
