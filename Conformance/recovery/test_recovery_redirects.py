"""redirect_to on /recover: allowed targets (the site's origin, exact URLs and globs of the
allow-list) go into the link and receive the browser; anything else falls back to the site URL."""

from __future__ import annotations

import pytest

from recovery_support import (
    RECOVERY_SETTINGS,
    click_link,
    fragment_of,
    http,
    link_in,
    query_of,
    register,
    request_recovery,
    wait_for_dev_mail,
)

SITE = "https://app.gatehouse.test"
ALLOW_LIST = "myapp://auth/callback, https://*.partner.gatehouse.test/reset"


@pytest.fixture(scope="module")
def site_server(module_servers):
    return module_servers.start(**RECOVERY_SETTINGS, site_url=SITE, redirect_allow_list=ALLOW_LIST)


def recovery_link(server, redirect_to: str) -> str:
    email = register(server)
    request_recovery(server, email, params={"redirect_to": redirect_to})
    return link_in(wait_for_dev_mail(server, email)[0]["text"])


def follow(link: str) -> str:
    response = click_link(link)
    assert response.status_code == 303, (response.status_code, response.text)
    return response.headers["location"]


@pytest.mark.parametrize("target", [
    f"{SITE}/account/reset",                       # the site's own origin
    "myapp://auth/callback",                       # exact entry
    "https://eu.partner.gatehouse.test/reset",     # glob entry
    "https://APP.gatehouse.test:443/account",      # the host case-folded, the default port
])
def test_an_allowed_redirect_is_used(site_server, target):
    link = recovery_link(site_server, target)
    assert link.startswith(f"{site_server.root_url}/auth/v1/verify?"), link
    query = query_of(link)
    assert query["type"] == "recovery" and query["redirect_to"] == target, query
    location = follow(link)
    assert location.startswith(target + "#"), location
    fragment = fragment_of(location)
    assert fragment["type"] == "recovery" and fragment["access_token"], fragment


@pytest.mark.parametrize("target", [
    "https://evil.example/steal",
    "https://app.gatehouse.test.evil.example/",            # the site URL as a prefix
    "https://eu.evil.partner.gatehouse.test.example/reset",  # a glob's * stops at '.'
    "https://a.b.partner.gatehouse.test/reset",            # … so one label only
    "myapp://auth/callback/../../other",
    "javascript:alert(1)",
    # A browser reads these differently from a lax parser …
    "https://evil.example\\@app.gatehouse.test/",
    "https://app.gatehouse.test@evil.example/",
    "//evil.example/",
    "https:evil.example",
    "https://evil.example%2f@app.gatehouse.test/",
    "https://app.gatehouse.test\t.evil.example/",
    "https://app.gatehouse.test:8443/",
    # … and a glob's `*` stays within one host label (11.2).
    "https://16909060?.partner.gatehouse.test/reset",
    "https://16909060#.partner.gatehouse.test/reset",
    "https://16909060@.partner.gatehouse.test/reset",
    "https://16909060\\.partner.gatehouse.test/reset",
])
def test_a_disallowed_redirect_falls_back_to_the_site_url(site_server, target):
    link = recovery_link(site_server, target)
    query = query_of(link)
    assert query["redirect_to"] == SITE, query
    location = follow(link)
    assert location.startswith(SITE + "#") or location.startswith(SITE + "/#"), location
    assert target not in location


def test_links_use_the_external_url(module_servers):
    server = module_servers.start(**RECOVERY_SETTINGS, external_url="https://auth.gatehouse.test/")
    email = register(server)
    request_recovery(server, email)
    link = link_in(wait_for_dev_mail(server, email)[0]["text"])
    assert link.startswith("https://auth.gatehouse.test/reset-password?token="), link
