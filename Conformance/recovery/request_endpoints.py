"""The four ways to ask for a recovery email, and how to compare their answers."""

from __future__ import annotations

import json
import re

import httpx

# path from the server root, and the headers the specs' clients send
ENDPOINTS: dict[str, dict[str, str]] = {
    # supabase-py / supabase-swift (A4.5)
    "auth/v1/recover": {"X-Supabase-Api-Version": "2024-01-01"},
    # the Edge Function of spec 003
    "functions/v1/send-reset-email": {"Accept": "application/json"},
    # the REST API of spec 004, and its legacy path
    "api/request_password_reset/": {"Accept": "application/json", "X-App-Version": "2.1.0"},
    "api/reset_password/": {"Accept": "application/json", "X-App-Version": "1.9.0"},
}

# Every answer has its own date and request id, whoever asked.
VOLATILE_HEADERS = {"date", "x-request-id"}


def ask(server, path: str, email) -> httpx.Response:
    return server.request("POST", path, json={"email": email}, headers=ENDPOINTS[path],
                          api_version=False, root=True)


def comparable(response: httpx.Response, email: str, volatile: set[str] = VOLATILE_HEADERS) -> tuple:
    """Status, headers (less the volatile ones) and JSON body, with the address replaced."""
    headers = sorted((k.lower(), v) for k, v in response.headers.items() if k.lower() not in volatile)
    body = json.loads(json.dumps(response.json()).replace(email, "<email>"))
    return response.status_code, headers, body


def without_seconds(value):
    """The body with every number of seconds blanked (windows opened a moment apart)."""
    return json.loads(re.sub(r"\d+ seconds", "N seconds", json.dumps(value)))
