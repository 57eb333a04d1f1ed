"""Reading the dev mailbox (development's mail transport) from the root-level conformance tests
of the email flows: messages by recipient and subject, and the link and code in them."""

from __future__ import annotations

import re
import time
import urllib.parse

import httpx

DELIVERY_TIMEOUT = 20.0
LINK = re.compile(r"https?://[^\s\"'<>]+")
CODE = re.compile(r"enter this code(?: in the app)?:\s*(?:<[^>]*>\s*)*(\d{6})\b")

# A mailbox server: no per-address send window, quick retries.
MAIL_SETTINGS = {"email_send_window": 0, "mail_retry_base_ms": 100}


def messages(server, address: str) -> list[dict]:
    """The messages to `address`, newest first."""
    with httpx.Client(timeout=15.0) as client:
        response = client.get(f"{server.root_url}/_dev/mail/api/messages", params={"to": address})
    assert response.status_code == 200, response.text
    return response.json()["messages"]


def wait_for(server, address: str, subject: str, count: int = 1, timeout: float = DELIVERY_TIMEOUT) -> list[dict]:
    """Waits (bounded) until `address` has `count` messages with `subject`; newest first."""
    deadline = time.monotonic() + timeout
    while True:
        found = [m for m in messages(server, address) if m["subject"] == subject]
        if len(found) >= count:
            return found
        assert time.monotonic() < deadline, f"no {count} x {subject!r} to {address} within {timeout} s"
        time.sleep(0.1)


def link_in(text: str) -> str:
    match = LINK.search(text)
    assert match, f"no link in:\n{text}"
    return match.group(0)


def code_in(text: str) -> str:
    match = CODE.search(text)
    assert match, f"no 6-digit code in:\n{text}"
    return match.group(1)


def query_of(link: str) -> dict[str, str]:
    return {k: v[0] for k, v in urllib.parse.parse_qs(urllib.parse.urlsplit(link).query, keep_blank_values=True).items()}


def fragment_of(location: str) -> dict[str, str]:
    return {k: v[0] for k, v in urllib.parse.parse_qs(urllib.parse.urlsplit(location).fragment, keep_blank_values=True).items()}


def settle_outbox(server, seconds: float = 1.5) -> None:
    """Gives the outbox worker time to send anything queued (for "nothing was sent" checks)."""
    time.sleep(seconds)
