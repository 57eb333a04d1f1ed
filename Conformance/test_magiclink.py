"""Magic links and email codes through the official Python client:
sign_in_with_otp emails one token (a link and a 6-digit code), verify_otp with the code or the
link's token hash signs in, the link's GET only shows a page, PKCE through
exchange_code_for_session; enumeration-safe answers and the send window shared with /recover."""

from __future__ import annotations

import pytest
from supabase_auth import SyncGoTrueClient

from recovery.recovery_support import (
    RECOVERY_SETTINGS, click_link, code_in, dev_messages, fragment_of, http, link_in, query_of, register, wait_for_dev_mail,
)
from support import api_error, assert_error, unique_email

SITE = "https://app.gatehouse.test"
MAGIC_SUBJECT = "Your Gatehouse sign-in link"


@pytest.fixture(scope="module")
def otp_server(module_servers):
    return module_servers.start(**RECOVERY_SETTINGS, site_url=SITE, autoconfirm=False)


def magic_mail(server, email: str, count: int = 1) -> tuple[str, str, str]:
    """The newest magic-link email to `email`: (link, token, code)."""
    message = wait_for_dev_mail(server, email, subject=MAGIC_SUBJECT, count=count)[0]
    assert "Sign in" in message["html"], message
    link = link_in(message["text"])
    return link, query_of(link)["token"], code_in(message["text"])


def test_code_signs_a_registered_user_in_once(otp_server):
    email = unique_email("otp-code")
    otp_server.admin().create_user({"email": email, "password": "a-fine-password", "email_confirm": True})
    client = otp_server.client()
    client.sign_in_with_otp({"email": email})
    link, _, code = magic_mail(otp_server, email)
    assert query_of(link)["type"] == "magiclink", link
    verified = client.verify_otp({"type": "email", "email": email, "token": code})
    assert verified.session is not None and verified.user.email == email
    with api_error(403, "otp_expired"):
        otp_server.client().verify_otp({"type": "email", "email": email, "token": code})


def test_new_address_becomes_a_confirmed_account_with_its_data(otp_server):
    email = unique_email("otp-new")
    client = otp_server.client()
    client.sign_in_with_otp({"email": email, "options": {"data": {"plan": "pro"}, "email_redirect_to": f"{SITE}/cb"}})
    link, token, _ = magic_mail(otp_server, email)
    assert query_of(link)["redirect_to"] == f"{SITE}/cb", link
    verified = client.verify_otp({"type": "magiclink", "token_hash": token})
    assert verified.user.email_confirmed_at is not None
    assert verified.user.user_metadata.get("plan") == "pro", verified.user.user_metadata
    with api_error(403, "otp_expired"):
        otp_server.client().verify_otp({"type": "magiclink", "token_hash": token})


def test_link_page_spends_nothing_and_its_button_signs_in(otp_server):
    email = register_confirmed(otp_server, "otp-link")
    otp_server.client().sign_in_with_otp({"email": email, "options": {"email_redirect_to": f"{SITE}/cb"}})
    link, _, _ = magic_mail(otp_server, email)
    with http() as scanner:
        for _ in range(2):
            page = scanner.get(link)
            assert page.status_code == 200 and "location" not in page.headers, page.text
    location = click_link(link).headers["location"]
    assert location.startswith(f"{SITE}/cb#access_token="), location
    fragment = fragment_of(location)
    assert fragment["type"] == "magiclink" and fragment["token_type"] == "bearer", fragment
    again = click_link(link).headers["location"]
    assert "error_code=otp_expired" in again, again


def test_pkce_through_exchange_code_for_session(module_servers):
    server = module_servers.start(**RECOVERY_SETTINGS, site_url=SITE)
    email = register(server, unique_email("otp-pkce"))
    client = SyncGoTrueClient(url=server.auth_url, flow_type="pkce", auto_refresh_token=False)
    try:
        client.sign_in_with_otp({"email": email, "options": {"email_redirect_to": f"{SITE}/cb"}})
        link, token, _ = magic_mail(server, email)
        assert token.startswith("pkce_"), link
        location = click_link(link).headers["location"]
        assert location.startswith(f"{SITE}/cb?code="), location
        exchanged = client.exchange_code_for_session({"auth_code": query_of(location)["code"]})
        assert exchanged.session is not None and exchanged.user.email == email
    finally:
        client.close()


def test_answers_do_not_tell_addresses_apart(module_servers):
    """create_user false for an unknown address, and sign-ups disabled: GoTrue answers 422
    (otp_disabled, signup_disabled) only for unknown addresses; here every address gets {}."""
    server = module_servers.start(**RECOVERY_SETTINGS, disable_signup=True)
    known = register_confirmed(server, "otp-known")
    unknown = unique_email("otp-unknown")
    for email in (known, unknown):
        for body in ({"email": email, "create_user": False}, {"email": email}):
            response = server.request("POST", "otp", json=body)
            assert response.status_code == 200 and response.json() == {}, response.text
    wait_for_dev_mail(server, known, subject=MAGIC_SUBJECT, count=2)
    assert dev_messages(server, unknown) == []
    assert all(user.email != unknown for user in server.admin().list_users(per_page=1000))


def test_send_window_is_shared_with_recover(module_servers):
    server = module_servers.start(email_send_window=60)
    for email in (register_confirmed(server, "otp-window"), unique_email("otp-window-unknown")):
        server.client().reset_password_for_email(email)
        with api_error(429, "over_email_send_rate_limit"):
            server.client().sign_in_with_otp({"email": email})
        response = server.request("POST", "magiclink", json={"email": email})
        assert_error(response, 429, "over_email_send_rate_limit")


def test_bad_requests(otp_server):
    assert_error(otp_server.request("POST", "otp", json={"email": "not-an-address"}), 400, "validation_failed")
    assert_error(otp_server.request("POST", "otp", json={}), 400, "validation_failed")
    wrong = otp_server.client()
    with api_error(403, "otp_expired"):
        wrong.verify_otp({"type": "magiclink", "token_hash": "made-up"})


def register_confirmed(server, prefix: str) -> str:
    email = unique_email(prefix)
    server.admin().create_user({"email": email, "password": "a-fine-password", "email_confirm": True})
    return email
