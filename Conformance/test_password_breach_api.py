"""GATEHOUSE_PASSWORD_BREACH_API against a fake Pwned Passwords range server on
127.0.0.1 (a tiny http.server in this file): a listed suffix is refused as `weak_password`
`pwned` through the official client, padding entries (count 0) are not, only the 5-character
SHA-1 prefix is sent, and a failing or slow range API blocks nobody (logged at warning)."""

from __future__ import annotations

import hashlib
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from supabase_auth.errors import AuthWeakPasswordError

from support import unique_email

BREACHED = "not-common-but-breached-2024"
PADDED_ONLY = "only-in-the-padding-2024"


def sha1_parts(password: str) -> tuple[str, str]:
    digest = hashlib.sha1(password.encode("utf-8")).hexdigest().upper()
    return digest[:5], digest[5:]


class RangeHandler(BaseHTTPRequestHandler):
    """`/range/<prefix>`: BREACHED's suffix with a count, PADDED_ONLY's with count 0, padding;
    `/broken/<prefix>`: 500; `/slow/<prefix>`: BREACHED listed, after 5 s."""

    paths: list[str] = []
    padding_asked: list[str | None] = []

    def do_GET(self):  # noqa: N802 (http.server's name)
        RangeHandler.paths.append(self.path)
        RangeHandler.padding_asked.append(self.headers.get("Add-Padding"))
        kind, _, prefix = self.path.strip("/").partition("/")
        if kind == "broken":
            self.send_response(500)
            self.end_headers()
            return
        if kind == "slow":
            time.sleep(5)
        lines = [f"{i:035X}:0" for i in range(1, 6)]
        for password, count in ((BREACHED, 42), (PADDED_ONLY, 0)):
            head, tail = sha1_parts(password)
            if head == prefix:
                lines.append(f"{tail}:{count}")
        body = "\r\n".join(lines).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the slow answer's reader gave up

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def range_api():
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), RangeHandler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def breach_server(module_servers, range_api):
    return module_servers.start(password_breach_api=f"{range_api}/range")


def test_a_breached_password_is_pwned_and_only_its_prefix_is_sent(breach_server):
    RangeHandler.paths.clear()
    RangeHandler.padding_asked.clear()
    with pytest.raises(AuthWeakPasswordError) as info:
        breach_server.client().sign_up({"email": unique_email("breached"), "password": BREACHED})
    assert info.value.status == 422 and info.value.reasons == ["pwned"]
    prefix, suffix = sha1_parts(BREACHED)
    assert RangeHandler.paths == [f"/range/{prefix}"]
    assert RangeHandler.padding_asked == ["true"], "the lookup should ask for padded answers"
    assert all(suffix not in path and BREACHED not in path for path in RangeHandler.paths)


def test_a_padding_entry_is_not_a_breach(breach_server):
    response = breach_server.client().sign_up({"email": unique_email("padded"), "password": PADDED_ONLY})
    assert response.user is not None


def test_a_password_change_to_a_breached_password_is_pwned(breach_server):
    email = unique_email("breached-change")
    client = breach_server.client()
    client.sign_up({"email": email, "password": PADDED_ONLY})
    with pytest.raises(AuthWeakPasswordError) as info:
        client.update_user({"password": BREACHED})
    assert info.value.reasons == ["pwned"]


@pytest.mark.parametrize("kind", ["broken", "slow"])
def test_a_failing_or_slow_range_api_blocks_nobody(server_factory, range_api, kind):
    server = server_factory.start(password_breach_api=f"{range_api}/{kind}")
    started = time.monotonic()
    response = server.client().sign_up({"email": unique_email(kind), "password": BREACHED})
    assert response.user is not None, f"a {kind} range API refused the password"
    assert time.monotonic() - started < 4.5, "the lookup did not give up after its 2 s timeout"
    deadline = time.monotonic() + 10
    while "password breach lookup failed" not in server.log_text():
        assert time.monotonic() < deadline, server.log_tail()
        time.sleep(0.1)
    assert "warning" in next(line for line in server.log_text().splitlines() if "password breach lookup failed" in line)


def test_production_refuses_plain_http_to_another_host(server_factory):
    from gatehouse_server import ServerStartError

    with pytest.raises(ServerStartError):
        server_factory.start(env="production", mail_transport="mailersend", mailersend_api_key="mlsn.test",
                             mailersend_url="http://127.0.0.1:9/v1/email",
                             password_breach_api="http://breaches.example.com/range")
    assert "GATEHOUSE_PASSWORD_BREACH_API must be an https URL" in server_factory.servers[-1].log_text()
