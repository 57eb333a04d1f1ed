"""Fixtures of the browser suite.

The suite drives Debian's Chromium (`/usr/bin/chromium`, headless, `--no-sandbox`) with
Playwright against the real `gatehouse` binary (default `.build/debug/gatehouse`, or
GATEHOUSE_BIN). Playwright's own browser downloads are never used.

Fixtures:
  server          one server for the whole run with the suite's defaults (SUITE_DEFAULTS below)
  start_server    a factory for servers with other settings: `start_server(GATEHOUSE_X="…")`

Servers come from the one harness both suites use, Conformance/gatehouse_server.py.
  browser         one Chromium for the whole run
  page            a fresh browser context and page per test (1280×800), failing the test on any
                  Content-Security-Policy violation or uncaught script error
  shoot           `shoot(page, "name")` saves Browser/screenshots/name-1280.png and name-375.png
"""

from __future__ import annotations

import os
import shutil
import signal
import sys
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parent
# The server harness lives with the conformance suite; appended, so this suite's modules win.
sys.path.append(str(REPO_ROOT / "Conformance"))

from gatehouse_server import HarnessConfig, ServerFactory, live_servers  # noqa: E402
from helpers import WebServer  # noqa: E402

# The suite's test choices, on every server unless a test overrides them: the dev mailbox (the
# server's development default), fast bcrypt, no per-IP limits, and a 5 s per-address email
# window so the resend countdown can be watched to the end. Everything else is the server's
# default (confirmations on, log level info).
SUITE_DEFAULTS = {
    "bcrypt_cost": 4,
    "email_send_window": 5,
    "rate_limit_token": 0,
    "rate_limit_otp": 0,
    "rate_limit_verify": 0,
}

SCREENSHOTS = HERE / "screenshots"
CHROMIUM = os.environ.get("GATEHOUSE_CHROMIUM", "/usr/bin/chromium")
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 812}


def pytest_configure(config):
    # SIGTERM (a CI timeout, scripts/test.sh) ends the run like Ctrl-C, so finalizers stop the servers.
    signal.signal(signal.SIGTERM, lambda signum, frame: (_ for _ in ()).throw(KeyboardInterrupt(f"signal {signum}")))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.failed:
        for server in live_servers():
            report.sections.append((f"gatehouse log (port {server.port})", server.log_tail()))
    return report


@pytest.fixture(scope="session")
def binary(tmp_path_factory) -> Path:
    """A copy of the binary taken at the start, so a rebuild during the run cannot swap it."""
    path = Path(os.environ.get("GATEHOUSE_BIN") or REPO_ROOT / ".build" / "debug" / "gatehouse").resolve()
    if not path.is_file():
        pytest.exit(f"gatehouse binary not found at {path}: run `swift build` first", returncode=2)
    copy = tmp_path_factory.mktemp("bin") / "gatehouse"
    shutil.copy2(path, copy)
    return copy


@pytest.fixture(scope="session")
def start_server(binary, tmp_path_factory):
    harness = HarnessConfig(binary=binary, db="sqlite", postgres_url=None, psql=None)
    factory = ServerFactory(harness, tmp_path_factory.mktemp("gatehouse"), SUITE_DEFAULTS, server_class=WebServer)

    def start(**env: str) -> WebServer:
        """`start(GATEHOUSE_RATE_LIMIT_OTP="1")`: the suite's defaults with these on top."""
        settings = {name.removeprefix("GATEHOUSE_").lower(): value for name, value in env.items()}
        return factory.start(**settings)

    yield start
    factory.stop_all()


@pytest.fixture(scope="session")
def server(start_server) -> WebServer:
    return start_server()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).is_file():
        pytest.exit(f"{CHROMIUM} is missing: run `bash scripts/browser-env.sh`", returncode=2)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"], headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


class PageProblems:
    """Console messages and script errors a page produced."""

    def __init__(self):
        self.console: list[str] = []
        self.errors: list[str] = []

    def csp_violations(self) -> list[str]:
        return [m for m in self.console if "Content Security Policy" in m or "Content-Security-Policy" in m]


@pytest.fixture
def new_page(browser):
    """`new_page(**context_options)` → (page, problems); contexts are closed after the test."""
    contexts = []

    def make(**options):
        options.setdefault("viewport", DESKTOP)
        context = browser.new_context(**options)
        context.set_default_timeout(10_000)
        context.set_default_navigation_timeout(15_000)
        contexts.append(context)
        page = context.new_page()
        problems = PageProblems()
        page.on("console", lambda message: problems.console.append(f"{message.type}: {message.text}"))
        page.on("pageerror", lambda error: problems.errors.append(str(error)))
        page.problems = problems
        return page

    yield make
    try:
        for context in contexts:
            for page in context.pages:
                assert not page.problems.csp_violations(), page.problems.csp_violations()
                assert not page.problems.errors, page.problems.errors
    finally:
        for context in contexts:
            context.close()


@pytest.fixture
def page(new_page):
    return new_page()


@pytest.fixture(scope="session")
def shoot():
    SCREENSHOTS.mkdir(exist_ok=True)

    def take(page, name: str) -> None:
        for size, suffix in ((DESKTOP, "1280"), (PHONE, "375")):
            page.set_viewport_size(size)
            page.wait_for_timeout(60)
            page.screenshot(path=str(SCREENSHOTS / f"{name}-{suffix}.png"), full_page=True)
        page.set_viewport_size(DESKTOP)

    return take
