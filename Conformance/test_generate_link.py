"""POST /admin/generate_link through the official Python client's
admin.generate_link: GoTrue's response (the user at the top level plus action_link, email_otp,
hashed_token, verification_type, redirect_to) for signup, invite, magiclink and recovery; each
result verifies (the link's page and POST /verify with token_hash, the OTP with verify_otp),
once; nothing is sent. email_change_current / email_change_new record the pending change and
return each side's link and code (the new side verifies with the new address)."""

from __future__ import annotations

import time

import pytest
from supabase_auth.errors import AuthWeakPasswordError

from recovery.recovery_support import RECOVERY_SETTINGS, click_link, dev_messages, fragment_of, query_of
from support import PASSWORD, api_error, unique_email

SITE = "https://app.gatehouse.test"
WELCOME = f"{SITE}/welcome"


@pytest.fixture(scope="module")
def link_server(module_servers):
    return module_servers.start(**RECOVERY_SETTINGS, site_url=SITE, autoconfirm=False)


def test_signup_link_shape_and_confirmation(link_server):
    email = unique_email("gen-signup")
    result = link_server.admin().generate_link(
        {"type": "signup", "email": email, "password": PASSWORD, "options": {"data": {"status": "alpha"}, "redirect_to": WELCOME}})
    props, user = result.properties, result.user
    assert user.email == email and user.user_metadata == {"status": "alpha"} and user.email_confirmed_at is None
    assert props.verification_type == "signup" and props.redirect_to == WELCOME
    assert len(props.email_otp) == 6 and props.email_otp.isdigit()
    link = query_of(props.action_link)
    assert link == {"token": props.hashed_token, "type": "signup", "redirect_to": WELCOME}, props.action_link

    with api_error(400, "email_not_confirmed"):
        link_server.client().sign_in_with_password({"email": email, "password": PASSWORD})
    location = click_link(props.action_link).headers["location"]
    assert location.startswith(f"{WELCOME}#access_token="), location
    assert fragment_of(location)["type"] == "signup"
    assert link_server.client().sign_in_with_password({"email": email, "password": PASSWORD}).session is not None
    with api_error(403, "otp_expired"):
        link_server.client().verify_otp({"type": "signup", "token_hash": props.hashed_token})
    with api_error(422, "email_exists"):
        link_server.admin().generate_link({"type": "signup", "email": email, "password": PASSWORD})


@pytest.mark.parametrize("kind", ["magiclink", "recovery"])
def test_magiclink_and_recovery_codes_sign_in_once(link_server, kind):
    email = unique_email(f"gen-{kind}")
    link_server.admin().create_user({"email": email, "password": PASSWORD, "email_confirm": True})
    props = link_server.admin().generate_link({"type": kind, "email": email}).properties
    assert props.verification_type == kind and props.redirect_to == SITE
    verify_type = "email" if kind == "magiclink" else "recovery"
    verified = link_server.client().verify_otp({"type": verify_type, "email": email, "token": props.email_otp})
    assert verified.session is not None and verified.user.email == email
    with api_error(403, "otp_expired"):
        link_server.client().verify_otp({"type": kind, "token_hash": props.hashed_token})


def test_invite_and_magiclink_for_a_new_address(link_server):
    invitee = unique_email("gen-invite")
    result = link_server.admin().generate_link({"type": "invite", "email": invitee, "options": {"data": {"role": "editor"}}})
    assert result.user.invited_at is not None and result.properties.verification_type == "invite"
    verified = link_server.client().verify_otp({"type": "invite", "token_hash": result.properties.hashed_token})
    assert verified.session is not None and verified.user.user_metadata.get("role") == "editor"

    newcomer = unique_email("gen-magic-new")
    props = link_server.admin().generate_link({"type": "magiclink", "email": newcomer}).properties
    assert props.verification_type == "signup", "a magic link for an unknown address is a sign-up (GoTrue)"
    assert link_server.client().verify_otp({"type": "email", "email": newcomer, "token": props.email_otp}).session is not None


def test_nothing_is_sent(link_server):
    email = unique_email("gen-quiet")
    link_server.admin().create_user({"email": email, "password": PASSWORD, "email_confirm": True})
    for kind in ("magiclink", "recovery"):
        link_server.admin().generate_link({"type": kind, "email": email})
    link_server.admin().generate_link({"type": "invite", "email": unique_email("gen-quiet-invite")})
    # A marker sent after them arrives; the outbox is first in, first out.
    marker = unique_email("gen-marker")
    link_server.admin().create_user({"email": marker, "password": PASSWORD, "email_confirm": True})
    link_server.client().reset_password_for_email(marker)
    deadline = time.monotonic() + 20
    while not dev_messages(link_server, marker) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert dev_messages(link_server, marker), "the marker email did not arrive"
    assert dev_messages(link_server, email) == []


def test_errors(link_server):
    email = unique_email("gen-errors")
    with api_error(400, "validation_failed"):
        link_server.admin().generate_link({"type": "bogus", "email": email, "new_email": unique_email("new")})
    for kind in ("email_change_current", "email_change_new"):
        with api_error(404, "user_not_found"):
            link_server.admin().generate_link({"type": kind, "email": email, "new_email": unique_email("new")})
    with api_error(404, "user_not_found"):
        link_server.admin().generate_link({"type": "recovery", "email": email})
    with api_error(400, "validation_failed"):
        link_server.admin().generate_link({"type": "signup", "email": email})
    with pytest.raises(AuthWeakPasswordError):
        link_server.admin().generate_link({"type": "signup", "email": email, "password": "123"})
    with api_error(400, "validation_failed"):
        link_server.admin().generate_link({"type": "magiclink", "email": "nope"})


def test_email_change_links_confirm_both_sides_and_send_nothing(link_server):
    old, new, taken = unique_email("gen-old"), unique_email("gen-new"), unique_email("gen-taken")
    for address in (old, taken):
        link_server.admin().create_user({"email": address, "password": PASSWORD, "email_confirm": True})
    with api_error(422, "email_exists"):
        link_server.admin().generate_link({"type": "email_change_current", "email": old, "new_email": taken})

    current = link_server.admin().generate_link({"type": "email_change_current", "email": old, "new_email": new})
    assert current.user.email == old and current.user.new_email == new
    assert current.properties.verification_type == "email_change_current"
    assert query_of(current.properties.action_link)["type"] == "email_change"
    fresh = link_server.admin().generate_link({"type": "email_change_new", "email": old, "new_email": new})
    assert fresh.properties.verification_type == "email_change_new"

    # The current side first (no session yet), then the new side with the new address.
    first = link_server.client().verify_otp({"type": "email_change", "email": old, "token": current.properties.email_otp})
    assert first.session is None
    second = link_server.client().verify_otp({"type": "email_change", "email": new, "token": fresh.properties.email_otp})
    assert second.session is not None and second.user.email == new and second.user.new_email is None
    assert link_server.client().sign_in_with_password({"email": new, "password": PASSWORD}).session is not None
    assert dev_messages(link_server, old) == [] and dev_messages(link_server, new) == []
