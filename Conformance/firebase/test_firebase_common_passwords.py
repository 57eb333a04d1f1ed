"""Common passwords on the Firebase adapter: a common password is `WEAK_PASSWORD : <GoTrue's pwned
text>` on every Firebase path that sets one — firebase-admin's create_user and update_user, the
Identity Toolkit's sign-up (v3 `signupNewUser`, v1 `accounts:signUp`), the signed-in update
(v3 `setAccountInfo`, v1 `accounts:update`) and the reset by out-of-band code (v3 and v1
`resetPassword` with `newPassword`), which then leaves the code usable."""

from __future__ import annotations

import pytest
from firebase_admin import exceptions

from firebase_oob_support import project
from firebase_support import NEW_PASSWORD, PASSWORD, firebase_error, ios_sign_in, ios_sign_up, v1, v3
from support import unique_email

COMMON = "password123"
DETAIL = "WEAK_PASSWORD : Password is known to be weak and easy to guess, please choose a different one"


def assert_pwned(response) -> None:
    error = firebase_error(response, "WEAK_PASSWORD")
    assert error["message"] == DETAIL, error


def test_firebase_admin_create_and_update_refuse_a_common_password(firebase_auth, fb_server):
    email = unique_email("fb-common-admin")
    with pytest.raises(exceptions.InvalidArgumentError) as info:
        firebase_auth.create_user(email=email, password=COMMON)
    assert "WEAK_PASSWORD" in str(info.value) and info.value.http_response.status_code == 400
    created = firebase_auth.create_user(email=email, password=PASSWORD)
    with pytest.raises(exceptions.InvalidArgumentError) as info:
        firebase_auth.update_user(created.uid, password="iloveyou")
    assert "WEAK_PASSWORD" in str(info.value)
    ios_sign_in(fb_server, email, PASSWORD)


@pytest.mark.parametrize("version", ["v3", "v1"])
def test_sign_up_refuses_a_common_password(fb_server, version):
    email = unique_email("fb-common-signup")
    if version == "v3":
        response = v3(fb_server, "signupNewUser", {"email": email, "password": COMMON, "returnSecureToken": True})
    else:
        response = v1(fb_server, "signUp", {"email": email, "password": COMMON, "returnSecureToken": True})
    assert_pwned(response)


@pytest.mark.parametrize("version", ["v3", "v1"])
def test_signed_in_update_refuses_a_common_password(fb_server, version):
    email = unique_email("fb-common-update")
    signed_up = ios_sign_up(fb_server, email)
    body = {"idToken": signed_up["idToken"], "password": "qwertyuiop", "returnSecureToken": True}
    response = v3(fb_server, "setAccountInfo", body) if version == "v3" else v1(fb_server, "update", body)
    assert_pwned(response)
    ios_sign_in(fb_server, email, PASSWORD)


@pytest.mark.parametrize("version", ["v3", "v1"])
def test_reset_by_code_refuses_a_common_password_and_keeps_the_code(fb_server, version):
    email = unique_email("fb-common-reset")
    ios_sign_up(fb_server, email)
    answer = project(
        fb_server, "sendOobCode", {"requestType": "PASSWORD_RESET", "email": email, "returnOobLink": True},
        bearer=fb_server.service_role_jwt(),
    )
    assert answer.status_code == 200, answer.text
    code = answer.json()["oobCode"]
    send = v3 if version == "v3" else v1
    assert_pwned(send(fb_server, "resetPassword", {"oobCode": code, "newPassword": "1qaz2wsx"}))
    reset = send(fb_server, "resetPassword", {"oobCode": code, "newPassword": NEW_PASSWORD})
    assert reset.status_code == 200, reset.text
    ios_sign_in(fb_server, email, NEW_PASSWORD)
