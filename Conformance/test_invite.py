"""Invitations through the official Python client's
admin.invite_user_by_email: the user is created with invited_at, the invitation email arrives
in the dev mailbox, its link (type=invite) signs the user in, who then sets a password with
update_user. Also supabase-swift's path (/admin/invite) and GoTrue's errors."""

from __future__ import annotations

import pytest

from recovery.recovery_support import RECOVERY_SETTINGS, click_link, code_in, fragment_of, link_in, query_of, wait_for_dev_mail
from support import OTHER_PASSWORD, api_error, assert_error, unique_email

SITE = "https://app.gatehouse.test"
INVITE_SUBJECT = "You have been invited to Gatehouse"


@pytest.fixture(scope="module")
def invite_server(module_servers):
    return module_servers.start(**RECOVERY_SETTINGS, site_url=SITE, autoconfirm=False)


def invite_mail(server, email: str, count: int = 1) -> tuple[str, str, str]:
    message = wait_for_dev_mail(server, email, subject=INVITE_SUBJECT, count=count)[0]
    assert "Accept the invitation" in message["html"], message
    link = link_in(message["text"])
    return link, query_of(link)["token"], code_in(message["text"])


def test_invited_user_accepts_through_the_link_and_sets_a_password(invite_server):
    email = unique_email("invitee")
    user = invite_server.admin().invite_user_by_email(email, {"data": {"team": "blue"}, "redirect_to": f"{SITE}/welcome"}).user
    assert user.email == email and user.invited_at is not None and user.email_confirmed_at is None
    assert user.user_metadata == {"team": "blue"}, user.user_metadata

    link, _, _ = invite_mail(invite_server, email)
    assert query_of(link)["type"] == "invite", link
    location = click_link(link).headers["location"]
    assert location.startswith(f"{SITE}/welcome#access_token="), location
    fragment = fragment_of(location)
    assert fragment["type"] == "invite", fragment

    client = invite_server.client()
    client.set_session(fragment["access_token"], fragment["refresh_token"])
    client.update_user({"password": OTHER_PASSWORD})
    session = invite_server.client().sign_in_with_password({"email": email, "password": OTHER_PASSWORD}).session
    assert session is not None and session.user.email_confirmed_at is not None


def test_invitation_code_through_verify_otp(invite_server):
    email = unique_email("invite-code")
    invite_server.admin().invite_user_by_email(email)
    _, token, code = invite_mail(invite_server, email)
    verified = invite_server.client().verify_otp({"type": "invite", "email": email, "token": code})
    assert verified.session is not None and verified.user.email == email
    with api_error(403, "otp_expired"):
        invite_server.client().verify_otp({"type": "invite", "token_hash": token})


def test_swift_client_path_and_reinvite(invite_server):
    """supabase-swift posts to /admin/invite; inviting an unconfirmed address again sends a new
    link and the old one stops working."""
    email = unique_email("invite-swift")
    first = invite_server.request("POST", "admin/invite", json={"email": email, "data": None}, bearer=invite_server.service_role_jwt())
    assert first.status_code == 200 and first.json()["invited_at"], first.text
    _, old_token, _ = invite_mail(invite_server, email)
    invite_server.admin().invite_user_by_email(email)
    _, new_token, _ = invite_mail(invite_server, email, count=2)
    with api_error(403, "otp_expired"):
        invite_server.client().verify_otp({"type": "invite", "token_hash": old_token})
    assert invite_server.client().verify_otp({"type": "invite", "token_hash": new_token}).session is not None


def test_errors(invite_server):
    confirmed = unique_email("invite-confirmed")
    invite_server.admin().create_user({"email": confirmed, "password": "a-fine-password", "email_confirm": True})
    with api_error(422, "email_exists"):
        invite_server.admin().invite_user_by_email(confirmed)
    assert_error(invite_server.request("POST", "invite", json={"email": "nope"}, bearer=invite_server.service_role_jwt()),
                 400, "validation_failed")
    assert_error(invite_server.request("POST", "invite", json={"email": unique_email("x")}), 401, "no_authorization")
