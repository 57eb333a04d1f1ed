"""Helpers of the Firebase adapter's conformance tests: raw Identity Toolkit and securetoken
calls shaped exactly as the clients send them (the iOS SDK's v3 bodies and headers, the REST
v1 paths), unverified JWT decoding as the iOS SDK does it, and Firebase's error envelope."""

from __future__ import annotations

import base64
import contextlib
import os
import uuid
import time
import json
from typing import Any

import httpx

PROJECT_ID = "gatehouse-dev"
API_KEY = "test-api-key"
PASSWORD = "correct-horse-battery"
NEW_PASSWORD = "another-fine-password"
REDACTED = "UkVEQUNURUQ="

# What FirebaseAuth for iOS sends with every Identity Toolkit call (AuthBackend / RPC classes).
IOS_HEADERS = {
    "Content-Type": "application/json",
    "X-Client-Version": "iOS/FirebaseSDK/11.5.0/FirebaseCore-iOS",
    "X-Ios-Bundle-Identifier": "com.example.gatehouse",
    "X-Firebase-GMPID": "1:123456789:ios:abcdef",
    "Accept-Language": "en",
}


def http(timeout: float = 15.0) -> httpx.Client:
    return httpx.Client(timeout=timeout, trust_env=False)


def v3(server, rpc: str, body: dict[str, Any], key: str | None = API_KEY, headers: dict[str, str] | None = None) -> httpx.Response:
    """The iOS SDK's call: `POST /www.googleapis.com/identitytoolkit/v3/relyingparty/<rpc>?key=`."""
    params = {"key": key} if key is not None else {}
    with http() as client:
        return client.post(
            f"{server.root_url}/www.googleapis.com/identitytoolkit/v3/relyingparty/{rpc}",
            params=params, content=json.dumps(body), headers={**IOS_HEADERS, **(headers or {})},
        )


def v1(server, rpc: str, body: dict[str, Any], key: str | None = API_KEY, headers: dict[str, str] | None = None,
       project: str | None = None) -> httpx.Response:
    """A REST call: `POST /identitytoolkit.googleapis.com/v1/accounts:<rpc>?key=` (or the
    firebase-admin form `…/v1/projects/<project>/accounts:<rpc>` when `project` is given)."""
    params = {"key": key} if key is not None else {}
    prefix = f"projects/{project}/" if project else ""
    path = f"accounts:{rpc}" if rpc else "accounts"
    with http() as client:
        return client.post(
            f"{server.root_url}/identitytoolkit.googleapis.com/v1/{prefix}{path}", params=params, json=body,
            headers=headers or {},
        )


def secure_token(server, refresh_token: str, form: bool = False, key: str | None = API_KEY) -> httpx.Response:
    """securetoken's refresh: the iOS SDK's JSON `{grantType, refreshToken}` or the REST docs' form."""
    params = {"key": key} if key is not None else {}
    url = f"{server.root_url}/securetoken.googleapis.com/v1/token"
    with http() as client:
        if form:
            return client.post(url, params=params, data={"grant_type": "refresh_token", "refresh_token": refresh_token})
        return client.post(url, params=params, content=json.dumps({"grantType": "refresh_token", "refreshToken": refresh_token}),
                           headers=IOS_HEADERS)


def ios_sign_up(server, email: str, password: str = PASSWORD) -> dict:
    response = v3(server, "signupNewUser", {
        "email": email, "password": password, "returnSecureToken": True, "clientType": "CLIENT_TYPE_IOS"})
    assert response.status_code == 200, response.text
    return response.json()


def ios_sign_in(server, email: str, password: str = PASSWORD) -> dict:
    response = v3(server, "verifyPassword", {
        "email": email, "password": password, "returnSecureToken": True, "clientType": "CLIENT_TYPE_IOS"})
    assert response.status_code == 200, response.text
    return response.json()


def ios_lookup(server, id_token: str) -> httpx.Response:
    return v3(server, "getAccountInfo", {"idToken": id_token})


def claims(token: str) -> dict:
    """The JWT's payload, decoded without verification (as the iOS SDK reads it)."""
    payload = token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


def header(token: str) -> dict:
    part = token.split(".")[0]
    return json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))


def firebase_error(response: httpx.Response, name: str, status: int = 400) -> dict:
    """Firebase's envelope: `{"error": {"code": status, "message": "NAME[ : detail]", "errors": [...]}}`,
    its name read as clients do (up to the first colon)."""
    assert response.status_code == status, (response.status_code, response.text)
    assert response.headers.get("content-type", "").startswith("application/json"), response.headers
    error = response.json()["error"]
    assert error["code"] == status, error
    assert error["message"].split(":", 1)[0].strip() == name, error
    assert error["errors"][0]["message"] == error["message"], error
    assert error["errors"][0]["domain"] == "global", error
    return error


def mailbox(server, address: str) -> list[dict]:
    """The dev mailbox's messages to `address`."""
    with http() as client:
        response = client.get(f"{server.root_url}/_dev/mail/api/messages", params={"to": address})
    assert response.status_code == 200, response.text
    return response.json()["messages"]


def wait_for_mail(server, address: str, timeout: float = 15.0) -> list[dict]:
    """Waits (bounded) until `address` has a message in the dev mailbox."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        messages = mailbox(server, address)
        if messages:
            return messages
        time.sleep(0.1)
    raise AssertionError(f"no mail to {address} within {timeout} s")


@contextlib.contextmanager
def admin_client(server, name: str = "gatehouse"):
    """A firebase-admin `auth.Client` for `server` in emulator mode, for the `with` block only."""
    import firebase_admin
    from firebase_admin import auth

    previous = os.environ.get("FIREBASE_AUTH_EMULATOR_HOST")
    os.environ["FIREBASE_AUTH_EMULATOR_HOST"] = f"127.0.0.1:{server.port}"
    app = firebase_admin.initialize_app(options={"projectId": PROJECT_ID}, name=f"{name}-{uuid.uuid4().hex[:8]}")
    try:
        yield auth.Client(app)
    finally:
        firebase_admin.delete_app(app)
        if previous is None:
            os.environ.pop("FIREBASE_AUTH_EMULATOR_HOST", None)
        else:
            os.environ["FIREBASE_AUTH_EMULATOR_HOST"] = previous
