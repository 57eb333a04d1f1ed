"""Error shapes, request parsing and the public endpoints (/settings, /health)."""

from __future__ import annotations

import pytest

from support import (
    PASSWORD,
    assert_error,
    new_user_with_session,
    password_grant,
    unique_email,
)


def test_new_error_shape_with_the_api_version_header(server):
    response = password_grant(server, unique_email(), PASSWORD)
    body = assert_error(response, 400, "invalid_credentials")
    assert response.headers.get("X-Supabase-Api-Version") == "2024-01-01"
    assert "error_code" not in body and "msg" not in body, body


def test_legacy_error_shape_without_the_header(server):
    response = password_grant(server, unique_email(), PASSWORD, api_version=False)
    assert response.status_code == 400
    assert response.headers.get("content-type", "").startswith("application/json")
    body = response.json()
    assert body.get("code") == 400, body  # the HTTP status as an integer
    assert body.get("error_code") == "invalid_credentials", body
    assert isinstance(body.get("msg"), str) and body["msg"], body
    assert "X-Supabase-Api-Version" not in response.headers


def test_weak_password_in_both_shapes(server):
    new = server.request("POST", "signup", json={"email": unique_email(), "password": "short"})
    assert assert_error(new, 422, "weak_password")["weak_password"]["reasons"] == ["length"]

    legacy = server.request(
        "POST", "signup", json={"email": unique_email(), "password": "short"}, api_version=False
    )
    assert legacy.status_code == 422
    body = legacy.json()
    assert (body.get("code"), body.get("error_code")) == (422, "weak_password"), body
    assert body["weak_password"]["reasons"] == ["length"]


@pytest.mark.parametrize("path", ["signup", "token?grant_type=password"])
def test_bad_json(server, path):
    response = server.request(
        "POST", path, content=b'{"email": "a@example.com", "password":',
        headers={"Content-Type": "application/json"},
    )
    assert_error(response, 400, "bad_json")


def test_body_over_one_mebibyte(server):
    padding = "x" * (1024 * 1024 + 1)
    body = f'{{"email": "{unique_email()}", "password": "{PASSWORD}", "data": {{"pad": "{padding}"}}}}'
    response = server.request(
        "POST", "signup", content=body.encode(), headers={"Content-Type": "application/json"}
    )
    assert_error(response, 413, "request_entity_too_large")
    # The server is still fine afterwards.
    assert server.request("GET", "health").status_code == 200


@pytest.mark.parametrize("root", [False, True], ids=["auth-v1", "root"])
def test_unknown_route_is_a_json_404(server, root):
    response = server.request("GET", "no/such/route", root=root)
    assert response.status_code == 404
    assert response.headers.get("content-type", "").startswith("application/json"), response.headers
    body = response.json()
    assert isinstance(body, dict)
    assert body.get("message") or body.get("msg"), body


def test_unknown_body_fields_are_ignored(server):
    email = unique_email()
    signup = server.request(
        "POST",
        "signup",
        json={
            "email": email,
            "password": PASSWORD,
            "data": {},
            "gotrue_meta_security": {"captcha_token": None},
            "options": {"email_redirect_to": "http://localhost"},
            "no_such_field": [1, 2, 3],
            "nested": {"deeper": {"x": True}},
        },
    )
    assert signup.status_code == 200, signup.text
    token = server.request(
        "POST",
        "token",
        params={"grant_type": "password"},
        json={"email": email, "password": PASSWORD, "data": {}, "something_else": 1},
    )
    assert token.status_code == 200, token.text


@pytest.mark.parametrize("root", [False, True], ids=["auth-v1", "root"])
def test_health(server, root):
    response = server.request("GET", "health", root=root, api_version=False)
    assert response.status_code == 200
    assert response.headers.get("content-type", "").startswith("application/json")
    body = response.json()
    for key in ("version", "name", "description"):
        assert isinstance(body.get(key), str) and body[key], body


def check_settings(body: dict, *, autoconfirm: bool, disable_signup: bool) -> None:
    assert isinstance(body.get("external"), dict), body
    assert body["external"].get("email") is True, body
    assert all(isinstance(value, bool) for value in body["external"].values()), body
    assert body.get("disable_signup") is disable_signup, body
    assert body.get("mailer_autoconfirm") is autoconfirm, body
    assert isinstance(body.get("phone_autoconfirm"), bool), body
    assert isinstance(body.get("sms_provider"), str), body
    assert isinstance(body.get("saml_enabled"), bool), body


@pytest.mark.parametrize("root", [False, True], ids=["auth-v1", "root"])
def test_settings(server, root):
    response = server.request("GET", "settings", root=root)
    assert response.status_code == 200
    check_settings(response.json(), autoconfirm=True, disable_signup=False)


def test_settings_follow_the_configuration(server_factory):
    other = server_factory.start(autoconfirm=False, disable_signup=True)
    response = other.request("GET", "settings")
    assert response.status_code == 200
    check_settings(response.json(), autoconfirm=False, disable_signup=True)


def test_success_responses_are_json(server):
    session = new_user_with_session(server)
    response = server.request("GET", "user", bearer=session["access_token"])
    assert response.status_code == 200
    assert response.headers.get("content-type", "").startswith("application/json")
