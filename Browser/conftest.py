"""Fixtures of the browser suite.

The suite drives Debian's Chromium (`/usr/bin/chromium`, headless, `--no-sandbox`) with
Playwright against the real `gatehouse` binary (default `.build/debug/gatehouse`, or
GATEHOUSE_BIN). Playwright's own browser downloads are never used.

Fixtures:
  server          one server for the whole run with the suite's defaults (see gatehouse_web.py)
  start_server    a factory for servers with other settings: `start_server(GATEHOUSE_X="…")`
  browser         one Chromium for the whole run
  page            a fresh browser context and page per test (1280×800), failing the test on any
                  Content-Security-Policy violation or uncaught script error
  shoot           `shoot(page, "name")` saves Browser/screenshots/name-1280.png and name-375.png
"""

from __future__ import annotations

import os
import shutil
import signal
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from gatehouse_web import GatehouseProcess, _LIVE

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parent
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
        for server in list(_LIVE):
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
    started: list[GatehouseProcess] = []

    def start(**env: str) -> GatehouseProcess:
        server = GatehouseProcess(binary=binary, workdir=tmp_path_factory.mktemp("gatehouse"), env=env)
        started.append(server)
        return server.start()

    yield start
    for server in started:
        server.stop()


@pytest.fixture(scope="session")
def server(start_server) -> GatehouseProcess:
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
