"""Helpers for the Firebase reset and verification link tests (test_firebase_oob*.py): the three
addressing forms called with the clients' exact bodies and headers, Firebase's error names,
and the Firebase emails in the dev mailbox."""

from __future__ import annotations

import sys
import urllib.parse
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "recovery"))

from recovery_support import dev_messages, http, link_in, wait_for_dev_mail  # noqa: E402

API_KEY = "oob-test-api-key"
PROJECT = "gatehouse-dev"
RESET_SUBJECT = "Reset your password for Gatehouse"
VERIFY_SUBJECT = "Verify your email for Gatehouse"
ACTION_PATH = "/__/auth/action"

# What FirebaseAuth for iOS sends with every Identity Toolkit call (AuthBackend.swift).
IOS_HEADERS = {
    "Content-Type": "application/json",
    "X-Client-Version": "iOS/FirebaseSDK/11.5.0/FirebaseCore-iOS",
    "X-Ios-Bundle-Identifier": "com.example.gatehouse",
    "X-Firebase-GMPID": "1:123456789:ios:abcdef",
    "Accept-Language": "en",
}


def v3(server, rpc: str, body: dict[str, Any], key: str | None = API_KEY) -> httpx.Response:
    """The iOS SDK's legacy path: /www.googleapis.com/identitytoolkit/v3/relyingparty/<rpc>?key=K."""
    params = {"key": key} if key else {}
    with http() as client:
        return client.post(f"{server.root_url}/www.googleapis.com/identitytoolkit/v3/relyingparty/{rpc}",
                           params=params, json=body, headers=IOS_HEADERS)


def v1(server, rpc: str, body: dict[str, Any], key: str | None = API_KEY, bearer: str | None = None) -> httpx.Response:
    """REST and JS clients: /identitytoolkit.googleapis.com/v1/accounts:<rpc>, key in X-Goog-Api-Key."""
    headers = {"X-Goog-Api-Key": key} if key else {}
    if bearer:
        headers["Authorization"] = f"Bearer {bearer}"
    with http() as client:
        return client.post(f"{server.root_url}/identitytoolkit.googleapis.com/v1/accounts:{rpc}", json=body, headers=headers)


def project(server, rpc: str, body: dict[str, Any], bearer: str = "owner") -> httpx.Response:
    """firebase-admin's form: /identitytoolkit.googleapis.com/v1/projects/<p>/accounts:<rpc>, no key."""
    with http() as client:
        return client.post(f"{server.root_url}/identitytoolkit.googleapis.com/v1/projects/{PROJECT}/accounts:{rpc}",
                           json=body, headers={"Authorization": f"Bearer {bearer}"})


def secure_token(server, refresh_token: str) -> httpx.Response:
    """The iOS SDK's refresh: JSON camelCase to securetoken."""
    with http() as client:
        return client.post(f"{server.root_url}/securetoken.googleapis.com/v1/token", params={"key": API_KEY},
                           json={"grantType": "refresh_token", "refreshToken": refresh_token}, headers=IOS_HEADERS)


def firebase_sign_in(server, email: str, password: str) -> dict:
    """verifyPassword with the iOS SDK's body; the 200 answer."""
    response = v3(server, "verifyPassword",
                  {"email": email, "password": password, "returnSecureToken": True, "clientType": "CLIENT_TYPE_IOS"})
    assert response.status_code == 200, response.text
    return response.json()


def error_name(response: httpx.Response) -> str:
    """Firebase's error name: `error.message` up to the first colon, as the iOS SDK reads it."""
    body = response.json()
    assert set(body) == {"error"}, body
    error = body["error"]
    assert error["code"] == response.status_code, body
    return error["message"].split(":", 1)[0].strip()


def ios_send_reset(server, email: str, **extra: Any) -> httpx.Response:
    """`Auth.auth().sendPasswordReset(withEmail:)`: getOobConfirmationCode with GetOOBConfirmationCodeRequest's body."""
    return v3(server, "getOobConfirmationCode",
              {"requestType": "PASSWORD_RESET", "email": email, "clientType": "CLIENT_TYPE_IOS", **extra})


def ios_reset_password(server, oob_code: str, new_password: str | None = None) -> httpx.Response:
    """`verifyPasswordResetCode` (no password) and `confirmPasswordReset`: ResetPasswordRequest's body."""
    body: dict[str, Any] = {"oobCode": oob_code}
    if new_password is not None:
        body["newPassword"] = new_password
    return v3(server, "resetPassword", body)


def firebase_mail(server, address: str, subject: str = RESET_SUBJECT, count: int = 1) -> tuple[dict, str]:
    """The newest Firebase email to `address` and its action link."""
    message = wait_for_dev_mail(server, address, subject=subject, count=count)[0]
    return message, link_in(message["text"], ACTION_PATH)


def action_query(link: str) -> dict[str, str]:
    return dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(link).query))


def firebase_messages(server, address: str) -> list[dict]:
    return [m for m in dev_messages(server, address) if m["subject"] in (RESET_SUBJECT, VERIFY_SUBJECT)]
