"""Email change: `update_user({"email"})` with GoTrue's secure double
confirmation, `verify_otp` type `email_change` (codes and token hashes), the emailed link's page,
the setting that turns the double confirmation off, and the errors, through the official client."""

from __future__ import annotations

import httpx
import pytest
from supabase_auth.errors import AuthApiError

from dev_mailbox import MAIL_SETTINGS, code_in, fragment_of, link_in, query_of, wait_for
from support import PASSWORD, api_error, password_grant, unique_email

NEW_SUBJECT = "Confirm your new Gatehouse email address"
CURRENT_SUBJECT = "Confirm the change of your Gatehouse email address"
FIRST_CONFIRMATION = "Confirmation link accepted. Please proceed to confirm link sent to the other email"


@pytest.fixture(scope="module")
def mail_server(module_servers):
    return module_servers.start(**MAIL_SETTINGS)


@pytest.fixture(scope="module")
def single_server(module_servers):
    return module_servers.start(**MAIL_SETTINGS, mailer_secure_email_change_enabled=False)


def signed_in(server, email: str):
    client = server.client()
    client.sign_up({"email": email, "password": PASSWORD})
    return client


def mails(server, old: str, new: str):
    current = wait_for(server, old, CURRENT_SUBJECT)[0]
    fresh = wait_for(server, new, NEW_SUBJECT)[0]
    return current, fresh


def test_both_addresses_confirm_before_the_address_changes(mail_server):
    old, new = unique_email("old"), unique_email("new")
    client = signed_in(mail_server, old)
    user = client.update_user({"email": new}).user
    assert user.email == old and user.new_email == new and user.email_change_sent_at is not None
    assert client.get_user().user.new_email == new

    current, fresh = mails(mail_server, old, new)
    for message in (current, fresh):
        assert new in message["text"] and new in message["html"]
        assert query_of(link_in(message["text"]))["type"] == "email_change"
        assert "<a href=" in message["html"]
    assert old in current["text"]

    # The current address with its own code: the first of two, no session (the client returns
    # an empty AuthResponse for GoTrue's {"msg", "code": "200"}).
    first = mail_server.client().verify_otp({"type": "email_change", "email": old, "token": code_in(current["text"])})
    assert first.session is None and first.user is None
    raw_check = client.get_user().user
    assert raw_check.email == old

    second = mail_server.client().verify_otp({"type": "email_change", "email": new, "token": code_in(fresh["text"])})
    assert second.session is not None and second.user.email == new
    assert second.user.new_email is None
    assert second.user.identities[0].identity_data["email"] == new
    assert password_grant(mail_server, new).status_code == 200
    assert password_grant(mail_server, old).status_code == 400


def test_first_confirmation_body_is_gotrues(mail_server):
    old, new = unique_email("old"), unique_email("new")
    signed_in(mail_server, old).update_user({"email": new})
    current, fresh = mails(mail_server, old, new)
    token_hash = query_of(link_in(fresh["text"]))["token"]
    response = mail_server.request("POST", "verify", json={"type": "email_change", "token_hash": token_hash})
    assert response.status_code == 200, response.text
    assert response.json() == {"msg": FIRST_CONFIRMATION, "code": "200"}
    # The same link again: spent.
    again = mail_server.request("POST", "verify", json={"type": "email_change", "token_hash": token_hash})
    assert again.status_code == 403 and again.json()["code"] == "otp_expired", again.text
    done = mail_server.client().verify_otp({"type": "email_change", "email": old, "token": code_in(current["text"])})
    assert done.user.email == new


def test_the_links_page_spends_them_on_post_only(mail_server):
    old, new = unique_email("old"), unique_email("new")
    signed_in(mail_server, old).update_user({"email": new})
    current, fresh = mails(mail_server, old, new)
    with httpx.Client(timeout=15.0, follow_redirects=False) as browser:
        for message, expect_session in ((current, False), (fresh, True)):
            link = link_in(message["text"])
            page = browser.get(link)
            assert page.status_code == 200 and "Confirm the change" in page.text, page.text
            assert browser.get(link).status_code == 200  # a scanner's GET spent nothing
            token = query_of(link)["token"]
            posted = browser.post(
                link.split("?")[0], data={"token": token, "type": "email_change"},
                headers={"Content-Type": "application/x-www-form-urlencoded"},
            )
            assert posted.status_code == 303, posted.text
            fragment = fragment_of(posted.headers["location"])
            if expect_session:
                assert fragment["type"] == "email_change" and fragment["access_token"]
            else:
                assert fragment["message"] == FIRST_CONFIRMATION and "access_token" not in fragment
    assert password_grant(mail_server, new).status_code == 200


def test_with_secure_change_off_only_the_new_address_confirms(single_server):
    old, new = unique_email("old"), unique_email("new")
    signed_in(single_server, old).update_user({"email": new})
    fresh = wait_for(single_server, new, NEW_SUBJECT)[0]
    done = single_server.client().verify_otp({"type": "email_change", "email": new, "token": code_in(fresh["text"])})
    assert done.session is not None and done.user.email == new
    assert not [m for m in wait_for_any(single_server, old) if m["subject"] == CURRENT_SUBJECT]


def wait_for_any(server, address: str) -> list[dict]:
    from dev_mailbox import messages, settle_outbox
    settle_outbox(server)
    return messages(server, address)


def test_another_accounts_address_is_refused(mail_server):
    taken = unique_email("taken")
    mail_server.client().sign_up({"email": taken, "password": PASSWORD})
    client = signed_in(mail_server, unique_email("asker"))
    with api_error(422, "email_exists"):
        client.update_user({"email": taken})
    with api_error(400, "validation_failed"):
        client.update_user({"email": "not-an-address"})


def test_wrong_codes_and_unknown_addresses(mail_server):
    old, new = unique_email("old"), unique_email("new")
    signed_in(mail_server, old).update_user({"email": new})
    _, fresh = mails(mail_server, old, new)
    code = code_in(fresh["text"])
    wrong = "000000" if code != "000000" else "111111"
    with api_error(403, "otp_expired"):
        mail_server.client().verify_otp({"type": "email_change", "email": new, "token": wrong})
    with api_error(403, "otp_expired"):
        mail_server.client().verify_otp({"type": "email_change", "email": unique_email("nobody"), "token": code})
    # The new address's code does not work with the current address.
    with pytest.raises(AuthApiError):
        mail_server.client().verify_otp({"type": "email_change", "email": old, "token": code})


def test_a_password_change_ends_the_pending_links(mail_server):
    old, new = unique_email("old"), unique_email("new")
    client = signed_in(mail_server, old)
    client.update_user({"email": new})
    _, fresh = mails(mail_server, old, new)
    client.update_user({"password": "a-brand-new-password"})
    with api_error(403, "otp_expired"):
        mail_server.client().verify_otp({"type": "email_change", "email": new, "token": code_in(fresh["text"])})


def test_a_pkce_change_ends_in_a_code_for_the_app(single_server):
    import base64
    import hashlib
    import secrets

    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    old, new = unique_email("old"), unique_email("new")
    session = single_server.client().sign_up({"email": old, "password": PASSWORD}).session
    response = single_server.request(
        "PUT", "user", json={"email": new, "code_challenge": challenge, "code_challenge_method": "s256"},
        bearer=session.access_token,
    )
    assert response.status_code == 200 and response.json()["new_email"] == new, response.text
    link = link_in(wait_for(single_server, new, NEW_SUBJECT)[0]["text"])
    token = query_of(link)["token"]
    assert token.startswith("pkce_")
    with httpx.Client(timeout=15.0, follow_redirects=False) as browser:
        assert browser.get(link).status_code == 200
        posted = browser.post(link.split("?")[0], data={"token": token, "type": "email_change"},
                              headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert posted.status_code == 303, posted.text
    code = query_of(posted.headers["location"])["code"]
    exchanged = single_server.client().exchange_code_for_session({"auth_code": code, "code_verifier": verifier})
    assert exchanged.session is not None and exchanged.user.email == new
