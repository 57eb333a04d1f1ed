"""One-time recovery tokens: single use, only the newest works, wrong codes spend the code (not
the link; see test_recovery_code_guesses.py), the reset page does not spend them on GET or on a rejected password."""

from __future__ import annotations

from recovery_support import (
    ResetBrowser,
    http,
    recovery_mail,
    register,
    request_recovery,
    says_link_invalid,
)
from support import OTHER_PASSWORD, PASSWORD, assert_error, password_grant


def verify_hash(server, token):
    return server.request("POST", "verify", json={"type": "recovery", "token_hash": token})


def verify_code(server, email, code):
    return server.request("POST", "verify", json={"type": "recovery", "email": email, "token": code})


def wrong(code: str) -> str:
    return f"{(int(code) + 1) % 1_000_000:06d}"


def test_a_token_hash_works_once(mail_server):
    email = register(mail_server)
    request_recovery(mail_server, email)
    _, token, _ = recovery_mail(mail_server, email)
    first = verify_hash(mail_server, token)
    assert first.status_code == 200, first.text
    session = first.json()
    assert session["user"]["email"] == email and session["access_token"] and session["refresh_token"]
    assert mail_server.decode_access_token(session["access_token"])["sub"] == session["user"]["id"]
    assert_error(verify_hash(mail_server, token), 403, "otp_expired")


def test_an_unknown_token_hash_and_code_are_otp_expired(mail_server):
    email = register(mail_server)
    assert_error(verify_hash(mail_server, "x" * 43), 403, "otp_expired")
    assert_error(verify_code(mail_server, email, "123456"), 403, "otp_expired")


def test_only_the_newest_link_works(mail_server):
    email = register(mail_server)
    request_recovery(mail_server, email)
    _, first, _ = recovery_mail(mail_server, email)
    request_recovery(mail_server, email)
    _, second, _ = recovery_mail(mail_server, email, count=2)
    assert first != second
    assert_error(verify_hash(mail_server, first), 403, "otp_expired")
    assert verify_hash(mail_server, second).status_code == 200


def test_five_wrong_codes_spend_the_code(mail_server):
    email = register(mail_server)
    request_recovery(mail_server, email)
    _, _, code = recovery_mail(mail_server, email)
    for _ in range(5):
        assert_error(verify_code(mail_server, email, wrong(code)), 403, "otp_expired")
    assert_error(verify_code(mail_server, email, code), 403, "otp_expired")


def test_four_wrong_codes_do_not(mail_server):
    email = register(mail_server)
    request_recovery(mail_server, email)
    _, _, code = recovery_mail(mail_server, email)
    for _ in range(4):
        assert_error(verify_code(mail_server, email, wrong(code)), 403, "otp_expired")
    response = verify_code(mail_server, email, code)
    assert response.status_code == 200, response.text
    assert response.json()["user"]["email"] == email


def test_the_reset_page_rejects_a_weak_password_and_keeps_the_token(mail_server):
    email = register(mail_server)
    request_recovery(mail_server, email)
    link, _, _ = recovery_mail(mail_server, email)

    with ResetBrowser(mail_server) as browser:
        assert browser.open(link).status_code == 200
        mismatch = browser.submit(OTHER_PASSWORD, confirm=OTHER_PASSWORD + "x")
        assert 400 <= mismatch.status_code < 500 and not says_link_invalid(mismatch), mismatch.status_code

        weak = browser.submit("short")
        assert weak.status_code == 422, weak.text
        assert weak.headers["content-type"].startswith("text/html")
        assert not says_link_invalid(weak)
        assert password_grant(mail_server, email, PASSWORD).status_code == 200  # nothing changed

        assert browser.open(link).status_code == 200, "a rejected password must not spend the token"
        assert browser.submit(OTHER_PASSWORD).status_code == 200
        assert password_grant(mail_server, email, OTHER_PASSWORD).status_code == 200
        used = browser.open(link)
        assert used.status_code == 400 and says_link_invalid(used)


def test_the_reset_page_with_a_bad_token(mail_server):
    with http() as client:
        page = client.get(f"{mail_server.root_url}/reset-password", params={"token": "not-a-token"})
    assert page.status_code == 400 and says_link_invalid(page)
    email = register(mail_server)
    request_recovery(mail_server, email)
    link, _, _ = recovery_mail(mail_server, email)
    with ResetBrowser(mail_server) as browser:
        assert browser.open(link).status_code == 200
        tampered = browser.submit(OTHER_PASSWORD, token="not-a-token")
    assert tampered.status_code == 400 and says_link_invalid(tampered)
    assert password_grant(mail_server, email, PASSWORD).status_code == 200


def test_a_token_spent_through_verify_no_longer_opens_the_page(mail_server):
    email = register(mail_server)
    request_recovery(mail_server, email)
    link, token, _ = recovery_mail(mail_server, email)
    with ResetBrowser(mail_server) as browser:
        assert browser.open(link).status_code == 200  # a tab opened before the app used the token
        assert verify_hash(mail_server, token).status_code == 200
        page = browser.open(link)
        assert page.status_code == 400 and says_link_invalid(page)
        posted = browser.submit(OTHER_PASSWORD)
    assert posted.status_code == 400 and says_link_invalid(posted)
    assert password_grant(mail_server, email, PASSWORD).status_code == 200


def test_put_user_after_recovery_ends_the_other_sessions(mail_server):
    email = register(mail_server)
    other = password_grant(mail_server, email).json()
    request_recovery(mail_server, email)
    _, token, _ = recovery_mail(mail_server, email)
    session = verify_hash(mail_server, token).json()
    changed = mail_server.request("PUT", "user", json={"password": OTHER_PASSWORD}, bearer=session["access_token"])
    assert changed.status_code == 200, changed.text
    assert password_grant(mail_server, email, OTHER_PASSWORD).status_code == 200
    assert_error(password_grant(mail_server, email, PASSWORD), 400, "invalid_credentials")
    stale = mail_server.request("POST", "token", params={"grant_type": "refresh_token"},
                                json={"refresh_token": other["refresh_token"]})
    assert stale.status_code == 400, stale.text


def test_the_code_works_with_the_address_in_any_case(mail_server):
    email = register(mail_server)
    request_recovery(mail_server, email)
    _, _, code = recovery_mail(mail_server, email)
    response = verify_code(mail_server, "  " + email.upper() + " ", code)
    assert response.status_code == 200, response.text
    assert response.json()["user"]["email"] == email


def test_a_code_is_bound_to_its_account(mail_server):
    alice, mallory = register(mail_server), register(mail_server)
    request_recovery(mail_server, alice)
    request_recovery(mail_server, mallory)
    _, _, alice_code = recovery_mail(mail_server, alice)
    _, _, mallory_code = recovery_mail(mail_server, mallory)
    if alice_code != mallory_code:
        assert_error(verify_code(mail_server, mallory, alice_code), 403, "otp_expired")
    response = verify_code(mail_server, alice, alice_code)
    assert response.status_code == 200 and response.json()["user"]["email"] == alice, response.text

