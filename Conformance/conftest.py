"""Fixtures for the Gatehouse conformance suite.

The suite drives the real `gatehouse serve` binary (default `.build/debug/gatehouse`,
overridable with GATEHOUSE_BIN) over HTTP with the official `supabase-auth` Python client
and with raw httpx. Choose the store with `--db sqlite` (default) or `--db postgres`; the
PostgreSQL cluster comes from `--postgres-url` or GATEHOUSE_TEST_POSTGRES_URL (see
scripts/postgres.sh), and every server start gets a database of its own.

Fixtures:
  server          a module-wide server with the default settings (autoconfirm on)
  module_servers  a module-wide factory, for other module-wide configurations
  server_factory  a per-test factory: `server_factory.start(autoconfirm=False, ...)`
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from gatehouse_server import HarnessConfig, ServerFactory, find_psql, live_servers

REPO_ROOT = Path(__file__).resolve().parent.parent
_HARNESS = pytest.StashKey[HarnessConfig]()

# The suite's test choices, on every server unless a test overrides them (None unsets one):
# autoconfirm on (most tests want a session from /signup), fast bcrypt, no per-IP rate limits.
# Every other setting is the server's own default.
SUITE_DEFAULTS = {
    "autoconfirm": True,
    "bcrypt_cost": 4,
    "rate_limit_token": 0,
    "rate_limit_otp": 0,
    "rate_limit_verify": 0,
}


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("gatehouse")
    group.addoption(
        "--db",
        choices=("sqlite", "postgres"),
        default=os.environ.get("GATEHOUSE_CONFORMANCE_DB", "sqlite"),
        help="store the servers under test use (default: sqlite)",
    )
    group.addoption(
        "--postgres-url",
        default=os.environ.get("GATEHOUSE_TEST_POSTGRES_URL"),
        help="PostgreSQL cluster URL for --db postgres (default: $GATEHOUSE_TEST_POSTGRES_URL)",
    )


def _harness_config(config: pytest.Config) -> HarnessConfig:
    binary = Path(os.environ.get("GATEHOUSE_BIN") or REPO_ROOT / ".build" / "debug" / "gatehouse")
    return HarnessConfig(
        binary=binary.resolve(),
        db=config.getoption("--db"),
        postgres_url=config.getoption("--postgres-url"),
        psql=find_psql(),
    )


def pytest_configure(config: pytest.Config) -> None:
    harness = _harness_config(config)
    if harness.db == "postgres":
        if not harness.postgres_url:
            raise pytest.UsageError(
                "--db postgres needs --postgres-url or GATEHOUSE_TEST_POSTGRES_URL "
                "(start a cluster with `eval \"$(bash scripts/postgres.sh start)\"`)"
            )
        if not harness.psql:
            raise pytest.UsageError("--db postgres needs the psql client (scripts/install-deps.sh)")
    config.stash[_HARNESS] = harness
    # SIGTERM (from scripts/test.sh or a CI timeout) ends the run like Ctrl-C does, so the
    # fixtures' finalizers still stop every server.
    signal.signal(signal.SIGTERM, _terminate)


def _terminate(signum, frame):
    raise KeyboardInterrupt(f"signal {signum}")


def pytest_report_header(config: pytest.Config) -> str:
    harness = config.stash[_HARNESS]
    where = harness.postgres_url if harness.db == "postgres" else "a fresh SQLite file per server"
    return f"gatehouse: binary {harness.binary}; store: {harness.db} ({where})"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    """Attach the log tail of every running server to a failing test's report."""
    report = yield
    if report.failed:
        for server in live_servers():
            report.sections.append((f"gatehouse log (port {server.port})", server.log_tail()))
    return report


@pytest.fixture(scope="session")
def harness(pytestconfig: pytest.Config) -> HarnessConfig:
    return pytestconfig.stash[_HARNESS]


@pytest.fixture(scope="module")
def module_servers(harness, tmp_path_factory):
    factory = ServerFactory(harness, tmp_path_factory.mktemp("module-servers"), SUITE_DEFAULTS)
    try:
        yield factory
    finally:
        factory.stop_all()


@pytest.fixture
def server_factory(harness, tmp_path_factory):
    factory = ServerFactory(harness, tmp_path_factory.mktemp("test-servers"), SUITE_DEFAULTS)
    try:
        yield factory
    finally:
        factory.stop_all()


@pytest.fixture(scope="module")
def server(module_servers):
    """A server with the default test settings: autoconfirm on, bcrypt cost 4, no rate limits."""
    return module_servers.start()


@pytest.fixture
def admin(server):
    return server.admin()


_CLUSTER = Path(__file__).resolve().parent / "cluster"


def pytest_ignore_collect(collection_path: Path, config: pytest.Config):
    """The three-instance suite (cluster/: PostgreSQL + nginx) is its own step of scripts/test.sh:
    it runs when named on the command line (`pytest Conformance/cluster --db postgres`), not as
    part of `pytest Conformance`."""
    if collection_path != _CLUSTER:
        return None
    named = (Path(arg.split("::")[0]).resolve() for arg in config.args)
    return True if not any(path == _CLUSTER or _CLUSTER in path.parents for path in named) else None
