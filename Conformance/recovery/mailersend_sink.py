"""A stand-in for MailerSend's email API on 127.0.0.1: checks every request against the
documented format (POST /v1/email, Bearer token, JSON with from.email, to[].email, subject,
text, html) and answers from a script of statuses (202 Accepted once the script runs out)."""

from __future__ import annotations

import json
import threading
import uuid
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PATH = "/v1/email"


@dataclass
class APIRequest:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes
    status: int  # what the sink answered
    problems: list[str] = field(default_factory=list)

    @property
    def json(self) -> dict:
        return json.loads(self.body)

    @property
    def recipients(self) -> list[str]:
        try:
            return [to.get("email") for to in self.json.get("to", [])]
        except (ValueError, AttributeError):
            return []


def check(method: str, path: str, headers: dict[str, str], body: bytes, api_key: str) -> list[str]:
    """What is wrong with a request, by MailerSend's API reference."""
    problems = []
    if method != "POST":
        problems.append(f"method {method}, expected POST")
    if path != PATH:
        problems.append(f"path {path}, expected {PATH}")
    if headers.get("authorization") != f"Bearer {api_key}":
        problems.append(f"Authorization {headers.get('authorization')!r}")
    if not headers.get("content-type", "").startswith("application/json"):
        problems.append(f"Content-Type {headers.get('content-type')!r}")
    try:
        payload = json.loads(body)
    except ValueError:
        return problems + ["body is not JSON"]
    if not isinstance(payload, dict):
        return problems + ["body is not a JSON object"]
    sender = payload.get("from")
    if not (isinstance(sender, dict) and isinstance(sender.get("email"), str) and "@" in sender["email"]):
        problems.append(f"from.email missing: {sender!r}")
    elif "name" in sender and not isinstance(sender["name"], str):
        problems.append(f"from.name is not a string: {sender!r}")
    to = payload.get("to")
    if not (isinstance(to, list) and 1 <= len(to) <= 50
            and all(isinstance(r, dict) and isinstance(r.get("email"), str) and "@" in r["email"] for r in to)):
        problems.append(f"to must be 1-50 objects with an email: {to!r}")
    for key in ("subject", "text", "html"):
        if not (isinstance(payload.get(key), str) and payload[key].strip()):
            problems.append(f"{key} missing or empty")
    return problems


class MailerSendSink:
    def __init__(self, api_key: str, statuses: list[int] | None = None):
        self.api_key = api_key
        self.statuses = list(statuses or [])
        self.requests: list[APIRequest] = []
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}{PATH}"

    def _next_status(self, problems: list[str]) -> int:
        with self._lock:
            scripted = self.statuses.pop(0) if self.statuses else 202
        return 422 if problems else scripted

    def _record(self, request: APIRequest) -> None:
        with self._lock:
            self.requests.append(request)

    def received(self, to: str | None = None) -> list[APIRequest]:
        with self._lock:
            found = list(self.requests)
        return [r for r in found if to is None or to in r.recipients]

    def accepted(self, to: str | None = None) -> list[APIRequest]:
        return [r for r in self.received(to) if r.status == 202]

    def start(self) -> "MailerSendSink":
        sink = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def _handle(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                headers = {k.lower(): v for k, v in self.headers.items()}
                problems = check(self.command, self.path, headers, body, sink.api_key)
                status = sink._next_status(problems)
                sink._record(APIRequest(self.command, self.path, headers, body, status, problems))
                if status == 202:
                    answer = b""
                elif problems:
                    answer = json.dumps({"message": "; ".join(problems), "errors": {"request": problems}}).encode()
                else:
                    answer = json.dumps({"message": f"scripted {status}"}).encode()
                self.send_response(status)
                if status == 202:
                    self.send_header("X-Message-Id", uuid.uuid4().hex[:24])
                else:
                    self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            do_POST = do_GET = do_PUT = _handle

            def log_message(self, *args):
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        server, self._server = self._server, None
        if server is not None:
            server.shutdown()
            server.server_close()
            self._thread.join(timeout=10)
