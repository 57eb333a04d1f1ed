"""An admin's change of e-mail, password or confirmation removes the user's unused one-time
tokens, and an e-mail or password change ends the user's sessions."""

from __future__ import annotations

import pytest

from recovery_support import RECOVERY_SETTINGS, recovery_mail, register, request_recovery
from support import assert_error, refresh_grant, sign_in, unique_email


@pytest.fixture(scope="module")
def mail_server(module_servers):
    return module_servers.start(**RECOVERY_SETTINGS)


@pytest.mark.parametrize("change", ["email", "password", "email_confirm"])
def test_pending_links_and_codes_die_with_an_admin_change(mail_server, change):
    email = unique_email(f"admin-{change}")
    register(mail_server, email)
    session = sign_in(mail_server, email)
    user_id = session["user"]["id"]
    request_recovery(mail_server, email)
    _, token, code = recovery_mail(mail_server, email)

    body = {
        "email": {"email": unique_email("moved")},
        "password": {"password": "set-by-the-admin-1"},
        "email_confirm": {"email_confirm": True},
    }[change]
    updated = mail_server.request("PUT", f"admin/users/{user_id}", json=body, bearer=mail_server.service_role_jwt())
    assert updated.status_code == 200, updated.text

    by_link = mail_server.request("POST", "verify", json={"type": "recovery", "token_hash": token})
    assert_error(by_link, 403, "otp_expired")
    by_code = mail_server.request("POST", "verify", json={"type": "recovery", "email": email, "token": code})
    assert by_code.status_code == 403, by_code.text
    if change in ("email", "password"):
        assert refresh_grant(mail_server, session["refresh_token"]).status_code != 200
