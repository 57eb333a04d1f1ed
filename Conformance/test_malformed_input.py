"""The malformed-input suite: every route of the server, read from its own route
table (`gatehouse routes`), so a route added later is covered without editing this file, gets
broken framing over raw sockets (bad chunk sizes, truncated bodies, conflicting
Content-Length/Transfer-Encoding, oversize headers), bodies that are not JSON, JSON of the
wrong types, NUL and invalid UTF-8 in every string, huge and negative numbers, and deep nesting.

Asserted: no answer is a 5xx, the process stays alive, and its memory (RSS) is back near where
it started afterwards. The tests run in order on one server; the last one checks the process.
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field

import httpx
import pytest

from gatehouse_server import to_env
from support import sign_up, unique_email

# Field names the endpoints read from JSON bodies and forms (a superset: a name a route does
# not know is ignored, which is fine).
FIELDS = [
    "email", "password", "data", "options", "redirect_to", "refresh_token", "grant_type", "token",
    "token_hash", "type", "code", "auth_code", "code_verifier", "code_challenge", "code_challenge_method",
    "nonce", "phone", "user_metadata", "app_metadata", "role", "ban_duration", "email_confirm",
    "current_password", "gotrue_meta_security", "captcha_token", "id", "aud", "provider", "scope",
    "csrf_token", "new_password", "password_confirmation", "next", "redirectTo", "should_soft_delete",
]
QUERY_NAMES = [
    "page", "per_page", "role", "filter", "type", "token", "token_hash", "redirect_to", "email", "code",
    "next", "to", "id", "grant_type", "scope", "sort", "error",
]

# Values of the wrong type, and numbers at the edges, for every field at once.
WRONG_VALUES = [
    "123", "-1", "0", "1e400", "-1e400", "99999999999999999999999999999", "-9223372036854775809",
    "1.5e308", "true", "null", "[]", "{}", '[1, "a", null]', '{"a": {"b": []}}',
]
# Bodies that are not (valid) JSON, or are JSON nested far too deep.
BROKEN_BODIES = [
    b"not json", b"{", b"}", b"[", b'{"email":', b'{"email" "x"}', b"\x00", b"{\x00}", b"\xff\xfe\xfd",
    b'{"email":"\xff\xfe"}', b'{"email":"\xc0\x80"}', b'{"email":"\xed\xa0\x80"}', b'{"email":"\\ud800"}',
    b'{"email":"\\udfff\\ud800"}', b'"just a string"', b"123", b"-1", b"null", b"true", b"[]", b"NaN",
    b"[" * 100_000, b"{\"a\":" * 50_000, b'{"data":' + b"[" * 20_000 + b"]" * 20_000 + b"}",
    b'{"data":' + b'{"a":' * 600 + b"{}" + b"}" * 600 + b"}", b'{"email":"' + b"a" * 200_000 + b'"}',
    b'{"a":1,' * 20_000 + b'"b":2}',
]
# Strings that no column can hold (NUL) or that are not text (invalid UTF-8, lone surrogates).
BAD_STRINGS = [b'"\\u0000"', b'"x\\u0000y"', b'"\xff"', b'"a\xc3"', b'"\\ud800"']
BAD_QUERY_VALUES = ["%00", "x%00y", "%ff", "%c3", "-1", "99999999999999999999999", "1e400", "%zz", "a" * 1000]
BAD_PATH_SEGMENTS = ["%00", "x%00y", "%ff", "not-a-uuid", "..", "%2e%2e", "a" * 2000]

RSS_SLACK_BYTES = 96 * 1024 * 1024
RSS_SLACK_RATIO = 0.5


@dataclass
class Tally:
    requests: int = 0
    statuses: Counter = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    no_answer: int = 0

    def record(self, what: str, status: int | None) -> None:
        self.requests += 1
        if status is None:
            self.no_answer += 1
            return
        self.statuses[status] += 1
        if status >= 500:
            self.failures.append(f"{status}: {what}")

    def assert_clean(self, since: int) -> None:
        """No 5xx among the answers recorded after the first `since` failures."""
        failures = self.failures[since:]
        kinds = Counter(failure.split(" ", 3)[-1] for failure in failures)
        assert not failures, (f"{len(failures)} answers of 5xx; by kind: {dict(kinds.most_common(30))}; e.g.:\n"
                              + "\n".join(failures[:25]))


@dataclass
class Route:
    method: str
    pattern: str

    def path(self, segment: str | None = None) -> str:
        """The path with each `{parameter}` filled (a random id unless `segment` is given)."""
        parts = []
        for part in self.pattern.split("/"):
            if part.startswith("{") and part.endswith("}"):
                part = segment if segment is not None else str(uuid.uuid4())
            parts.append(part)
        return "/".join(parts) or "/"

    @property
    def has_parameters(self) -> bool:
        return "{" in self.pattern

    def __str__(self) -> str:
        return f"{self.method} {self.pattern}"


class Probe:
    """Sends the requests, with the right credentials for each route, and tallies answers."""

    def __init__(self, server):
        self.server = server
        self.tally = Tally()
        # The standard library's client: the suite sends tens of thousands of requests, and
        # httpx spends about six times its CPU on each, which the two passes running side by side
        # wait for. It also sends the path and query as they are (httpx resolves `..`).
        self.connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30.0)
        self.admin_token = server.service_role_jwt()
        self._user_tokens: dict[str, str] = {}

    def bearer(self, route: Route) -> str:
        if "/admin" in route.pattern:
            return self.admin_token
        # A user of its own per route: a route that signs out (or changes the user) spoils
        # nobody else's token.
        if str(route) not in self._user_tokens:
            self._user_tokens[str(route)] = sign_up(self.server, unique_email("malformed"))["access_token"]
        return self._user_tokens[str(route)]

    def headers(self, route: Route, content_type: str | None = "application/json") -> dict[str, str]:
        headers = {"Authorization": f"Bearer {self.bearer(route)}", "X-Supabase-Api-Version": "2024-01-01"}
        if content_type:
            headers["Content-Type"] = content_type
        return headers

    def send(self, route: Route, what: str, *, body: bytes | None = None, path: str | None = None,
             query: str = "", content_type: str | None = "application/json") -> None:
        url = (path or route.path()) + (f"?{query}" if query else "")
        headers = self.headers(route, content_type)
        status, failure = None, ""
        # A connection the server closed while idle fails on its next request: that request
        # is sent once more on a new one. Failing twice, it counts as closed without an answer.
        for _ in range(2):
            try:
                self.connection.request(route.method, url, body=body, headers=headers)
                response = self.connection.getresponse()
                response.read()
                status = response.status
                break
            except (http.client.HTTPException, OSError) as error:
                # The server closing a connection on garbage is not a 5xx; it must stay alive (checked last).
                self.connection.close()
                failure = type(error).__name__
        if status is None:
            self.tally.record(f"{route} {what}: {failure}", None)
            return
        self.tally.record(f"{route} {what}", status)

    def raw(self, route: Route, what: str, request: bytes, half_close: bool = False) -> None:
        """One request on a fresh connection, sent as is; the first status line is what counts."""
        status = None
        try:
            with socket.create_connection(("127.0.0.1", self.server.port), timeout=10) as connection:
                connection.sendall(request)
                if half_close:
                    connection.shutdown(socket.SHUT_WR)
                data = b""
                while b"\r\n" not in data and len(data) < 4096:
                    chunk = connection.recv(4096)
                    if not chunk:
                        break
                    data += chunk
                if data.startswith(b"HTTP/1.1 "):
                    status = int(data[9:12])
        except (ConnectionError, socket.timeout):
            pass
        self.tally.record(f"{route} {what} (raw)", status)

    def close(self) -> None:
        self.connection.close()


def rss_bytes(server) -> int:
    with open(f"/proc/{server.proc.pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS for the server process")


def route_table(server) -> list[dict]:
    """`gatehouse routes` with the server's own settings (some routes depend on them)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GATEHOUSE_")}
    env.update(to_env(server.settings), GATEHOUSE_JWT_SECRET=server.jwt_secret, GATEHOUSE_LOG_LEVEL="error",
               GATEHOUSE_DATA_DIR=str(server.workdir / "routes-data"))
    result = subprocess.run([str(server.config.binary), "routes"], env=env, cwd=server.workdir,
                            stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def malformed_server(module_servers):
    # No per-address limits: they would answer 429 before the input is read.
    return module_servers.start(signin_failure_limit=0, email_send_window=0)


@pytest.fixture(scope="module")
def routes(malformed_server):
    table = [Route(entry["method"], entry["path"]) for entry in route_table(malformed_server)]
    assert len(table) >= 20 and any(r.pattern == "/auth/v1/signup" for r in table), table
    return table


@pytest.fixture(scope="module")
def probe(malformed_server, routes):
    server = malformed_server
    probe = Probe(server)
    # Warm up (users, sessions, caches, the database pool) before the memory baseline.
    for route in routes:
        probe.send(route, "warm-up", body=b"{}")
    probe.baseline_rss = rss_bytes(server)
    probe.started = time.monotonic()
    yield probe
    probe.close()
    print(f"\nmalformed-input suite: {probe.tally.requests} requests over {len(routes)} routes, "
          f"statuses {dict(sorted(probe.tally.statuses.items()))}, {probe.tally.no_answer} closed without answer, "
          f"{time.monotonic() - probe.started:.1f} s")


def test_the_route_table_is_the_servers(routes):
    patterns = {str(route) for route in routes}
    assert {"POST /auth/v1/signup", "POST /auth/v1/token", "GET /auth/v1/user", "GET /auth/v1/admin/users"} <= patterns


def test_broken_framing(probe, routes):
    since = len(probe.tally.failures)
    for route in routes:
        head = f"{route.method} {route.path()} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n".encode()
        chunked = head + b"Transfer-Encoding: chunked\r\n"
        probe.raw(route, "bad chunk size", chunked + b"\r\nzz\r\n{}\r\n0\r\n\r\n")
        probe.raw(route, "NUL in chunk extension", chunked + b"\r\n2;a=\x00\r\n{}\r\n0\r\n\r\n")
        probe.raw(route, "negative chunk size", chunked + b"\r\n-2\r\n{}\r\n0\r\n\r\n")
        probe.raw(route, "huge chunk size", chunked + b"\r\nffffffffffffffffffff\r\n{}\r\n0\r\n\r\n")
        probe.raw(route, "chunk longer than its size", chunked + b"\r\n2\r\n{\"email\":1}\r\n0\r\n\r\n")
        probe.raw(route, "truncated chunked body", chunked + b"\r\n10\r\n{\"em", half_close=True)
        probe.raw(route, "truncated Content-Length body", head + b"Content-Length: 100\r\n\r\n{\"email\":", half_close=True)
        probe.raw(route, "Content-Length and chunked", chunked + b"Content-Length: 3\r\n\r\n2\r\n{}\r\n0\r\n\r\n")
        probe.raw(route, "two Content-Lengths", head + b"Content-Length: 2\r\nContent-Length: 5\r\n\r\n{}")
        probe.raw(route, "negative Content-Length", head + b"Content-Length: -1\r\n\r\n{}")
        probe.raw(route, "huge Content-Length", head + b"Content-Length: 99999999999999999999999\r\n\r\n{}")
        probe.raw(route, "oversize header", head + b"X-Big: " + b"a" * 100_000 + b"\r\n\r\n", half_close=True)
        probe.raw(route, "header without colon", head + b"this is not a header\r\n\r\n")
        probe.raw(route, "NUL in a header", head + b"X-Thing: a\x00b\r\nContent-Length: 2\r\n\r\n{}")
        probe.raw(route, "invalid UTF-8 in the path", f"{route.method} ".encode() + route.path().encode() + b"\xff\xfe HTTP/1.1\r\nHost: x\r\n\r\n")
    probe.tally.assert_clean(since)


def test_bodies_that_are_not_json_or_too_deep(probe, routes):
    since = len(probe.tally.failures)
    for route in routes:
        for body in BROKEN_BODIES:
            probe.send(route, f"body {body[:40]!r}", body=body)
        probe.send(route, "form body with NUL", body=b"email=%00&password=x%00y&csrf_token=%00",
                   content_type="application/x-www-form-urlencoded")
        probe.send(route, "form body with invalid UTF-8", body=b"email=%ff&password=%c3",
                   content_type="application/x-www-form-urlencoded")
    probe.tally.assert_clean(since)


# A sweep over every route: its time grows with the route count, so it has a bound of its own.
@pytest.mark.timeout(600)
def test_wrong_types_and_edge_numbers_in_every_field(probe, routes):
    since = len(probe.tally.failures)
    for route in routes:
        for value in WRONG_VALUES:
            body = "{" + ",".join(f'"{name}":{value}' for name in FIELDS) + "}"
            probe.send(route, f"every field = {value}", body=body.encode())
    probe.tally.assert_clean(since)


# A sweep over every route: its time grows with the route count, so it has a bound of its own.
@pytest.mark.timeout(600)
def test_nul_and_invalid_utf8_in_every_string(probe, routes):
    since = len(probe.tally.failures)
    for route in routes:
        for name in FIELDS:
            for bad in BAD_STRINGS:
                probe.send(route, f"{name} = {bad!r}", body=b'{"' + name.encode() + b'":' + bad + b"}")
            # Inside metadata objects too: as a value and as a key.
            probe.send(route, f"{name}.x = NUL", body=b'{"' + name.encode() + b'":{"x":"\\u0000"}}')
            probe.send(route, f"{name} key NUL", body=b'{"' + name.encode() + b'":{"x\\u0000":"y"}}')
    probe.tally.assert_clean(since)


# A sweep over every route: its time grows with the route count, so it has a bound of its own.
@pytest.mark.timeout(600)
def test_query_parameters_and_path_segments(probe, routes):
    since = len(probe.tally.failures)
    for route in routes:
        for value in BAD_QUERY_VALUES:
            probe.send(route, f"every query parameter = {value[:20]}", body=b"{}",
                       query="&".join(f"{name}={value}" for name in QUERY_NAMES))
        for name in QUERY_NAMES:
            probe.send(route, f"?{name}=x%00y", body=b"{}", query=f"{name}=x%00y")
        probe.send(route, "NUL in a query parameter name", body=b"{}", query="ro%00le=x")
        if route.has_parameters:
            for segment in BAD_PATH_SEGMENTS:
                probe.send(route, f"path segment {segment[:20]}", body=b"{}", path=route.path(segment))
    probe.tally.assert_clean(since)


def test_the_process_is_alive_and_its_memory_back_near_the_start(probe):
    server = probe.server
    assert server.proc.poll() is None, "the server process died:\n" + server.log_tail()
    response = httpx.get(f"{server.root_url}/health", timeout=10.0, trust_env=False)
    assert response.status_code == 200, response.text
    limit = probe.baseline_rss + max(RSS_SLACK_BYTES, int(probe.baseline_rss * RSS_SLACK_RATIO))
    deadline = time.monotonic() + 15
    while (rss := rss_bytes(server)) > limit and time.monotonic() < deadline:
        time.sleep(0.5)
    print(f"\nRSS: {probe.baseline_rss / 2**20:.0f} MiB after warm-up, {rss / 2**20:.0f} MiB after "
          f"{probe.tally.requests} malformed requests")
    assert rss <= limit, f"RSS {rss / 2**20:.0f} MiB, started at {probe.baseline_rss / 2**20:.0f} MiB"
