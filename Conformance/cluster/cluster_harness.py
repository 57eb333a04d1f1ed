"""The three-instance deployment the cluster suite runs against: three `gatehouse serve`
processes on ONE PostgreSQL database (of its own, in the test cluster of scripts/postgres.sh),
behind Debian's nginx (round-robin, `X-Forwarded-For` appended, `X-Served-By` telling which
instance answered), mailing through one SMTP sink. Everything listens on 127.0.0.1 on free ports;
every process is stopped by its own PID (process group) when the cluster stops.

The instances run as production would: `GATEHOUSE_ENV=production`, one shared
`GATEHOUSE_JWT_SECRET` (it signs the HS256 tokens and keys refresh tokens, link hashes and web
cookies, so every instance must have the same one), one database URL, the proxy trusted through
`GATEHOUSE_TRUSTED_PROXIES=127.0.0.1`, and SMTP.
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from gatehouse_server import GatehouseServer, HarnessConfig, PostgresDatabases, ServerStartError, free_port

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "recovery"))
from smtp_sink import SMTPSink  # noqa: E402  (the recovery suite's aiosmtpd sink)

INSTANCES = 3
NGINX_START_TIMEOUT = 15.0
STOP_TIMEOUT = 10.0

# What every instance of the test deployment is configured with (besides the database, the
# secret and the SMTP port): production, fast bcrypt, the proxy trusted, a per-IP budget on the
# "send me an email" routes (5 at once, then 1 a minute) that the limit tests spend, and none on
# /token and /verify so the other tests are never refused. Quick mail retries.
CLUSTER_SETTINGS: dict[str, Any] = {
    "env": "production",
    # Production refuses a loopback external URL; the tests read no link's host.
    "external_url": "https://auth.gatehouse.test",
    "bcrypt_cost": 4,
    "autoconfirm": True,
    "trusted_proxies": "127.0.0.1",
    "rate_limit_header": "X-Forwarded-For",
    "rate_limit_otp": 5,
    "rate_limit_burst": 5,
    "rate_limit_token": 0,
    "rate_limit_verify": 0,
    "refresh_token_reuse_interval": 0,
    "mail_transport": "smtp",
    "smtp_host": "127.0.0.1",
    "smtp_security": "plain",
    "smtp_timeout": 30,
    "mail_retry_base_ms": 100,
}


def find_nginx() -> str:
    for candidate in ("/usr/sbin/nginx", shutil.which("nginx")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    raise RuntimeError("nginx is not installed (bash scripts/install-deps.sh installs Debian's)")


def nginx_config(prefix: Path, port: int, upstreams: list[int]) -> str:
    """The load balancer of the test deployment: the upstream and proxy headers of
    deploy/cluster/nginx.conf, with the client's forwarded hops appended so the tests can send them."""
    servers = "\n".join(f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;" for p in upstreams)
    # Run as root (CI containers), the master hands the workers to `nobody`, which needs no more
    # than the temp folders nginx makes itself (the prefix folder is 0755).
    user = "user nobody nogroup;\n" if os.geteuid() == 0 else ""
    return f"""{user}worker_processes 1;
daemon off;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log notice;
events {{ worker_connections 512; }}
http {{
    access_log {prefix}/access.log;
    client_body_temp_path {prefix}/client_body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;

    upstream gatehouse {{
{servers}
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://gatehouse;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            # Which instance answered (the tests prove requests spread over the instances).
            add_header X-Served-By $upstream_addr always;
        }}
    }}
}}
"""


class Nginx:
    """Debian's nginx under our control: its own prefix, config, pid and logs in a temp folder,
    `daemon off`, started and stopped by its PID (and process group)."""

    def __init__(self, upstreams: list[int]):
        self.binary = find_nginx()
        self.upstreams = upstreams
        self.port = 0
        self.prefix = Path(tempfile.mkdtemp(prefix="gatehouse-nginx-"))
        os.chmod(self.prefix, 0o755)
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> "Nginx":
        for attempt in range(3):
            self.port = free_port()
            config = self.prefix / "nginx.conf"
            config.write_text(nginx_config(self.prefix, self.port, self.upstreams))
            log = open(self.prefix / "stdout.log", "ab")
            self.proc = subprocess.Popen(
                [self.binary, "-p", str(self.prefix), "-c", str(config), "-e", str(self.prefix / "error.log")],
                stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            )
            log.close()
            if self._wait_listening():
                return self
            self.stop()
        raise RuntimeError(f"nginx did not start:\n{self.log_tail()}")

    def _wait_listening(self) -> bool:
        deadline = time.monotonic() + NGINX_START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
                return True
            except OSError:
                time.sleep(0.05)
        return False

    def log_tail(self, lines: int = 30) -> str:
        parts = []
        for name in ("stdout.log", "error.log"):
            try:
                parts.append("\n".join((self.prefix / name).read_text(errors="replace").splitlines()[-lines:]))
            except FileNotFoundError:
                pass
        return "\n".join(parts)

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        if proc.poll() is None:
            _signal_group(proc, signal.SIGQUIT)  # graceful: workers finish, then the master exits
            try:
                proc.wait(timeout=STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                _signal_group(proc, signal.SIGKILL)
                proc.wait(timeout=STOP_TIMEOUT)
        else:
            _signal_group(proc, signal.SIGKILL)

    def remove(self) -> None:
        shutil.rmtree(self.prefix, ignore_errors=True)


def _signal_group(proc: subprocess.Popen, sig: int) -> None:
    try:
        os.killpg(proc.pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


class ClusterInstance(GatehouseServer):
    """One instance of the deployment: a server on the cluster's shared database (made and
    dropped by the cluster, not by the instance)."""

    def __init__(self, config: HarnessConfig, workdir: Path, settings: dict[str, Any], database_url: str):
        super().__init__(config, workdir, settings)
        self.database_url = database_url
        self._pg = None

    def spawn(self) -> None:
        self.port = free_port()
        self._spawn(self.database_url)

    def wait_healthy(self) -> None:
        self._wait_healthy()

    def kill(self) -> None:
        """SIGKILL, as a crash or an OOM kill would: nothing is finished or recorded."""
        if self.proc is not None:
            self._signal(self.proc, signal.SIGKILL)
            self.proc.wait(timeout=STOP_TIMEOUT)


class Cluster:
    """Three instances, nginx in front, one SMTP sink, one database."""

    def __init__(self, harness: HarnessConfig, workdir: Path, **settings: Any):
        if harness.db != "postgres":
            raise RuntimeError("the cluster suite runs on PostgreSQL only: --db postgres")
        self.harness = harness
        self.workdir = workdir
        self.pg = PostgresDatabases(harness.postgres_url, harness.psql)
        self.database: str | None = None
        self.database_url = ""
        self.jwt_secret = secrets.token_urlsafe(48)
        self.sink = SMTPSink()
        self.settings = {**CLUSTER_SETTINGS, **settings}
        self.instances: list[ClusterInstance] = []
        self.nginx: Nginx | None = None

    def start(self) -> "Cluster":
        try:
            self.sink.start()
            self.database, self.database_url = self.pg.create()
            settings = {**self.settings, "smtp_port": self.sink.port, "jwt_secret": self.jwt_secret}
            for index in range(INSTANCES):
                folder = self.workdir / f"instance-{index}"
                folder.mkdir(parents=True)
                self.instances.append(ClusterInstance(self.harness, folder, dict(settings), self.database_url))
            # All three at once on the empty database: they migrate it together (advisory lock).
            for instance in self.instances:
                instance.spawn()
            for instance in self.instances:
                instance.wait_healthy()
            self.nginx = Nginx([instance.port for instance in self.instances]).start()
            return self
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        errors = []
        if self.nginx is not None:
            self.nginx.stop()
            self.nginx.remove()
            self.nginx = None
        for instance in self.instances:
            try:
                instance.stop()
            except Exception as error:
                errors.append(error)
        self.instances.clear()
        self.sink.stop()
        if self.database is not None:
            database, self.database = self.database, None
            self.pg.drop(database)
        if errors:
            raise errors[0]

    # ----- talking to the deployment through nginx ----------------------------------------

    @property
    def url(self) -> str:
        return self.nginx.url

    @property
    def auth_url(self) -> str:
        return f"{self.url}/auth/v1"

    def instance_at(self, served_by: str) -> int:
        """The index of the instance nginx named in `X-Served-By` (`127.0.0.1:port`)."""
        port = int(served_by.rsplit(":", 1)[1])
        return next(i for i, instance in enumerate(self.instances) if instance.port == port)

    def request(self, method: str, path: str, *, forwarded_for: str | None = None, **kwargs) -> httpx.Response:
        """A raw call through nginx; `path` relative to /auth/v1. `forwarded_for` is the
        `X-Forwarded-For` the client sends (nginx appends the address it saw)."""
        headers = dict(kwargs.pop("headers", None) or {})
        headers.setdefault("X-Supabase-Api-Version", "2024-01-01")
        if forwarded_for:
            headers["X-Forwarded-For"] = forwarded_for
        with httpx.Client(timeout=30.0, trust_env=False) as http:
            return http.request(method, f"{self.auth_url}/{path.lstrip('/')}", headers=headers, **kwargs)

    def admin_headers(self) -> dict[str, str]:
        # Any instance mints the same token: the secret is shared.
        return {"Authorization": f"Bearer {self.instances[0].service_role_jwt()}"}

    def psql(self, sql: str) -> str:
        """One query on the shared database, its rows as psql's unaligned text."""
        url = self.pg._url_for(self.database)
        result = subprocess.run(
            [self.harness.psql, "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", sql],
            stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60,
        )
        assert result.returncode == 0, result.stderr
        return result.stdout.strip()

    def log_tails(self) -> list[tuple[str, str]]:
        sections = [(f"instance {i} (port {s.port})", s.log_tail()) for i, s in enumerate(self.instances)]
        if self.nginx is not None:
            sections.append(("nginx", self.nginx.log_tail()))
        return sections
