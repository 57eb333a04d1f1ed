"""In a real browser: an emailed /verify link opens a page with one button, and its
press sends the browser into the app (another origin) with the session, which the page's
Content-Security-Policy must allow (browsers apply form-action to the redirect of a form post)."""

from __future__ import annotations

import urllib.parse

import pytest
from playwright.sync_api import expect

from helpers import confirmed_account, mailbox_link

APP = "https://app.gatehouse.test"
CALLBACK = APP + "/auth/callback"


@pytest.fixture(scope="module")
def app_server(start_server):
    return start_server(GATEHOUSE_SITE_URL=APP)


def test_the_link_page_sends_the_browser_into_the_app(new_page, app_server):
    page = new_page()
    arrived = []

    def app(route):
        arrived.append(route.request.url)
        route.fulfill(status=200, content_type="text/html", body="<!doctype html><title>app</title><h1>App</h1>")

    page.route(APP + "/**", app)
    email = confirmed_account(app_server, "verifypage")
    query = urllib.parse.urlencode({"redirect_to": CALLBACK})
    status, body = app_server.api("POST", "/recover?" + query, {"email": email})
    assert status == 200, body
    link = mailbox_link(app_server, email, "/verify?token=", count=2)

    page.goto(link)
    expect(page.get_by_role("heading", name="Reset your password")).to_be_visible()
    assert "token=" not in page.url  # moved into the form (11.18)
    assert not arrived, arrived       # opening spent nothing and went nowhere
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_role("heading", name="App")).to_be_visible()
    assert page.url.startswith(CALLBACK + "#"), page.url
    fragment = urllib.parse.parse_qs(urllib.parse.urlsplit(page.url).fragment)
    assert fragment["type"] == ["recovery"] and fragment["access_token"], fragment
