"""One account lifecycle for both protocols: pre-account takeover across GoTrue and Firebase.

Firebase signs an unverified account in; GoTrue does not. A stranger who signs up first with
somebody else's address, over either protocol, must not be able to add a way in that outlives
the owner's proof of the address, nor replace the credentials of an owner who already signs
in. Each test drives both APIs as their clients do, with the emails read from the dev mailbox."""

from __future__ import annotations

import pytest

from dev_mailbox import settle_outbox
from firebase_oob_support import VERIFY_SUBJECT, action_query, error_name, firebase_mail, secure_token, v1
from recovery_support import (
    CONFIRM_SUBJECT,
    RECOVERY_SETTINGS,
    click_link,
    dev_messages,
    fragment_of,
    link_in,
    recovery_mail,
    request_recovery,
    wait_for_dev_mail,
)
from support import error_code, password_grant, refresh_grant, unique_email

STRANGER_PASSWORD = "stranger-password-1"
OWNER_PASSWORD = "owner-password-22"
OWNER_NEW_PASSWORD = "owner-new-password-333"


@pytest.fixture(scope="module")
def unverified(module_servers):
    """Sign-ups unconfirmed (Firebase signs them in anyway), mail in the dev mailbox."""
    return module_servers.start(**RECOVERY_SETTINGS, autoconfirm=False)


def firebase_sign_up(server, email: str, password: str) -> dict:
    response = v1(server, "signUp", {"email": email, "password": password, "returnSecureToken": True})
    assert response.status_code == 200, response.text
    return response.json()


def firebase_password(server, email: str, password: str):
    return v1(server, "signInWithPassword", {"email": email, "password": password, "returnSecureToken": True})


def confirm_by_link(server, link: str) -> dict:
    """Opens an emailed /verify link and presses its button; the session in the redirect."""
    answer = click_link(link)
    assert answer.status_code == 303, answer.text
    session = fragment_of(answer.headers["location"])
    assert "access_token" in session, answer.headers["location"]
    return session


def test_a_firebase_pre_sign_up_gets_no_gotrue_session_and_the_owner_recovers_it_clean(unverified):
    email = unique_email("fb-presignup")
    stranger = firebase_sign_up(unverified, email, STRANGER_PASSWORD)

    # The Firebase refresh token, with or without its suffix, is no GoTrue session.
    session_part = stranger["refreshToken"].split(".")[0]
    taken_over = refresh_grant(unverified, session_part)
    assert taken_over.status_code == 400 and error_code(taken_over) == "email_not_confirmed", taken_over.text
    assert refresh_grant(unverified, stranger["refreshToken"]).status_code == 400

    # The owner signs up over GoTrue: somebody can already sign in, so nothing is replaced and
    # no confirmation is sent; the owner recovers the account instead.
    signed_up = unverified.request("POST", "signup", json={"email": email, "password": OWNER_PASSWORD})
    assert signed_up.status_code == 200, signed_up.text
    settle_outbox(unverified)
    assert [m for m in dev_messages(unverified, email) if m["subject"] == CONFIRM_SUBJECT] == []
    request_recovery(unverified, email)
    _, token, _ = recovery_mail(unverified, email)
    verified = unverified.request("POST", "verify", json={"type": "recovery", "token_hash": token})
    assert verified.status_code == 200, verified.text
    changed = unverified.request("PUT", "user", bearer=verified.json()["access_token"], json={"password": OWNER_NEW_PASSWORD})
    assert changed.status_code == 200, changed.text

    # Nothing of the stranger's is left: password, sessions.
    assert error_name(firebase_password(unverified, email, STRANGER_PASSWORD)) == "INVALID_LOGIN_CREDENTIALS"
    assert error_name(secure_token(unverified, stranger["refreshToken"])) == "TOKEN_EXPIRED"
    assert firebase_password(unverified, email, OWNER_NEW_PASSWORD).status_code == 200
    owner = password_grant(unverified, email, OWNER_NEW_PASSWORD)
    assert owner.status_code == 200, owner.text
    assert owner.json()["user"]["email_confirmed_at"], owner.text
    assert not owner.json()["user"].get("factors"), owner.text


def test_a_strangers_gotrue_sign_up_never_replaces_a_firebase_owners_password(unverified):
    email = unique_email("fb-owner")
    owner = firebase_sign_up(unverified, email, OWNER_PASSWORD)
    stranger = unverified.request("POST", "signup", json={"email": email, "password": STRANGER_PASSWORD})
    assert stranger.status_code == 200, stranger.text

    # Whatever confirmation the stranger's sign-up caused, the owner clicks it.
    settle_outbox(unverified)
    for message in [m for m in dev_messages(unverified, email) if m["subject"] == CONFIRM_SUBJECT]:
        click_link(link_in(message["text"], "/auth/v1/verify"))

    # Then verifies the address through Firebase, as a Firebase app asks them to.
    sent = v1(unverified, "sendOobCode", {"requestType": "VERIFY_EMAIL", "idToken": owner["idToken"]})
    if sent.status_code == 200:
        _, link = firebase_mail(unverified, email, subject=VERIFY_SUBJECT)
        applied = v1(unverified, "update", {"oobCode": action_query(link)["oobCode"]})
        assert applied.status_code == 200, applied.text

    assert firebase_password(unverified, email, OWNER_PASSWORD).status_code == 200
    assert error_name(firebase_password(unverified, email, STRANGER_PASSWORD)) == "INVALID_LOGIN_CREDENTIALS"
    assert password_grant(unverified, email, OWNER_PASSWORD).status_code == 200
    assert password_grant(unverified, email, STRANGER_PASSWORD).status_code == 400


def test_a_gotrue_pre_sign_up_password_never_signs_in_over_firebase(unverified):
    email = unique_email("gotrue-presignup")
    assert unverified.request("POST", "signup", json={"email": email, "password": STRANGER_PASSWORD}).status_code == 200
    assert error_name(firebase_password(unverified, email, STRANGER_PASSWORD)) == "INVALID_LOGIN_CREDENTIALS"
    assert error_name(v1(unverified, "signUp", {"email": email, "password": OWNER_PASSWORD})) == "EMAIL_EXISTS"

    # The owner signs up over GoTrue too and confirms: their password, on both protocols.
    assert unverified.request("POST", "signup", json={"email": email, "password": OWNER_PASSWORD}).status_code == 200
    newest = wait_for_dev_mail(unverified, email, CONFIRM_SUBJECT, count=2)[0]
    confirm_by_link(unverified, link_in(newest["text"], "/auth/v1/verify"))
    assert firebase_password(unverified, email, OWNER_PASSWORD).status_code == 200
    assert error_name(firebase_password(unverified, email, STRANGER_PASSWORD)) == "INVALID_LOGIN_CREDENTIALS"


def test_firebase_verification_settles_like_every_confirmation(unverified):
    email = unique_email("fb-verify")
    signed_up = firebase_sign_up(unverified, email, OWNER_PASSWORD)
    sent = v1(unverified, "sendOobCode", {"requestType": "VERIFY_EMAIL", "idToken": signed_up["idToken"]})
    assert sent.status_code == 200, sent.text
    _, link = firebase_mail(unverified, email, subject=VERIFY_SUBJECT)
    applied = v1(unverified, "update", {"oobCode": action_query(link)["oobCode"]})
    assert applied.status_code == 200 and applied.json()["emailVerified"] is True, applied.text

    # Sessions started before the proof end; the account's own password stays.
    assert error_name(secure_token(unverified, signed_up["refreshToken"])) == "TOKEN_EXPIRED"
    again = firebase_password(unverified, email, OWNER_PASSWORD)
    assert again.status_code == 200, again.text
    lookup = v1(unverified, "lookup", {"idToken": again.json()["idToken"]})
    assert lookup.json()["users"][0]["emailVerified"] is True, lookup.text
    # Now confirmed, GoTrue signs it in and takes its sessions over.
    assert refresh_grant(unverified, again.json()["refreshToken"].split(".")[0]).status_code == 200
