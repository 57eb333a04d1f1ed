"""Shutdown finishes within its grace period whatever the database or the mail relay does
.

Real processes: PostgreSQL reached through a local TCP proxy that the test cuts (refusing, or
accepting and never answering), and an SMTP relay that accepts connections and never answers.
After SIGTERM the server must exit within GATEHOUSE_SHUTDOWN_TIMEOUT (plus a margin), and
an interrupted send is delivered after a restart. (The outbox's back-off while the database
fails is Tests/GatehouseServerTests/Mail/OutboxBackoffTests.swift.)

The database tests need a PostgreSQL cluster (`--postgres-url` or GATEHOUSE_TEST_POSTGRES_URL,
which scripts/test.sh exports for both runs) also when the suite runs with `--db sqlite`.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import threading
import time
import urllib.parse
from pathlib import Path

import httpx
import pytest

from gatehouse_server import HEALTH_TIMEOUT, PostgresDatabases, free_port
from support import PASSWORD, unique_email

GRACE = 3  # GATEHOUSE_SHUTDOWN_TIMEOUT for these servers, seconds
MARGIN = 5.5  # ShutdownDeadline's 2 s after the grace period, plus slack for a loaded machine
SMTP_WAIT = 10.0


def close_listener(listener: socket.socket) -> None:
    """Stops listening now: shutdown() wakes a thread blocked in accept(), which close() does not."""
    try:
        listener.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    listener.close()


class TcpProxy:
    """Forwards 127.0.0.1:port to a target until cut: then it refuses (listener closed) or
    black-holes (accepts and never answers), and drops every open connection."""

    def __init__(self, target: tuple[str, int]):
        self.target = target
        self.mode = "forward"
        self.sockets: list[socket.socket] = []
        self.lock = threading.Lock()
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            with self.lock:
                self.sockets.append(client)
                if self.mode != "forward":
                    continue  # black hole: hold it open, say nothing
            try:
                upstream = socket.create_connection(self.target, timeout=5)
                upstream.settimeout(None)
            except OSError:
                client.close()
                continue
            with self.lock:
                self.sockets.append(upstream)
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket):
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        for sock in (source, sink):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def _drop_all(self):
        with self.lock:
            sockets, self.sockets = self.sockets, []
        for sock in sockets:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()

    def refuse(self):
        self.mode = "refuse"
        close_listener(self.listener)
        self._drop_all()

    def black_hole(self):
        self.mode = "black-hole"
        self._drop_all()

    def close(self):
        self.mode = "closed"
        close_listener(self.listener)
        self._drop_all()


class SilentSMTP:
    """Accepts SMTP connections and never sends a byte (not even the greeting)."""

    def __init__(self):
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.connections: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            self.connections.append(conn)

    def close(self):
        close_listener(self.listener)
        for conn in self.connections:
            conn.close()


class AnsweringSMTP:
    """A minimal SMTP sink that accepts every message and remembers the recipients."""

    def __init__(self, port: int):
        self.listener = socket.create_server(("127.0.0.1", port))
        self.recipients: list[str] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._session, args=(conn,), daemon=True).start()

    def _session(self, conn: socket.socket):
        conn.settimeout(10)
        reader = conn.makefile("rb")
        try:
            conn.sendall(b"220 sink ESMTP\r\n")
            in_data = False
            while line := reader.readline():
                if in_data:
                    if line == b".\r\n":
                        in_data = False
                        conn.sendall(b"250 queued\r\n")
                    continue
                verb = line[:4].upper()
                if verb in (b"EHLO", b"HELO"):
                    conn.sendall(b"250 sink\r\n")
                elif verb == b"RCPT":
                    self.recipients.append(line.decode(errors="replace"))
                    conn.sendall(b"250 ok\r\n")
                elif verb == b"DATA":
                    in_data = True
                    conn.sendall(b"354 go on\r\n")
                elif verb == b"QUIT":
                    conn.sendall(b"221 bye\r\n")
                    return
                else:
                    conn.sendall(b"250 ok\r\n")
        except OSError:
            pass
        finally:
            conn.close()

    def close(self):
        close_listener(self.listener)


class Process:
    """A `gatehouse serve` started and stopped by the test itself."""

    def __init__(self, binary: Path, workdir: Path, settings: dict[str, str]):
        self.port = free_port()
        self.log_path = workdir / "server.log"
        env = {k: v for k, v in os.environ.items() if not k.startswith("GATEHOUSE_")}
        env.update(
            GATEHOUSE_HOST="127.0.0.1", GATEHOUSE_PORT=str(self.port), GATEHOUSE_DATA_DIR=str(workdir / "data"),
            GATEHOUSE_JWT_SECRET="shutdown-test-secret-0123456789abcdefghij", GATEHOUSE_BCRYPT_COST="4",
            GATEHOUSE_RATE_LIMIT_OTP="0", GATEHOUSE_RATE_LIMIT_TOKEN="0", GATEHOUSE_SHUTDOWN_TIMEOUT=str(GRACE),
            GATEHOUSE_EMAIL_SEND_WINDOW="0",
        )
        env.update(settings)
        self.log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(
            [str(binary), "serve"], env=env, stdin=subprocess.DEVNULL, stdout=self.log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def wait_healthy(self):
        deadline = time.monotonic() + HEALTH_TIMEOUT
        with httpx.Client(timeout=2.0, trust_env=False) as http:
            while time.monotonic() < deadline:
                assert self.proc.poll() is None, self.log_text()[-3000:]
                try:
                    if http.get(f"{self.url}/health").status_code == 200:
                        return self
                except httpx.TransportError:
                    pass
                time.sleep(0.1)
        raise AssertionError("no /health in time\n" + self.log_text()[-3000:])

    def log_text(self) -> str:
        self.log.flush()
        return self.log_path.read_text(errors="replace")

    def sigterm_and_time(self) -> float:
        start = time.monotonic()
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=GRACE + MARGIN)
        except subprocess.TimeoutExpired:
            pass
        return time.monotonic() - start

    def kill(self):
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)
        self.log.close()


@pytest.fixture
def processes():
    started: list[Process] = []
    yield started
    for process in started:
        process.kill()


@pytest.fixture
def proxied_database(harness):
    if not (harness.postgres_url and harness.psql):
        pytest.fail("needs a PostgreSQL cluster: --postgres-url or GATEHOUSE_TEST_POSTGRES_URL (scripts/postgres.sh)")
    databases = PostgresDatabases(harness.postgres_url, harness.psql)
    name, url = databases.create()
    parts = urllib.parse.urlsplit(url)
    proxy = TcpProxy((parts.hostname, parts.port))
    proxied = urllib.parse.urlunsplit(parts._replace(netloc=f"{parts.username}:{parts.password}@127.0.0.1:{proxy.port}"))
    try:
        yield proxy, proxied
    finally:
        proxy.close()
        databases.drop(name)


def assert_exits_in_grace(process: Process):
    elapsed = process.sigterm_and_time()
    assert process.proc.poll() is not None, (
        f"still running {elapsed:.1f} s after SIGTERM (grace {GRACE} s)\n" + process.log_text()[-3000:]
    )
    assert elapsed <= GRACE + MARGIN, f"exit took {elapsed:.1f} s"


def test_database_refusing_sigterm_exits(harness, tmp_path, proxied_database, processes):
    proxy, url = proxied_database
    process = Process(harness.binary, tmp_path, {"GATEHOUSE_DATABASE_URL": url})
    processes.append(process)
    process.wait_healthy()
    proxy.refuse()
    # A request and the outbox now wait on the pool, which retries the connection.
    def waiting_signup():
        try:
            httpx.post(f"{process.url}/auth/v1/signup", json={"email": unique_email("down"), "password": PASSWORD}, timeout=30)
        except httpx.HTTPError:
            pass  # cut off by the shutdown, as expected

    threading.Thread(target=waiting_signup, daemon=True).start()
    time.sleep(2)
    assert_exits_in_grace(process)


def test_database_black_hole_sigterm_exits(harness, tmp_path, proxied_database, processes):
    proxy, url = proxied_database
    process = Process(harness.binary, tmp_path, {"GATEHOUSE_DATABASE_URL": url})
    processes.append(process)
    process.wait_healthy()
    proxy.black_hole()
    time.sleep(2)
    assert_exits_in_grace(process)


def test_silent_mail_relay_does_not_hold_shutdown_and_the_send_is_retried(harness, tmp_path, processes):
    silent = SilentSMTP()
    smtp_port = silent.port
    mail = {
        "GATEHOUSE_MAIL_TRANSPORT": "smtp", "GATEHOUSE_SMTP_HOST": "127.0.0.1", "GATEHOUSE_SMTP_PORT": str(smtp_port),
        "GATEHOUSE_SMTP_SECURITY": "plain", "GATEHOUSE_SMTP_TIMEOUT": "60",
    }
    database = {}
    databases = None
    if harness.db == "postgres":
        databases = PostgresDatabases(harness.postgres_url, harness.psql)
        name, url = databases.create()
        database = {"GATEHOUSE_DATABASE_URL": url}
    try:
        process = Process(harness.binary, tmp_path, {**mail, **database})
        processes.append(process)
        process.wait_healthy()
        email = unique_email("shutdown")
        signup = httpx.post(f"{process.url}/auth/v1/signup", json={"email": email, "password": PASSWORD}, timeout=10)
        assert signup.status_code == 200, signup.text
        deadline = time.monotonic() + SMTP_WAIT
        while not silent.connections and time.monotonic() < deadline:
            time.sleep(0.05)
        assert silent.connections, "the outbox never connected to the relay"
        assert_exits_in_grace(process)
        silent.close()

        # The interrupted send is delivered after a restart, as after a crash.
        sink = AnsweringSMTP(smtp_port)
        try:
            restarted = Process(harness.binary, tmp_path, {**mail, **database})
            processes.append(restarted)
            restarted.wait_healthy()
            deadline = time.monotonic() + 30  # the claim's lease (15 s) has to run out first
            while not any(email in r for r in sink.recipients) and time.monotonic() < deadline:
                time.sleep(0.2)
            assert any(email in r for r in sink.recipients), "the interrupted email was not sent after restart"
        finally:
            sink.close()
    finally:
        silent.close()
        for process in processes:
            process.kill()
        if databases is not None:
            databases.drop(name)
