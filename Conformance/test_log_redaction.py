"""No secret reaches the log, at any level.

The real binary runs at GATEHOUSE_LOG_LEVEL=trace with known secrets: the JWT secret, the
MailerSend API key or the SMTP password, and (on PostgreSQL) the database URL's password.
A few requests drive sign-up, sign-in, refresh, /user, recovery, the admin API and an outbox
delivery; then the whole server output must contain none of the secrets.
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from gatehouse_server import free_port
from support import PASSWORD, unique_email

DELIVERY_TIMEOUT = 15.0  # seconds for the outbox to reach the MailerSend sink


def known_secret(kind: str) -> str:
    return f"{kind}-{secrets.token_hex(20)}"


class MailerSendSink:
    """A local MailerSend stand-in: answers every POST 202 and counts them."""

    def __init__(self):
        sink = self
        self.deliveries = 0

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 (http.server's naming)
                length = int(self.headers.get("Content-Length") or 0)
                self.rfile.read(length)
                sink.deliveries += 1
                self.send_response(202)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.http.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.http.server_address[1]}/v1/email"

    def close(self):
        self.http.shutdown()
        self.http.server_close()
        self.thread.join(timeout=5)


@pytest.fixture
def mailersend_sink():
    sink = MailerSendSink()
    try:
        yield sink
    finally:
        sink.close()


def drive_requests(server) -> list[str]:
    """Exercises the main paths; returns the credentials the requests used or received."""
    email = unique_email("logs")
    signup = server.request("POST", "signup", json={"email": email, "password": PASSWORD})
    assert signup.status_code == 200, signup.text
    admin_token = server.service_role_jwt()
    listed = server.request("GET", "admin/users", bearer=admin_token)
    assert listed.status_code == 200, listed.text
    confirmed = unique_email("logs-confirmed")
    created = server.request(
        "POST", "admin/users", bearer=admin_token,
        json={"email": confirmed, "password": PASSWORD, "email_confirm": True},
    )
    assert created.status_code == 200, created.text
    session = server.request(
        "POST", "token", params={"grant_type": "password"}, json={"email": confirmed, "password": PASSWORD}
    ).json()
    user = server.request("GET", "user", bearer=session["access_token"])
    assert user.status_code == 200, user.text
    refreshed = server.request(
        "POST", "token", params={"grant_type": "refresh_token"}, json={"refresh_token": session["refresh_token"]}
    )
    assert refreshed.status_code == 200, refreshed.text
    recover = server.request("POST", "recover", json={"email": confirmed})
    assert recover.status_code == 200, recover.text
    return [admin_token, session["access_token"], session["refresh_token"], refreshed.json()["refresh_token"]]


def assert_absent(server, values: dict[str, str], log_format: str = "text") -> None:
    server.stop()  # flushes and closes the log
    output = server.log_path.read_text(errors="replace")
    assert "Starting service" in output, "the log is not at trace level:\n" + output[-2000:]
    leaked = [name for name, value in values.items() if value in output]
    assert not leaked, f"secrets in the log: {leaked}"
    if log_format == "json":
        # One JSON object a line, every line; the request lines carry id, route, status and duration.
        # (The harness marks each start with a `--- starting on port` line of its own.)
        lines = [json.loads(line) for line in output.splitlines() if line.strip() and not line.startswith("--- ")]
        requests = [line for line in lines if line.get("message") == "Request"]
        assert requests, "no request lines"
        assert all({"request_id", "route", "status", "duration_ms"} <= line.keys() for line in requests)


def database_secret(harness) -> dict[str, str]:
    return {"database_password": known_secret("dbpw")} if harness.db == "postgres" else {}


LOG_FORMATS = pytest.mark.parametrize("log_format", ["text", "json"])


@LOG_FORMATS
def test_trace_log_with_mailersend_carries_no_secret(server_factory, harness, mailersend_sink, log_format):
    jwt_secret = known_secret("jwt")
    api_key = known_secret("mlsn")
    database = database_secret(harness)
    server = server_factory.start(
        log_level="trace", log_format=log_format, autoconfirm=False, jwt_secret=jwt_secret,
        mail_transport="mailersend", mailersend_api_key=api_key, mailersend_url=mailersend_sink.url,
        **database,
    )
    tokens = drive_requests(server)
    deadline = time.monotonic() + DELIVERY_TIMEOUT
    while mailersend_sink.deliveries < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert mailersend_sink.deliveries >= 2, "the outbox did not deliver"
    secrets_used = {"jwt secret": jwt_secret, "mailersend key": api_key, "password": PASSWORD}
    secrets_used.update({"database password": value for value in database.values()})
    secrets_used.update({f"token {n}": token for n, token in enumerate(tokens)})
    assert_absent(server, secrets_used, log_format)


@LOG_FORMATS
def test_trace_log_with_smtp_carries_no_secret(server_factory, harness, log_format):
    jwt_secret = known_secret("jwt")
    smtp_password = known_secret("smtppw")
    database = database_secret(harness)
    server = server_factory.start(
        log_level="trace", log_format=log_format, autoconfirm=False, jwt_secret=jwt_secret,
        mail_transport="smtp", smtp_host="127.0.0.1", smtp_port=free_port(), smtp_security="plain",
        smtp_username="mailer", smtp_password=smtp_password, mail_retry_base_ms=50,
        **database,
    )
    drive_requests(server)
    time.sleep(1.0)  # a few delivery attempts against the closed port
    secrets_used = {"jwt secret": jwt_secret, "smtp password": smtp_password}
    secrets_used.update({"database password": value for value in database.values()})
    assert_absent(server, secrets_used, log_format)
