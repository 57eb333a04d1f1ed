"""Helpers for the recovery and mail conformance tests: bounded waits, the dev mailbox, links
and codes in emails, the reset page, and running `gatehouse` commands with a server's env."""

from __future__ import annotations

import base64
import hashlib
import os
import re
import secrets
import signal
import subprocess
import threading
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from html.parser import HTMLParser
from typing import Any, Callable, TypeVar

import httpx

from gatehouse_server import GatehouseServer, ServerStartError, free_port, to_env
from support import PASSWORD, sign_up, unique_email

T = TypeVar("T")

# How long the outbox may take to deliver a message that can be delivered now.
DELIVERY_TIMEOUT = 20.0
CLI_TIMEOUT = 60.0

# Settings for recovery tests: no per-address window (most tests send several requests for
# one address) and quick retries.
RECOVERY_SETTINGS: dict[str, Any] = {"email_send_window": 0, "mail_retry_base_ms": 100}

RECOVERY_SUBJECT = "Reset your Gatehouse password"
CHANGED_SUBJECT = "Your Gatehouse password was changed"
CONFIRM_SUBJECT = "Confirm your Gatehouse account"
INVALID_LINK_TEXT = "This link is invalid or has expired"

LINK = re.compile(r"https?://[^\s\"'<>]+")
CODE = re.compile(r"enter this code in the app:\s*(?:<[^>]*>\s*)*(\d{6})\b")


def wait_until(probe: Callable[[], T], what: str, timeout: float = DELIVERY_TIMEOUT, interval: float = 0.1) -> T:
    """Calls `probe` until it returns something truthy, at most `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = probe()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(interval)


def http(timeout: float = 15.0) -> httpx.Client:
    return httpx.Client(timeout=timeout, trust_env=False, follow_redirects=False)


# ----- accounts and requests ----------------------------------------------------------------


def register(server: GatehouseServer, email: str | None = None, password: str = PASSWORD) -> str:
    """Signs a new address up (autoconfirm servers) and returns it."""
    email = email or unique_email("recovery")
    body = sign_up(server, email, password)
    assert "access_token" in body, body
    return email


def request_recovery(server: GatehouseServer, email: str, params: dict[str, str] | None = None, **body: Any) -> None:
    response = server.request("POST", "recover", json={"email": email, **body}, params=params)
    assert response.status_code == 200, response.text
    assert response.json() == {}, response.text


def pkce_pair() -> tuple[str, str]:
    """A code verifier and its S256 challenge."""
    verifier = secrets.token_urlsafe(48)
    digest = hashlib.sha256(verifier.encode()).digest()
    return verifier, base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def plain_smtp_settings(port: int, **extra) -> dict[str, Any]:
    """Server settings for delivery to a plain (no TLS) SMTP relay on 127.0.0.1:`port`."""
    return {
        "email_send_window": 0,
        "mail_retry_base_ms": 150,
        "mail_max_attempts": 30,
        "mail_transport": "smtp",
        "smtp_host": "127.0.0.1",
        "smtp_port": port,
        "smtp_security": "plain",
        "smtp_timeout": 5,
        **extra,
    }


def admin_mail(server: GatehouseServer) -> dict:
    """GET /admin/mail with the service role: the outbox counts and recent dead jobs."""
    response = server.request("GET", "admin/mail", bearer=server.service_role_jwt())
    assert response.status_code == 200, response.text
    return response.json()


# ----- the dev mailbox ----------------------------------------------------------------------


def dev_messages(server: GatehouseServer, address: str | None = None) -> list[dict]:
    """Messages in the dev mailbox (for one recipient if given), newest first."""
    params = {"to": address} if address else {}
    with http() as client:
        response = client.get(f"{server.root_url}/_dev/mail/api/messages", params=params)
    assert response.status_code == 200, response.text
    return response.json()["messages"]


def wait_for_dev_mail(server: GatehouseServer, address: str, subject: str = RECOVERY_SUBJECT, count: int = 1,
                      timeout: float = DELIVERY_TIMEOUT) -> list[dict]:
    """Waits until `address` has at least `count` messages with `subject`; returns them newest first."""
    def probe():
        found = [m for m in dev_messages(server, address) if m["subject"] == subject]
        return found if len(found) >= count else None
    return wait_until(probe, f"{count} x {subject!r} to {address}", timeout)


def link_in(text: str, path: str | None = None) -> str:
    """The first link in `text` (whose path is `path`, if given)."""
    for link in LINK.findall(text):
        if path is None or urllib.parse.urlsplit(link).path == path:
            return link
    raise AssertionError(f"no link{' to ' + path if path else ''} in:\n{text}")


def query_of(link: str) -> dict[str, str]:
    pairs = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query, keep_blank_values=True)
    assert all(len(v) == 1 for v in pairs.values()), link
    return {key: values[0] for key, values in pairs.items()}


def fragment_of(location: str) -> dict[str, str]:
    return {k: v[0] for k, v in urllib.parse.parse_qs(urllib.parse.urlsplit(location).fragment, keep_blank_values=True).items()}


def code_in(text: str) -> str:
    match = CODE.search(text)
    assert match, f"no 6-digit code after 'enter this code in the app:' in:\n{text}"
    return match.group(1)


def recovery_mail(server: GatehouseServer, address: str, count: int = 1) -> tuple[str, str, str]:
    """The newest recovery email to `address`: (link, token, code)."""
    message = wait_for_dev_mail(server, address, count=count)[0]
    link = link_in(message["text"])
    return link, query_of(link)["token"], code_in(message["text"])


# ----- emailed /verify links -----------------------------------------------------------------


class _LinkPage(HTMLParser):
    """The page an emailed /verify link opens: its form's action, hidden fields and buttons."""

    def __init__(self):
        super().__init__()
        self.actions: list[str] = []
        self.fields: dict[str, str] = {}
        self.buttons = 0

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "form" and (attributes.get("method") or "").lower() == "post":
            self.actions.append(attributes.get("action") or "")
        elif tag == "input" and (attributes.get("type") or "").lower() == "hidden" and attributes.get("name"):
            self.fields[attributes["name"]] = attributes.get("value") or ""
        elif tag == "button":
            self.buttons += 1


def link_page_form(page: httpx.Response) -> tuple[str, dict[str, str]]:
    """The one form of a /verify link page: (absolute action URL, its fields)."""
    parser = _LinkPage()
    parser.feed(page.text)
    assert len(parser.actions) == 1 and parser.buttons == 1, f"expected one form with one button:\n{page.text}"
    return urllib.parse.urljoin(str(page.url), parser.actions[0]), parser.fields


def click_link(link: str, client: httpx.Client | None = None) -> httpx.Response:
    """Opens an emailed /verify link as a person does: the GET shows a page with one button
    (a mail scanner's GET spends nothing), and the button's POST spends the link and answers
    303 into the app. A link that cannot be used answers the GET with GoTrue's error redirect."""
    def run(browser: httpx.Client) -> httpx.Response:
        page = browser.get(link)
        if page.status_code != 200:
            return page
        action, fields = link_page_form(page)
        return browser.post(action, data=fields)
    if client is not None:
        return run(client)
    with http() as browser:
        return run(browser)


# ----- the reset page ------------------------------------------------------------------------


class _HiddenInputs(HTMLParser):
    def __init__(self):
        super().__init__()
        self.fields: dict[str, str] = {}

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "input" and (attributes.get("type") or "").lower() == "hidden" and attributes.get("name"):
            self.fields[attributes["name"]] = attributes.get("value") or ""


class _VisibleText(HTMLParser):
    SKIP = {"script", "style", "head", "template"}

    def __init__(self):
        super().__init__()
        self.parts: list[str] = []
        self._skipping = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIP:
            self._skipping += 1

    def handle_endtag(self, tag):
        if tag in self.SKIP and self._skipping:
            self._skipping -= 1

    def handle_data(self, data):
        if not self._skipping and data.strip():
            self.parts.append(" ".join(data.split()))


def visible_text(page: str) -> str:
    """What a person reads on an HTML page (no attributes, scripts or styles)."""
    parser = _VisibleText()
    parser.feed(page)
    return " ".join(parser.parts)


def says_link_invalid(response: httpx.Response) -> bool:
    return INVALID_LINK_TEXT in visible_text(response.text)


def hidden_fields(page: str) -> dict[str, str]:
    parser = _HiddenInputs()
    parser.feed(page)
    return parser.fields


class ResetBrowser:
    """A browser on the reset page: keeps its cookies, opens a link, and submits the form it
    got (with all of the form's hidden fields, as a browser would) any number of times."""

    def __init__(self, server: GatehouseServer):
        self.server = server
        self.client = http()
        self.fields: dict[str, str] = {}

    def __enter__(self) -> "ResetBrowser":
        return self

    def __exit__(self, *exc) -> None:
        self.client.close()

    def open(self, link: str) -> httpx.Response:
        response = self.client.get(link)
        self.fields = hidden_fields(response.text) or self.fields
        return response

    def open_token(self, token: str) -> httpx.Response:
        return self.open(f"{self.server.root_url}/reset-password?{urllib.parse.urlencode({'token': token})}")

    def submit(self, password: str, confirm: str | None = None, **overrides: str) -> httpx.Response:
        data = {**self.fields, "password": password, "confirm": password if confirm is None else confirm, **overrides}
        return self.client.post(f"{self.server.root_url}/reset-password", data=data,
                                headers={"Origin": self.server.root_url})


def reset_with_page(server: GatehouseServer, token: str, password: str) -> httpx.Response:
    """Opens the reset page for `token` and submits `password` (twice, as the form asks)."""
    with ResetBrowser(server) as browser:
        form = browser.open_token(token)
        assert form.status_code == 200, f"the reset form did not open: {form.status_code}"
        return browser.submit(password)


# ----- processes ----------------------------------------------------------------------------


def server_env(server: GatehouseServer, **overrides: Any) -> dict[str, str]:
    """The environment `server` was started with (its settings, data dir, secret, database),
    plus `overrides` (settings names as for ServerFactory.start), for `gatehouse` commands."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GATEHOUSE_")}
    env.update(to_env(server.settings))
    env.update(
        GATEHOUSE_HOST="127.0.0.1",
        GATEHOUSE_PORT=str(server.port),
        GATEHOUSE_DATA_DIR=str(server.workdir / "data"),
        GATEHOUSE_JWT_SECRET=server.jwt_secret,
        GATEHOUSE_LOG_LEVEL="error",
    )
    database_url = _database_url(server)
    if database_url:
        env["GATEHOUSE_DATABASE_URL"] = database_url
    env.update(to_env(overrides))
    return env


def _database_url(server: GatehouseServer) -> str | None:
    # The harness keeps the per-server PostgreSQL database private; commands that must share
    # it (and a restarted server) need its URL.
    if server._pg is None or server._database is None:
        return None
    return server._pg._url_for(server._database)


def run_gatehouse(server: GatehouseServer, *args: str, **overrides: Any) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(server.config.binary), *args],
        env=server_env(server, **overrides),
        cwd=server.workdir,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=CLI_TIMEOUT,
    )


def kill_and_restart(server: GatehouseServer) -> None:
    """SIGKILLs the server (no graceful shutdown) and starts it again on the same data
    directory and database, on the same port if it is free."""
    proc = server.proc
    assert proc is not None and proc.poll() is None, "the server is not running"
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    server._stop_process()  # closes the log and forgets the dead process
    database_url = _database_url(server)
    for attempt in range(3):
        try:
            server._spawn(database_url)
            server._wait_healthy()
            return
        except ServerStartError:
            in_use = "address already in use" in server.log_tail().lower()
            server._stop_process()
            if not in_use or attempt == 2:
                raise
            server.port = free_port()


def race(requests: list) -> list[httpx.Response]:
    """Runs the callables (each takes an httpx.Client) at the same moment, one thread each."""
    barrier = threading.Barrier(len(requests), timeout=30)

    def run(send):
        with httpx.Client(timeout=60, trust_env=False) as client:
            barrier.wait()
            return send(client)

    with ThreadPoolExecutor(max_workers=len(requests)) as pool:
        return list(pool.map(run, requests, timeout=120))
