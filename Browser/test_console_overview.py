"""The admin console's overview: totals and per-hour charts drawn on the server as
SVG. The charts render under the console's Content-Security-Policy (the `page` fixture fails
the test on any CSP violation), and the page is whole with JavaScript off."""

from __future__ import annotations

import os
import subprocess

import pytest
from playwright.sync_api import expect

from helpers import PASSWORD, confirmed_account, unique_email

SERIES = ["Sign-ins", "Failed sign-ins", "Recovery requests", "Emails sent", "Emails failed"]


def promote(server, email: str) -> None:
    """`gatehouse users promote EMAIL` on the server's own store, as an operator would run it."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GATEHOUSE_")}
    env.update(GATEHOUSE_DATA_DIR=str(server.workdir / "data"), GATEHOUSE_JWT_SECRET=server.jwt_secret)
    if server.database_url:
        env["GATEHOUSE_DATABASE_URL"] = server.database_url
    result = subprocess.run(
        [str(server.config.binary), "users", "promote", email], env=env, cwd=server.workdir,
        capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.fixture(scope="module")
def server(start_server):
    """A server of this module's own: the charts count exactly the activity below, whatever the
    other browser tests did on the shared server before."""
    return start_server()


@pytest.fixture(scope="module")
def operator(server) -> str:
    """An operator, and some activity for the charts: a failed sign-in, a recovery request."""
    email = confirmed_account(server, "overview-operator")
    promote(server, email)
    status, _ = server.api("POST", "/token?grant_type=password", {"email": email, "password": "not the password"})
    assert status == 400
    status, _ = server.api("POST", "/recover", {"email": unique_email("nobody")})
    assert status == 200
    return email


def console_sign_in(page, server, email: str) -> None:
    page.goto(server.url("/admin/login"))
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page).to_have_url(server.url("/admin"))


def check_overview(page) -> None:
    expect(page.get_by_role("heading", level=1)).to_have_text("Overview")
    expect(page.locator("svg[role=img]")).to_have_count(len(SERIES))
    for name in SERIES:
        expect(page.get_by_role("heading", level=3, name=name, exact=True)).to_be_visible()
    # Each chart is an image named by its caption, drawn at a real size, with 168 hourly bars.
    sign_ins = page.get_by_role("img", name="sign-ins in 7 days", exact=False).first
    expect(sign_ins).to_be_visible()
    box = sign_ins.bounding_box()
    assert box and box["width"] > 300 and box["height"] > 80, box
    assert page.locator("#sign-ins-heading ~ figure rect").count() == 168
    # The failed sign-in and the console sign-in are on the charts and in the last day's cards.
    expect(page.locator("#failed-sign-ins-caption")).to_contain_text("1 failed sign-in in 7 days")
    expect(page.locator("#recovery-requests-caption")).to_contain_text("1 recovery request in 7 days")
    failed = page.locator(".overview-card", has=page.get_by_role("link", name="Failed sign-ins", exact=True))
    expect(failed.locator("dd")).to_have_text("1")


def test_overview_renders_its_charts_under_the_csp(page, server, operator, shoot):
    console_sign_in(page, server, operator)
    response = page.request.get(server.url("/admin"))
    policy = response.headers.get("content-security-policy", "")
    assert "style-src" in policy and "'unsafe-inline'" not in policy, policy
    check_overview(page)
    # A bar's tooltip names its hour and count; the numbers are also a table, one row an hour.
    assert "UTC: " in page.locator("#sign-ins-heading ~ figure rect title").last.text_content()
    page.locator("#sign-ins-heading ~ details summary").click()
    table = page.locator("#sign-ins-heading ~ details table")
    expect(table).to_be_visible()
    expect(table.locator("tbody tr")).to_have_count(168)
    page.locator("#sign-ins-heading ~ details summary").click()
    # The cards lead to the pages that list what they count.
    page.get_by_role("link", name="Failed sign-ins", exact=True).click()
    expect(page).to_have_url(server.url("/admin/events?action=login_failed"))
    page.go_back()
    shoot(page, "console-overview")


def test_overview_works_without_javascript(new_page, server, operator):
    page = new_page(java_script_enabled=False)
    console_sign_in(page, server, operator)
    check_overview(page)
    # <details> opens without a script.
    page.locator("#failed-sign-ins-heading ~ details summary").click()
    expect(page.locator("#failed-sign-ins-heading ~ details table")).to_be_visible()


def test_overview_needs_a_console_sign_in(page, server):
    page.goto(server.url("/admin"))
    expect(page).to_have_url(server.url("/admin/login"))
