"""GET /metrics, X-Request-Id and the HTTP method rules of a real process.

A real `gatehouse serve` is scraped as Prometheus would scrape it: the text format, requests by
route pattern, sign-ins, the outbox gauges; no address, no user id and no path of a request
anywhere in it. `GATEHOUSE_METRICS=token:…` serves only the bearer of the token.
"""

from __future__ import annotations

import re
import secrets

import httpx

from support import new_user_with_session, sign_in, unique_email

SAMPLE = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})? (\S+)$')


def scrape(server, token: str | None = None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    with httpx.Client(timeout=15.0, trust_env=False) as http:
        return http.get(server.url("/metrics"), headers=headers)


def samples(text: str) -> list[tuple[str, str, float]]:
    """(name, labels, value) of every sample line; every other line must be a comment."""
    found = []
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        match = SAMPLE.match(line)
        assert match, f"not a Prometheus sample line: {line!r}"
        found.append((match.group(1), match.group(2) or "", float(match.group(3))))
    return found


def total(found, name: str, *labels: str) -> float:
    return sum(value for n, lbl, value in found if n == name and all(label in lbl for label in labels))


def test_scrape_after_some_requests(server):
    email = unique_email("scrape")
    new_user_with_session(server, email)
    session = sign_in(server, email)
    assert server.request("GET", "user", bearer=session["access_token"]).status_code == 200
    bad = server.request("POST", "token", params={"grant_type": "password"}, json={"email": email, "password": "nope-nope"})
    assert bad.status_code == 400
    assert server.request("POST", "recover", json={"email": email}).status_code == 200

    reply = scrape(server)
    assert reply.status_code == 200, reply.text
    assert reply.headers["content-type"].startswith("text/plain")
    found = samples(reply.text)
    assert total(found, "gatehouse_http_requests_total", 'route="/auth/v1/user"', 'status="2xx"') >= 1
    assert total(found, "gatehouse_http_request_duration_seconds_count", 'route="/auth/v1/token"') >= 2
    assert total(found, "gatehouse_sign_ins_total", 'outcome="succeeded"') >= 1
    assert total(found, "gatehouse_sign_ins_total", 'outcome="failed"', 'reason="invalid_credentials"') >= 1
    assert total(found, "gatehouse_recovery_requests_total") >= 1
    assert total(found, "gatehouse_password_hash_duration_seconds_count") >= 2
    # Every write waited for its connection (the pool's, or SQLite's writer) and was timed.
    assert total(found, "gatehouse_db_pool_wait_seconds_count", 'kind="write"') >= 2
    assert any(name == "gatehouse_outbox_jobs" for name, _, _ in found)
    assert email not in reply.text and "@" not in reply.text
    assert session["user"]["id"] not in reply.text


def test_metrics_token(server_factory):
    token = secrets.token_urlsafe(32)
    server = server_factory.start(metrics=f"token:{token}")
    assert scrape(server).status_code == 401
    assert scrape(server, token + "x").status_code == 401
    reply = scrape(server, token)
    assert reply.status_code == 200
    assert "gatehouse_http_requests_total" in reply.text


def test_metrics_off(server_factory):
    server = server_factory.start(metrics="off")
    assert scrape(server).status_code == 404


def test_request_id_is_made_and_echoed_but_not_taken_from_an_untrusted_client(server):
    reply = server.request("GET", "health", headers={"X-Request-Id": "forged-by-client"})
    assert reply.status_code == 200
    echoed = reply.headers.get("x-request-id")
    assert echoed and echoed != "forged-by-client"
    assert re.fullmatch(r"[0-9a-f]{32}", echoed)


def test_request_id_from_a_trusted_proxy(server_factory):
    server = server_factory.start(trusted_proxies="127.0.0.1/32,::1")
    reply = server.request("GET", "health", headers={"X-Request-Id": "lb-1234.abcd"})
    assert reply.headers.get("x-request-id") == "lb-1234.abcd"
    forged = server.request("GET", "health", headers={"X-Request-Id": "bad id with spaces"})
    assert forged.headers.get("x-request-id") != "bad id with spaces"


def test_head_405_and_options_over_the_wire(server):
    with httpx.Client(timeout=15.0, trust_env=False) as http:
        get = http.get(server.url("/auth/v1/settings"))
        head = http.head(server.url("/auth/v1/settings"))
        assert head.status_code == get.status_code == 200
        assert head.content == b""
        assert head.headers["content-type"] == get.headers["content-type"]
        wrong = http.delete(server.url("/auth/v1/token"))
        assert wrong.status_code == 405
        assert wrong.headers["allow"] == "OPTIONS, POST"
        assert wrong.json()["error_code"] == "method_not_allowed"
        options = http.options(server.url("/auth/v1/user"))
        assert options.status_code == 204
        assert options.headers["allow"] == "GET, HEAD, OPTIONS, PUT"
