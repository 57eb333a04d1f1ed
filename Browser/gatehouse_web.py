"""Real `gatehouse` processes for the browser suite, and small helpers around them.

Each `GatehouseProcess` gets a fresh data directory, a free 127.0.0.1 port and its own JWT
secret; it is stopped (SIGTERM, then SIGKILL) by the fixture that started it. Every wait here is
bounded.
"""

from __future__ import annotations

import atexit
import http.cookiejar
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path

START_TIMEOUT = 30.0
STOP_TIMEOUT = 10.0
MAIL_TIMEOUT = 15.0

# Settings every server of the suite starts with unless a test overrides them: the dev mailbox,
# fast bcrypt, confirmations on, no per-IP limits, and a 5 s per-address email window so the
# resend countdown can be watched to the end.
DEFAULT_ENV = {
    "GATEHOUSE_ENV": "development",
    "GATEHOUSE_BCRYPT_COST": "4",
    "GATEHOUSE_AUTOCONFIRM": "false",
    "GATEHOUSE_EMAIL_SEND_WINDOW": "5",
    "GATEHOUSE_RATE_LIMIT_TOKEN": "0",
    "GATEHOUSE_RATE_LIMIT_OTP": "0",
    "GATEHOUSE_RATE_LIMIT_VERIFY": "0",
    "GATEHOUSE_LOG_LEVEL": "info",
}

_LIVE: set["GatehouseProcess"] = set()


@atexit.register
def _stop_leftovers() -> None:
    for server in list(_LIVE):
        server.stop()


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def unique_email(label: str) -> str:
    return f"{label}-{uuid.uuid4().hex[:10]}@example.com"


@dataclass(eq=False)
class GatehouseProcess:
    binary: Path
    workdir: Path
    env: dict[str, str] = field(default_factory=dict)
    port: int = 0
    proc: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def log_path(self) -> Path:
        return self.workdir / "server.log"

    def url(self, path: str) -> str:
        return self.base + path

    def start(self) -> "GatehouseProcess":
        if not self.binary.is_file():
            raise RuntimeError(f"gatehouse binary not found at {self.binary} (run `swift build`, or set GATEHOUSE_BIN)")
        for attempt in range(3):
            self.port = free_port()
            data = self.workdir / f"data-{self.port}"
            data.mkdir(parents=True, exist_ok=True)
            env = {k: v for k, v in os.environ.items() if not k.startswith("GATEHOUSE_")}
            env.update(DEFAULT_ENV)
            env.update(
                GATEHOUSE_HOST="127.0.0.1",
                GATEHOUSE_PORT=str(self.port),
                GATEHOUSE_DATA_DIR=str(data),
                GATEHOUSE_JWT_SECRET=secrets.token_urlsafe(48),
            )
            env.update(self.env)
            log = open(self.log_path, "ab")
            self.proc = subprocess.Popen(
                [str(self.binary), "serve"], cwd=self.workdir, env=env, stdin=subprocess.DEVNULL,
                stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            )
            log.close()
            _LIVE.add(self)
            if self._wait_ready():
                return self
            in_use = "address already in use" in self.log_tail().lower()
            self.stop()
            if not in_use or attempt == 2:
                raise RuntimeError(f"gatehouse did not start:\n{self.log_tail()}")
        raise AssertionError("unreachable")

    def _wait_ready(self) -> bool:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc is None or self.proc.poll() is not None:
                return False
            try:
                with urllib.request.urlopen(self.url("/health"), timeout=2) as response:
                    if response.status == 200:
                        return True
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            time.sleep(0.1)
        return False

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        _LIVE.discard(self)
        if proc is None or proc.poll() is not None:
            return
        try:
            os.killpg(proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=STOP_TIMEOUT)

    def log_text(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def log_tail(self, lines: int = 60) -> str:
        return "\n".join(self.log_text().splitlines()[-lines:])

    # ----- the dev mailbox's JSON API --------------------------------------------------------

    def messages(self, to: str) -> list[dict]:
        query = urllib.parse.urlencode({"to": to})
        with urllib.request.urlopen(self.url(f"/_dev/mail/api/messages?{query}"), timeout=5) as response:
            return json.load(response)["messages"]

    def wait_for_messages(self, to: str, count: int = 1, timeout: float = MAIL_TIMEOUT) -> list[dict]:
        deadline = time.monotonic() + timeout
        while True:
            messages = self.messages(to)
            if len(messages) >= count or time.monotonic() > deadline:
                assert len(messages) >= count, f"expected {count} message(s) to {to}, found {len(messages)}"
                return messages
            time.sleep(0.2)

    # ----- plain HTTP (no browser) --------------------------------------------------------------

    def api(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url(path), data=data, method=method, headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.loads(response.read() or b"{}")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"{}")


class FormClient:
    """A cookie-keeping HTTP client that posts the pages' forms without a browser."""

    def __init__(self, server: GatehouseProcess):
        self.server = server
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect())

    def get(self, path: str) -> "Answer":
        return self._send(urllib.request.Request(self.server.url(path)))

    def post(self, path: str, fields: dict[str, str], headers: dict[str, str] | None = None) -> "Answer":
        data = urllib.parse.urlencode(fields).encode()
        request = urllib.request.Request(
            self.server.url(path), data=data, method="POST",
            headers={"Content-Type": "application/x-www-form-urlencoded", **(headers or {})},
        )
        return self._send(request)

    def _send(self, request) -> "Answer":
        try:
            response = self.opener.open(request, timeout=10)
        except urllib.error.HTTPError as error:
            response = error
        body = response.read().decode("utf-8", "replace")
        return Answer(response.status, response.headers, body)

    def cookie(self, name: str):
        return next((c for c in self.jar if c.name == name), None)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


@dataclass
class Answer:
    status: int
    headers: object
    body: str

    def csrf(self) -> str:
        match = re.search(r'name="csrf" value="([^"]+)"', self.body)
        assert match, "no CSRF field in the page"
        return match.group(1)

    def set_cookies(self) -> list[str]:
        return self.headers.get_all("Set-Cookie") or []
