"""Common passwords refused on every GoTrue path that sets a password, through the
official client (supabase-auth): sign_up, update_user, admin create_user and update_user_by_id,
a reset (verify_otp of a recovery link, then update_user), an invitation accepted the same way,
and generate_link's signup with a password. The answer is GoTrue's 422 `weak_password` with
`weak_password.reasons == ["pwned"]`, in both error shapes; nothing is changed.
"""

from __future__ import annotations

import pytest
from supabase_auth.errors import AuthWeakPasswordError

from support import PASSWORD, assert_error, new_user_with_session, password_grant, unique_email

# On SecLists' top 100,000 (the list Gatehouse ships); all long enough for the length rule.
COMMON = ["password123", "qwertyuiop", "iloveyou", "1qaz2wsx"]
PWNED_MESSAGE = "Password is known to be weak and easy to guess, please choose a different one."


def assert_pwned(info: pytest.ExceptionInfo[AuthWeakPasswordError]) -> None:
    assert info.value.status == 422, info.value
    assert info.value.code == "weak_password", info.value
    assert info.value.reasons == ["pwned"], info.value.reasons
    assert info.value.message == PWNED_MESSAGE


def signed_in_client(server, email: str):
    client = server.client()
    client.sign_in_with_password({"email": email, "password": PASSWORD})
    return client


@pytest.mark.parametrize("password", COMMON)
def test_sign_up_with_a_common_password_is_pwned(server, password):
    email = unique_email("common")
    with pytest.raises(AuthWeakPasswordError) as info:
        server.client().sign_up({"email": email, "password": password})
    assert_pwned(info)
    # No account was made: the address is still free.
    assert server.client().sign_up({"email": email, "password": PASSWORD}).user.email == email


def test_both_error_shapes_carry_the_reason(server):
    new = server.request("POST", "signup", json={"email": unique_email("shape"), "password": "password123"})
    body = assert_error(new, 422, "weak_password")
    assert body["weak_password"] == {"reasons": ["pwned"]}, body
    assert body["message"] == PWNED_MESSAGE
    legacy = server.request(
        "POST", "signup", json={"email": unique_email("shape"), "password": "password123"}, api_version=False
    )
    assert legacy.status_code == 422, legacy.text
    old = legacy.json()
    assert (old.get("code"), old.get("error_code")) == (422, "weak_password"), old
    assert old["msg"] == PWNED_MESSAGE and old["weak_password"] == {"reasons": ["pwned"]}, old


def test_case_matters_and_the_length_rule_comes_first(server):
    # `PASSWORD123` is not on the list (`password123` and `Password123` are).
    assert server.client().sign_up({"email": unique_email("case"), "password": "PASSWORD123"}).user is not None
    # A short listed password is told about its length, as GoTrue checks length first.
    with pytest.raises(AuthWeakPasswordError) as info:
        server.client().sign_up({"email": unique_email("short"), "password": "123456"})
    assert info.value.reasons == ["length"]


def test_update_user_to_a_common_password_is_pwned(server):
    email = unique_email("common-update")
    new_user_with_session(server, email)
    client = signed_in_client(server, email)
    with pytest.raises(AuthWeakPasswordError) as info:
        client.update_user({"password": "iloveyou"})
    assert_pwned(info)
    assert password_grant(server, email, PASSWORD).status_code == 200
    assert password_grant(server, email, "iloveyou").status_code == 400


def test_admin_create_and_update_with_a_common_password_are_pwned(server):
    admin = server.admin()
    email = unique_email("common-admin")
    with pytest.raises(AuthWeakPasswordError) as info:
        admin.create_user({"email": email, "password": "qwertyuiop", "email_confirm": True})
    assert_pwned(info)
    user = admin.create_user({"email": email, "password": PASSWORD, "email_confirm": True}).user
    with pytest.raises(AuthWeakPasswordError) as info:
        admin.update_user_by_id(user.id, {"password": "1qaz2wsx"})
    assert_pwned(info)
    assert password_grant(server, email, PASSWORD).status_code == 200


def test_reset_after_verify_refuses_a_common_password(server):
    email = unique_email("common-reset")
    new_user_with_session(server, email)
    props = server.admin().generate_link({"type": "recovery", "email": email}).properties
    client = server.client()
    assert client.verify_otp({"type": "recovery", "token_hash": props.hashed_token}).session is not None
    with pytest.raises(AuthWeakPasswordError) as info:
        client.update_user({"password": "password123"})
    assert_pwned(info)
    client.update_user({"password": "a-reset-that-is-not-common"})
    assert password_grant(server, email, "a-reset-that-is-not-common").status_code == 200


def test_invitation_accepted_with_a_common_password_is_pwned(server):
    email = unique_email("common-invite")
    props = server.admin().generate_link({"type": "invite", "email": email}).properties
    client = server.client()
    assert client.verify_otp({"type": "invite", "token_hash": props.hashed_token}).session is not None
    with pytest.raises(AuthWeakPasswordError) as info:
        client.update_user({"password": "qwertyuiop"})
    assert_pwned(info)


def test_generate_link_signup_with_a_common_password_is_pwned(server):
    response = server.request(
        "POST", "admin/generate_link", json={"type": "signup", "email": unique_email("common-link"), "password": "iloveyou"},
        headers={"Authorization": f"Bearer {server.service_role_jwt()}"},
    )
    body = assert_error(response, 422, "weak_password")
    assert body["weak_password"] == {"reasons": ["pwned"]}, body
