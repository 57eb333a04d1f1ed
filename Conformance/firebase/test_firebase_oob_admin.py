"""firebase-admin (PyPI, emulator mode: FIREBASE_AUTH_EMULATOR_HOST, `Bearer owner`) against
Gatehouse: generate_password_reset_link and generate_email_verification_link return a working
action link and send nothing. SQLite and PostgreSQL (`--db`)."""

from __future__ import annotations

import time
import uuid

import firebase_admin
import pytest
from firebase_admin import auth

from firebase_oob_support import (
    ACTION_PATH, PROJECT, action_query, firebase_messages, firebase_sign_in, ios_reset_password, ios_send_reset,
    firebase_mail, v1, v3,
)
from recovery_support import RECOVERY_SETTINGS, register
from support import PASSWORD, unique_email

NEW_PASSWORD = "a-brand-new-password"


@pytest.fixture(scope="module")
def fb(module_servers):
    return module_servers.start(**RECOVERY_SETTINGS)


@pytest.fixture
def admin_app(fb, monkeypatch):
    """A firebase-admin app pointed at the server as at the Auth emulator."""
    monkeypatch.setenv("FIREBASE_AUTH_EMULATOR_HOST", fb.root_url.removeprefix("http://"))
    app = firebase_admin.initialize_app(options={"projectId": PROJECT}, name=f"oob-{uuid.uuid4().hex}")
    yield app
    firebase_admin.delete_app(app)


def drain(server) -> None:
    marker = register(server, unique_email("fbmarker"))
    assert ios_send_reset(server, marker).status_code == 200
    firebase_mail(server, marker)


def test_generate_password_reset_link(fb, admin_app):
    email = register(fb, unique_email("fbadminreset"))
    link = auth.generate_password_reset_link(email, app=admin_app)
    assert link.startswith(fb.root_url + ACTION_PATH + "?mode=resetPassword&oobCode="), link
    code = action_query(link)["oobCode"]
    drain(fb)
    assert firebase_messages(fb, email) == [], "generate_password_reset_link sent an email"
    reset = ios_reset_password(fb, code, NEW_PASSWORD)
    assert reset.status_code == 200, reset.text
    firebase_sign_in(fb, email, NEW_PASSWORD)
    with pytest.raises(auth.EmailNotFoundError):
        auth.generate_password_reset_link(unique_email("fbnobody"), app=admin_app)


def test_generate_email_verification_link(fb, admin_app):
    email = unique_email("fbadminverify")
    created = auth.create_user(email=email, password=PASSWORD, app=admin_app)
    assert created.email_verified is False
    link = auth.generate_email_verification_link(email, app=admin_app)
    query = action_query(link)
    assert query["mode"] == "verifyEmail", link
    drain(fb)
    assert firebase_messages(fb, email) == []
    applied = v1(fb, "update", {"oobCode": query["oobCode"]})
    assert applied.status_code == 200, applied.text
    assert auth.get_user(created.uid, app=admin_app).email_verified is True


def test_return_oob_link_without_admin_is_refused(fb):
    email = register(fb, unique_email("fbnoadmin"))
    for call in (v1, lambda s, r, b: v3(s, "getOobConfirmationCode", b)):
        response = call(fb, "sendOobCode", {"requestType": "PASSWORD_RESET", "email": email, "returnOobLink": True})
        assert response.status_code == 403, response.text
        assert response.json()["error"]["message"].startswith("INSUFFICIENT_PERMISSION")


def test_reset_by_link_revokes_tokens_for_check_revoked(fb, admin_app):
    """A reset moves validSince past the tokens issued before it: firebase-admin's
    `verify_id_token(check_revoked=True)` (which compares the token's iat with validSince)
    refuses the old ID token, and `tokens_valid_after_timestamp` is the reset's time."""
    email = register(fb, unique_email("fbrevoked"))
    old = firebase_sign_in(fb, email, PASSWORD)
    assert auth.verify_id_token(old["idToken"], app=admin_app, check_revoked=True)["email"] == email
    time.sleep(1.1)  # validSince has whole seconds: the reset must fall in a later second than the token's iat
    reset_at = int(time.time())
    code = action_query(auth.generate_password_reset_link(email, app=admin_app))["oobCode"]
    assert ios_reset_password(fb, code, NEW_PASSWORD).status_code == 200
    with pytest.raises(auth.RevokedIdTokenError):
        auth.verify_id_token(old["idToken"], app=admin_app, check_revoked=True)
    user = auth.get_user_by_email(email, app=admin_app)
    assert user.tokens_valid_after_timestamp >= reset_at * 1000
    fresh = firebase_sign_in(fb, email, NEW_PASSWORD)
    assert auth.verify_id_token(fresh["idToken"], app=admin_app, check_revoked=True)["email"] == email
