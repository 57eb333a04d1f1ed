"""Small helpers shared by the conformance tests."""

from __future__ import annotations

import re
import uuid
from contextlib import contextmanager
from typing import Iterator

import httpx
import pytest
from supabase_auth.errors import AuthApiError

PASSWORD = "correct-horse-battery"
OTHER_PASSWORD = "another-fine-password"

ISO_8601_UTC = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$")


def unique_email(prefix: str = "user") -> str:
    return f"{prefix}-{uuid.uuid4().hex[:12]}@example.com"


def is_uuid(value: object) -> bool:
    if not isinstance(value, str):
        return False
    try:
        return str(uuid.UUID(value)) == value.lower()
    except ValueError:
        return False


@contextmanager
def api_error(status: int, code: str) -> Iterator[pytest.ExceptionInfo[AuthApiError]]:
    """Expects the official client to raise AuthApiError with this status and error code."""
    with pytest.raises(AuthApiError) as info:
        yield info
    error = info.value
    assert (error.status, error.code) == (status, code), (
        f"expected {status} {code}, got {error.status} {error.code}: {error.message}"
    )


def error_code(response: httpx.Response) -> str | None:
    """The error code of a new-shape (X-Supabase-Api-Version: 2024-01-01) error body."""
    body = response.json()
    assert isinstance(body, dict), body
    return body.get("code")


def assert_error(response: httpx.Response, status: int, code: str) -> dict:
    """A new-shape error response: the status, and `{"code": code, "message": str}`."""
    assert response.status_code == status, (response.status_code, response.text)
    assert response.headers.get("content-type", "").startswith("application/json"), response.headers
    body = response.json()
    assert body.get("code") == code, body
    assert isinstance(body.get("message"), str) and body["message"], body
    return body


def sign_up(server, email: str | None = None, password: str = PASSWORD, **extra) -> dict:
    """POST /signup with raw HTTP; returns the JSON body of the 200 answer."""
    response = server.request(
        "POST", "signup", json={"email": email or unique_email(), "password": password, **extra}
    )
    assert response.status_code == 200, response.text
    return response.json()


def password_grant(server, email: str, password: str = PASSWORD, **kwargs) -> httpx.Response:
    return server.request(
        "POST", "token", params={"grant_type": "password"},
        json={"email": email, "password": password}, **kwargs,
    )


def refresh_grant(server, refresh_token: str, **kwargs) -> httpx.Response:
    return server.request(
        "POST", "token", params={"grant_type": "refresh_token"},
        json={"refresh_token": refresh_token}, **kwargs,
    )


def new_user_with_session(server, email: str | None = None, password: str = PASSWORD) -> dict:
    """Signs a new user up on an autoconfirm server; returns the session JSON."""
    body = sign_up(server, email, password)
    assert "access_token" in body, f"expected a session from /signup with autoconfirm on: {body}"
    return body


def sign_in(server, email: str, password: str = PASSWORD) -> dict:
    response = password_grant(server, email, password)
    assert response.status_code == 200, response.text
    return response.json()
