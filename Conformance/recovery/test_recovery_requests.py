"""What each recovery request endpoint answers: the exact success shapes, and errors for
input that is not an address."""

from __future__ import annotations

import pytest

from recovery_support import RECOVERY_SETTINGS, register, wait_for_dev_mail
from request_endpoints import ENDPOINTS, ask
from support import assert_error, unique_email


def expected(path: str, email: str):
    if path == "auth/v1/recover":
        return {}
    if path == "functions/v1/send-reset-email":
        return {"success": True, "message": "Password reset email sent"}
    message = f"If an account exists for {email}, a reset link is on its way"
    if path == "api/request_password_reset/":
        return {"success": True, "data": {
            "success": True, "message": message, "reset_method": "email_link",
            "reset_link_sent": True, "link_expires_in": 3600,
        }}
    return {"success": True, "data": {"user_exist_status": True, "message": message}}


@pytest.mark.parametrize("path", list(ENDPOINTS))
@pytest.mark.parametrize("registered", [True, False], ids=["registered", "unknown"])
def test_success_shape(mail_server, path, registered):
    email = register(mail_server) if registered else unique_email("nobody")
    response = ask(mail_server, path, email)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    if path == "api/reset_password/":
        # The legacy shape: the same (enumeration-safe) status for every address; the text
        # is the endpoint's own.
        assert body["success"] is True and body["data"]["user_exist_status"] is True, body
        assert isinstance(body["data"]["message"], str) and body["data"]["message"], body
    else:
        assert body == expected(path, email)


@pytest.mark.parametrize("path", list(ENDPOINTS))
@pytest.mark.parametrize("bad", ["not-an-email", "", None, "a@b@example.com", 42])
def test_bad_input_is_a_4xx(mail_server, path, bad):
    response = ask(mail_server, path, bad)
    assert 400 <= response.status_code < 500, (response.status_code, response.text)
    assert response.headers["content-type"].startswith("application/json"), response.headers
    body = response.json()
    if path == "auth/v1/recover":
        # A number is not even the right JSON type: GoTrue says bad_json for that.
        assert_error(response, 400, "bad_json" if isinstance(bad, int) else "validation_failed")
    else:
        assert body.get("success") is False, body
        assert isinstance(body.get("error"), str) and body["error"], body


def test_the_stated_lifetime_follows_the_configuration(module_servers):
    server = module_servers.start(**RECOVERY_SETTINGS, otp_expiry=1800)
    email = register(server)
    response = ask(server, "api/request_password_reset/", email)
    assert response.json()["data"]["link_expires_in"] == 1800, response.text
    message = wait_for_dev_mail(server, email)[0]
    for part in (message["text"], message["html"]):
        assert "30 minutes" in part and "1 hour" not in part, part
