"""Enumeration safety: registered and unknown addresses get the same status, body and headers
from every request endpoint, the same per-address window, and only real accounts get mail."""

from __future__ import annotations

import time

import pytest

from recovery_support import RECOVERY_SUBJECT, admin_mail, dev_messages, register, wait_for_dev_mail, wait_until
from request_endpoints import ENDPOINTS, VOLATILE_HEADERS, ask, comparable, without_seconds
from support import unique_email


def pair(server) -> tuple[str, str]:
    """A registered and an unknown address of the same length."""
    known = register(server, unique_email("enum"))
    unknown = unique_email("enum")
    assert len(known) == len(unknown)
    return known, unknown


def idle(server) -> dict:
    def probe():
        status = admin_mail(server)
        return status if status["pending"] == 0 and status["sending"] == 0 else None
    return wait_until(probe, "the outbox to be empty")


@pytest.mark.parametrize("path", list(ENDPOINTS))
def test_same_answer_for_registered_and_unknown(mail_server, path):
    known, unknown = pair(mail_server)
    a, b = ask(mail_server, path, known), ask(mail_server, path, unknown)
    assert a.status_code == 200, a.text
    assert comparable(a, known) == comparable(b, unknown)


def test_only_registered_addresses_get_mail(mail_server):
    known, unknown = pair(mail_server)
    for path in ENDPOINTS:
        assert ask(mail_server, path, known).status_code == 200
        assert ask(mail_server, path, unknown).status_code == 200
    wait_for_dev_mail(mail_server, known, count=len(ENDPOINTS))
    idle(mail_server)
    assert dev_messages(mail_server, unknown) == []
    assert all(unknown not in m["to"] for m in dev_messages(mail_server))
    assert len(dev_messages(mail_server, known)) == len(ENDPOINTS)


def test_the_send_window_applies_to_every_address_alike(server_factory):
    server = server_factory.start(email_send_window=3, mail_retry_base_ms=100)
    known, unknown = pair(server)
    for email in (known, unknown):
        assert ask(server, "auth/v1/recover", email).status_code == 200

    waits = []
    for path in ENDPOINTS:
        a, b = ask(server, path, known), ask(server, path, unknown)
        assert a.status_code == 429, (path, a.status_code, a.text)
        for response in (a, b):
            retry_after = response.headers.get("retry-after", "")
            assert retry_after.isdigit() and 1 <= int(retry_after) <= 3, (path, response.headers)
            waits.append(int(retry_after))
        status_a, headers_a, body_a = comparable(a, known, VOLATILE_HEADERS | {"retry-after"})
        status_b, headers_b, body_b = comparable(b, unknown, VOLATILE_HEADERS | {"retry-after"})
        assert (status_a, headers_a, without_seconds(body_a)) == (status_b, headers_b, without_seconds(body_b)), path
        if path == "auth/v1/recover":
            assert body_a["code"] == "over_email_send_rate_limit", body_a
        else:
            assert body_a["success"] is False, body_a

    # The window is the address's, whatever its spelling.
    assert ask(server, "auth/v1/recover", known.upper()).status_code == 429

    time.sleep(max(waits) + 0.2)
    for email in (known, unknown):
        assert ask(server, "auth/v1/recover", email).status_code == 200
    wait_for_dev_mail(server, known, count=2)
    idle(server)
    assert len([m for m in dev_messages(server, known) if m["subject"] == RECOVERY_SUBJECT]) == 2
    assert dev_messages(server, unknown) == []
