"""`POST /resend` for `signup` and `email_change` through the official client's `resend`:
the emails go out again with fresh links, the old ones stop working, and every well-formed
address gets the same `200 {}`."""

from __future__ import annotations

import pytest

from dev_mailbox import MAIL_SETTINGS, code_in, link_in, messages, query_of, settle_outbox, wait_for
from support import PASSWORD, api_error, unique_email

CONFIRM_SUBJECT = "Confirm your Gatehouse account"
NEW_SUBJECT = "Confirm your new Gatehouse email address"
CURRENT_SUBJECT = "Confirm the change of your Gatehouse email address"


@pytest.fixture(scope="module")
def confirm_server(module_servers):
    return module_servers.start(**MAIL_SETTINGS, autoconfirm=False)


@pytest.fixture(scope="module")
def windowed_server(module_servers):
    return module_servers.start(autoconfirm=False, email_send_window=60)


def test_resend_signup_confirmation(confirm_server):
    email = unique_email("resend-signup")
    confirm_server.client().sign_up({"email": email, "password": PASSWORD})
    wait_for(confirm_server, email, CONFIRM_SUBJECT)
    answer = confirm_server.client().resend({"type": "signup", "email": email})
    assert answer.user is None and answer.session is None
    newest = wait_for(confirm_server, email, CONFIRM_SUBJECT, count=2)[0]
    verified = confirm_server.client().verify_otp({"type": "signup", "email": email, "token": code_in(newest["text"])})
    assert verified.user.email_confirmed_at is not None


def test_resend_email_change(confirm_server):
    old, new = unique_email("old"), unique_email("new")
    admin = confirm_server.admin()
    admin.create_user({"email": old, "password": PASSWORD, "email_confirm": True})
    client = confirm_server.client()
    client.sign_in_with_password({"email": old, "password": PASSWORD})
    client.update_user({"email": new})
    first_new = wait_for(confirm_server, new, NEW_SUBJECT)[0]
    wait_for(confirm_server, old, CURRENT_SUBJECT)
    confirm_server.client().resend({"type": "email_change", "email": old})
    newest_new = wait_for(confirm_server, new, NEW_SUBJECT, count=2)[0]
    newest_current = wait_for(confirm_server, old, CURRENT_SUBJECT, count=2)[0]
    assert query_of(link_in(newest_new["text"]))["token"] != query_of(link_in(first_new["text"]))["token"]
    with api_error(403, "otp_expired"):
        confirm_server.client().verify_otp({"type": "email_change", "email": new, "token": code_in(first_new["text"])})
    confirm_server.client().verify_otp({"type": "email_change", "email": old, "token": code_in(newest_current["text"])})
    done = confirm_server.client().verify_otp({"type": "email_change", "email": new, "token": code_in(newest_new["text"])})
    assert done.user.email == new


def test_enumeration_safe_answers(confirm_server):
    confirmed = unique_email("confirmed")
    confirm_server.admin().create_user({"email": confirmed, "password": PASSWORD, "email_confirm": True})
    unknown = unique_email("nobody")
    for kind, address in (("signup", unknown), ("signup", confirmed), ("email_change", unknown), ("email_change", confirmed)):
        response = confirm_server.request("POST", "resend", json={"type": kind, "email": address})
        assert response.status_code == 200 and response.json() == {}, (kind, address, response.text)
        assert confirm_server.client().resend({"type": kind, "email": address}).user is None
    settle_outbox(confirm_server)
    assert messages(confirm_server, unknown) == [] and messages(confirm_server, confirmed) == []


def test_the_window_answers_alike_for_unknown_addresses(windowed_server):
    unknown = unique_email("nobody")
    assert windowed_server.request("POST", "resend", json={"type": "email_change", "email": unknown}).status_code == 200
    with api_error(429, "over_email_send_rate_limit"):
        windowed_server.client().resend({"type": "email_change", "email": unknown})


def test_bad_types_and_addresses(confirm_server):
    response = confirm_server.request("POST", "resend", json={"type": "magiclink", "email": unique_email()})
    assert response.status_code == 400 and response.json()["code"] == "validation_failed"
    with api_error(400, "validation_failed"):
        confirm_server.client().resend({"type": "email_change", "email": "not-an-address"})
