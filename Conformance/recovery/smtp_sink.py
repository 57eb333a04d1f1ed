"""An in-process SMTP server (aiosmtpd) on 127.0.0.1 that keeps what it receives, optionally
with STARTTLS (a throwaway CA made with the openssl CLI) and AUTH."""

from __future__ import annotations

import email
import email.policy
import socket
import ssl
import subprocess
import threading
import time
from dataclasses import dataclass
from email.message import EmailMessage
from pathlib import Path

import pytest

from gatehouse_server import free_port

try:
    from aiosmtpd.controller import Controller
    from aiosmtpd.smtp import AuthResult, LoginPassword
except ImportError:  # only the tests that start an SMTP server need it; they fail clearly
    Controller = AuthResult = LoginPassword = None


@dataclass(frozen=True)
class TLSFiles:
    """A CA certificate (and its key) and a server certificate it signed."""
    ca: Path
    ca_key: Path
    cert: Path
    key: Path


def _openssl(*command) -> None:
    result = subprocess.run(["openssl", *map(str, command)], capture_output=True, text=True, timeout=60,
                            stdin=subprocess.DEVNULL)
    assert result.returncode == 0, f"openssl {' '.join(map(str, command))} failed: {result.stderr}"


_EC = ("-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes")


def make_tls_files(folder: Path, name: str = "Gatehouse Test CA",
                   san: str = "IP:127.0.0.1,DNS:localhost") -> TLSFiles:
    """Generates a CA, and a server certificate for `san` signed by it, with the openssl CLI."""
    folder.mkdir(parents=True, exist_ok=True)
    ca_key, ca = folder / "ca.key", folder / "ca.pem"
    _openssl("req", "-x509", *_EC, "-keyout", ca_key, "-out", ca, "-days", "2", "-subj", f"/CN={name}",
             "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    return issue_server_certificate(TLSFiles(ca, ca_key, ca, ca_key), folder, san)


def issue_server_certificate(authority: TLSFiles, folder: Path, san: str) -> TLSFiles:
    """A new server certificate for `san` (e.g. "IP:127.0.0.1") from `authority`'s CA."""
    folder.mkdir(parents=True, exist_ok=True)
    tag = "server-" + san.replace(":", "_").replace(",", "-")
    key, csr, cert, extensions = (folder / f"{tag}{suffix}" for suffix in (".key", ".csr", ".pem", ".ext"))
    extensions.write_text(
        "basicConstraints=critical,CA:FALSE\n"
        "keyUsage=critical,digitalSignature,keyEncipherment\n"
        "extendedKeyUsage=serverAuth\n"
        f"subjectAltName={san}\n"
    )
    _openssl("req", *_EC, "-keyout", key, "-out", csr, "-subj", "/CN=" + san.split(",")[0].split(":")[1])
    _openssl("x509", "-req", "-in", csr, "-CA", authority.ca, "-CAkey", authority.ca_key, "-CAcreateserial",
             "-out", cert, "-days", "2", "-extfile", extensions)
    return TLSFiles(ca=authority.ca, ca_key=authority.ca_key, cert=cert, key=key)


@dataclass
class Received:
    mail_from: str
    rcpt_tos: list[str]
    raw: bytes
    tls: bool
    auth_user: str | None

    @property
    def message(self) -> EmailMessage:
        return email.message_from_bytes(self.raw, policy=email.policy.default)

    @property
    def subject(self) -> str:
        return str(self.message["Subject"])


class _Handler:
    def __init__(self, sink: "SMTPSink"):
        self.sink = sink

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        reply = self.sink._rcpt_reply(address)
        if reply is not None:
            return reply
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server, session, envelope):
        auth = session.auth_data
        self.sink._add(Received(
            mail_from=envelope.mail_from,
            rcpt_tos=list(envelope.rcpt_tos),
            raw=envelope.original_content or envelope.content,
            tls=session.ssl is not None,
            auth_user=auth.login.decode() if isinstance(auth, LoginPassword) else None,
        ))
        return "250 2.0.0 OK: queued"


class SMTPSink:
    def __init__(self, port: int | None = None, tls: TLSFiles | None = None,
                 credentials: tuple[str, str] | None = None):
        self.port = port or free_port()
        self.tls = tls
        self.credentials = credentials
        self.received: list[Received] = []
        self.failed_logins = 0
        self.rcpt_attempts: dict[str, int] = {}
        # address -> replies to give its next RCPT TOs, e.g. ["451 4.3.0 Try again later"]
        self.rcpt_script: dict[str, list[str]] = {}
        self._lock = threading.Lock()
        self._controller: Controller | None = None

    def _add(self, received: Received) -> None:
        with self._lock:
            self.received.append(received)

    def _rcpt_reply(self, address: str) -> str | None:
        with self._lock:
            self.rcpt_attempts[address] = self.rcpt_attempts.get(address, 0) + 1
            script = self.rcpt_script.get(address)
            return script.pop(0) if script else None

    def _authenticate(self, server, session, envelope, mechanism, auth_data):
        ok = (isinstance(auth_data, LoginPassword) and self.credentials is not None
              and (auth_data.login.decode(), auth_data.password.decode()) == self.credentials)
        if not ok:
            with self._lock:
                self.failed_logins += 1
        return AuthResult(success=ok, handled=False, auth_data=auth_data if ok else None)

    def start(self) -> "SMTPSink":
        if Controller is None:
            pytest.fail("aiosmtpd is not installed: add aiosmtpd==1.4.6 to Conformance/requirements.txt")
        options = {}
        if self.tls is not None:
            context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
            context.load_cert_chain(self.tls.cert, self.tls.key)
            options.update(tls_context=context, require_starttls=True)
        if self.credentials is not None:
            options.update(authenticator=self._authenticate, auth_required=True,
                           auth_require_tls=self.tls is not None)
        self._controller = Controller(_Handler(self), hostname="127.0.0.1", port=self.port,
                                      ready_timeout=10.0, **options)
        self._controller.start()
        return self

    def stop(self) -> None:
        controller, self._controller = self._controller, None
        if controller is not None:
            controller.stop()

    def messages(self, to: str | None = None, subject: str | None = None) -> list[Received]:
        with self._lock:
            found = list(self.received)
        return [m for m in found
                if (to is None or to in m.rcpt_tos) and (subject is None or m.subject == subject)]

    def wait_for(self, to: str, subject: str, count: int = 1, timeout: float = 20.0) -> list[Received]:
        deadline = time.monotonic() + timeout
        while True:
            found = self.messages(to, subject)
            if len(found) >= count:
                return found
            if time.monotonic() >= deadline:
                raise AssertionError(
                    f"timed out after {timeout:.0f} s waiting for {count} x {subject!r} to {to}; "
                    f"got {[(m.rcpt_tos, m.subject) for m in self.messages()]}"
                )
            time.sleep(0.1)


class BlackHole:
    """A TCP listener on 127.0.0.1 that accepts connections and never says anything: a relay
    that hangs, so a send stays in flight until the client's time limit. With
    `hang_up=True` it closes each connection at once instead (a relay that is down, but one
    that counts the attempts)."""

    def __init__(self, port: int | None = None, hang_up: bool = False):
        self.port = port or free_port()
        self.hang_up = hang_up
        self.accepted = 0
        self._listener: socket.socket | None = None
        self._connections: list[socket.socket] = []
        self._thread: threading.Thread | None = None
        self._stopping = threading.Event()

    def start(self) -> "BlackHole":
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(16)
        listener.settimeout(0.1)
        self._listener = listener
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()
        return self

    def _accept(self) -> None:
        while not self._stopping.is_set():
            try:
                connection, _ = self._listener.accept()
            except (TimeoutError, socket.timeout):
                continue
            except OSError:
                return
            if self.hang_up:
                connection.close()
            else:
                self._connections.append(connection)
            self.accepted += 1

    def stop(self) -> None:
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
            self._thread = None
        for connection in self._connections:
            connection.close()
        self._connections.clear()
        if self._listener is not None:
            self._listener.close()
            self._listener = None
