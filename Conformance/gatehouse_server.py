"""The one harness that starts and stops real `gatehouse serve` processes, for the
conformance suite and the browser suite (Browser/conftest.py imports it from here).

A `ServerFactory` starts configured servers, each with a fresh data directory, a free
127.0.0.1 port, its own JWT secret and (in PostgreSQL mode) a freshly created database, and
stops all of them (terminate, then kill) when the owning fixture is torn down. The harness sets
only what every process needs (address, data directory, secret, database); each suite passes its
own test choices (fast bcrypt, no per-IP limits, …) as the factory's `defaults`, and everything
else is the server's own default. Every wait here is bounded.
"""

from __future__ import annotations

import atexit
import functools
import os
import secrets
import signal
import socket
import subprocess
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import httpx._transports.default as _httpx_transports

from gotrue_clients import API_VERSION, GoTrueClients
from postgres_databases import PostgresDatabases, find_psql, with_password

HEALTH_TIMEOUT = 30.0  # seconds for a started server to answer GET /health with 200
STOP_TIMEOUT = 10.0  # seconds between SIGTERM and SIGKILL

__all__ = [
    "API_VERSION", "HEALTH_TIMEOUT", "STOP_TIMEOUT", "GatehouseServer", "HarnessConfig", "PostgresDatabases",
    "ServerFactory", "ServerStartError", "find_psql", "free_port", "live_servers", "to_env", "with_password",
]

# Every process started by this module, so that nothing outlives the pytest run even if a
# finalizer never ran (e.g. pytest itself was interrupted).
_LIVE: set["GatehouseServer"] = set()


def _share_httpx_ssl_contexts() -> None:
    """Every httpx client of the suites gets one shared SSL context per kind instead of a new one.

    httpx 0.28 builds a fresh context for each client, loading every CA certificate of its bundle:
    about 36 ms of CPU. The suites make a client for each raw request (`GatehouseServer.request`,
    `httpx.get`) and inside each official client, over 3,000 a conformance pass, for plain http to
    127.0.0.1, and the tests that fire 50 threads at once spent that time one thread at a time (the
    GIL). The shared context is made by httpx's own function with the same arguments, so what a
    client verifies does not change; a context or certificate passed explicitly still gets its own.
    """
    build = _httpx_transports.create_ssl_context

    @functools.lru_cache(maxsize=None)
    def shared(verify: bool, trust_env: bool, cert_file: str | None, cert_dir: str | None):
        return build(verify=verify, trust_env=trust_env)

    def create_ssl_context(verify: Any = True, cert: Any = None, trust_env: bool = True):
        if isinstance(verify, bool) and cert is None:
            return shared(verify, trust_env, os.environ.get("SSL_CERT_FILE"), os.environ.get("SSL_CERT_DIR"))
        return build(verify=verify, cert=cert, trust_env=trust_env)

    _httpx_transports.create_ssl_context = create_ssl_context


_share_httpx_ssl_contexts()


def live_servers() -> list["GatehouseServer"]:
    return list(_LIVE)


@atexit.register
def _stop_leftovers() -> None:
    for server in list(_LIVE):
        server.stop()


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def to_env(settings: dict[str, Any]) -> dict[str, str]:
    """`{"autoconfirm": True}` -> `{"GATEHOUSE_AUTOCONFIRM": "true"}`; None drops the key."""
    env = {}
    for key, value in settings.items():
        if value is None:
            continue
        if isinstance(value, bool):
            value = "true" if value else "false"
        env["GATEHOUSE_" + key.upper()] = str(value)
    return env


class ServerStartError(RuntimeError):
    pass


@dataclass
class HarnessConfig:
    binary: Path
    db: str  # "sqlite" | "postgres"
    postgres_url: str | None
    psql: str | None


class GatehouseServer(GoTrueClients):
    """One running `gatehouse serve` process and helpers to talk to it."""

    def __init__(self, config: HarnessConfig, workdir: Path, settings: dict[str, Any]):
        self.config = config
        self.workdir = workdir
        self.settings = dict(settings)
        self.jwt_secret = self.settings.pop("jwt_secret", None) or secrets.token_urlsafe(48)
        # PostgreSQL only: the password put in the database URL (the test cluster trusts any).
        self.database_password = self.settings.pop("database_password", None)
        self.port = 0
        self.proc: subprocess.Popen | None = None
        self.log_path = workdir / "server.log"
        self._log_file = None
        self._database: str | None = None
        self.database_url: str | None = None
        self._pg = (
            PostgresDatabases(config.postgres_url, config.psql)
            if config.db == "postgres"
            else None
        )
        self._closables: list[Any] = []

    # ----- lifecycle -------------------------------------------------------------------

    def start(self) -> "GatehouseServer":
        if not self.config.binary.is_file():
            raise ServerStartError(
                f"gatehouse binary not found at {self.config.binary} "
                "(run `swift build`, or set GATEHOUSE_BIN)"
            )
        if self._pg is not None:
            self._database, database_url = self._pg.create()
            if self.database_password is not None:
                database_url = with_password(database_url, self.database_password)
        else:
            database_url = None
        # The same store for the operator commands a test runs beside the server.
        self.database_url = database_url
        for attempt in range(3):
            self.port = free_port()
            try:
                self._spawn(database_url)
                self._wait_healthy()
                return self
            except ServerStartError as error:
                in_use = "address already in use" in self.log_tail().lower()
                self._stop_process()
                if not in_use or attempt == 2:
                    raise error
        raise AssertionError("unreachable")

    def _spawn(self, database_url: str | None) -> None:
        data_dir = self.workdir / "data"
        data_dir.mkdir(parents=True, exist_ok=True)
        env = {k: v for k, v in os.environ.items() if not k.startswith("GATEHOUSE_")}
        env.update(to_env(self.settings))
        env.update(
            GATEHOUSE_HOST="127.0.0.1",
            GATEHOUSE_PORT=str(self.port),
            GATEHOUSE_DATA_DIR=str(data_dir),
            GATEHOUSE_JWT_SECRET=self.jwt_secret,
        )
        if database_url is not None:
            env["GATEHOUSE_DATABASE_URL"] = database_url
        self._log_file = open(self.log_path, "ab")
        self._log_file.write(f"--- starting on port {self.port}\n".encode())
        self._log_file.flush()
        self.proc = subprocess.Popen(
            [str(self.config.binary), "serve"],
            cwd=self.workdir,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=self._log_file,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        _LIVE.add(self)

    def _wait_healthy(self) -> None:
        deadline = time.monotonic() + HEALTH_TIMEOUT
        last_error = "no answer"
        with httpx.Client(timeout=2.0, trust_env=False) as probe:
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    raise ServerStartError(
                        f"gatehouse exited with status {self.proc.returncode} before serving "
                        f"/health\n{self.log_tail()}"
                    )
                try:
                    response = probe.get(f"{self.root_url}/health")
                    if response.status_code == 200:
                        return
                    last_error = f"HTTP {response.status_code}: {response.text[:200]}"
                except httpx.TransportError as error:
                    last_error = repr(error)
                time.sleep(0.1)
        raise ServerStartError(
            f"gatehouse did not serve GET /health with 200 within {HEALTH_TIMEOUT:.0f} s "
            f"(last: {last_error})\n{self.log_tail()}"
        )

    def stop(self) -> None:
        """Closes the clients, stops the process and drops the database. Idempotent."""
        for closable in self._closables:
            try:
                closable.close()
            except Exception:
                pass
        self._closables.clear()
        self._stop_process()
        if self._database is not None and self._pg is not None:
            database, self._database = self._database, None
            self._pg.drop(database)

    def _stop_process(self) -> None:
        """SIGTERM to the process group, SIGKILL after STOP_TIMEOUT."""
        proc, self.proc = self.proc, None
        if proc is not None:
            if proc.poll() is None:
                self._signal(proc, signal.SIGTERM)
                try:
                    proc.wait(timeout=STOP_TIMEOUT)
                except subprocess.TimeoutExpired:
                    self._signal(proc, signal.SIGKILL)
                    proc.wait(timeout=STOP_TIMEOUT)
            else:
                # The server is gone but its process group may not be.
                self._signal(proc, signal.SIGKILL)
        _LIVE.discard(self)
        if self._log_file is not None:
            self._log_file.close()
            self._log_file = None

    @staticmethod
    def _signal(proc: subprocess.Popen, sig: int) -> None:
        try:
            os.killpg(proc.pid, sig)
        except (ProcessLookupError, PermissionError):
            pass

    def log_text(self) -> str:
        """Everything the server has logged so far ("" before the first start)."""
        if self._log_file is not None:
            self._log_file.flush()
        try:
            return self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def log_tail(self, lines: int = 60) -> str:
        text = self.log_text()
        return "\n".join(text.splitlines()[-lines:]) if text else "(no server log)"

    # ----- addresses and credentials ---------------------------------------------------

    @property
    def root_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def auth_url(self) -> str:
        return f"{self.root_url}/auth/v1"

    def url(self, path: str) -> str:
        """`path` (starting with /) on the server's root mount."""
        return self.root_url + path


class ServerFactory:
    """Starts configured servers and stops every one of them in `stop_all`."""

    def __init__(
        self, config: HarnessConfig, tmp_root: Path, defaults: dict[str, Any] | None = None,
        server_class: type[GatehouseServer] = GatehouseServer,
    ):
        self.config = config
        self.tmp_root = tmp_root
        # The suite's test choices, under the settings each start passes.
        self.defaults = dict(defaults or {})
        self.server_class = server_class
        self.servers: list[GatehouseServer] = []

    def start(self, **settings: Any) -> GatehouseServer:
        """Starts a server. Settings are GATEHOUSE_* variables in lower case without the
        prefix (`autoconfirm=False`, `rate_limit_token=1`, `jwt_secret="..."`); None leaves a
        default of the suite unset."""
        workdir = self.tmp_root / f"server-{len(self.servers)}-{uuid.uuid4().hex[:6]}"
        workdir.mkdir(parents=True)
        server = self.server_class(self.config, workdir, {**self.defaults, **settings})
        self.servers.append(server)
        server.start()
        return server

    def stop_all(self) -> None:
        errors = []
        for server in self.servers:
            try:
                server.stop()
            except Exception as error:  # keep stopping the others
                errors.append(error)
        self.servers.clear()
        if errors:
            raise errors[0]
