"""Recovery through the official Python client (SyncGoTrueClient): reset_password_for_email,
then verify_otp with the link's token hash or with the emailed code, then update_user."""

from __future__ import annotations

import pytest
from supabase_auth import SyncGoTrueClient

from recovery_support import RECOVERY_SETTINGS, click_link, http, link_in, query_of, recovery_mail, register, wait_for_dev_mail
from support import OTHER_PASSWORD, PASSWORD, api_error, unique_email

SITE = "https://app.gatehouse.test"


def assert_password(server, email, works: str, fails: str) -> None:
    client = server.client()
    session = client.sign_in_with_password({"email": email, "password": works}).session
    assert session is not None and session.user.email == email
    with api_error(400, "invalid_credentials"):
        server.client().sign_in_with_password({"email": email, "password": fails})


@pytest.mark.parametrize("proof", ["token_hash", "code"])
def test_reset_through_the_official_client(mail_server, proof):
    email = register(mail_server, unique_email(f"client-{proof.replace('_', '')}"))
    client = mail_server.client()
    client.reset_password_for_email(email)
    _, token, code = recovery_mail(mail_server, email)

    if proof == "token_hash":
        params = {"type": "recovery", "token_hash": token}
    else:
        params = {"type": "recovery", "email": email, "token": code}
    verified = client.verify_otp(params)
    assert verified.session is not None, "verify_otp must answer a session"
    assert verified.user.email == email
    assert client.get_session().access_token == verified.session.access_token

    updated = client.update_user({"password": OTHER_PASSWORD})
    assert updated.user.email == email
    assert_password(mail_server, email, works=OTHER_PASSWORD, fails=PASSWORD)

    # The proof worked once.
    with api_error(403, "otp_expired"):
        mail_server.client().verify_otp(params)


def test_recovery_for_an_unknown_address_looks_the_same_to_the_client(mail_server):
    mail_server.client().reset_password_for_email(unique_email("client-nobody"))  # no error


def test_pkce_recovery_through_the_official_client(module_servers):
    """flow_type="pkce" (supabase-swift's default): the challenge goes with /recover, the link
    comes back with ?code=, and exchange_code_for_session uses the stored verifier."""
    server = module_servers.start(**RECOVERY_SETTINGS, site_url=SITE)
    email = register(server, unique_email("client-pkce"))
    client = SyncGoTrueClient(url=server.auth_url, flow_type="pkce", auto_refresh_token=False)
    try:
        client.reset_password_for_email(email, {"redirect_to": f"{SITE}/reset"})
        link = link_in(wait_for_dev_mail(server, email)[0]["text"])
        assert query_of(link)["token"].startswith("pkce_"), link
        location = click_link(link).headers["location"]
        assert location.startswith(f"{SITE}/reset?code="), location
        events = []
        client.on_auth_state_change(lambda event, session: events.append(event))
        exchanged = client.exchange_code_for_session({"auth_code": query_of(location)["code"]})
        assert exchanged.session is not None and exchanged.user.email == email
        assert "PASSWORD_RECOVERY" in events, events
        client.update_user({"password": OTHER_PASSWORD})
    finally:
        client.close()
    assert_password(server, email, works=OTHER_PASSWORD, fails=PASSWORD)
