"""CORS of the real binary: which origins a browser lets read the API's answers
(`GATEHOUSE_CORS_ALLOWED_ORIGINS`; by default the site URL's origin and the redirect allow-list's
origins), what their preflights allow (the methods and headers the official clients send, PATCH
included), no CORS at all for any other origin, and a setting that is not a list of origins
stopping the start with an error that names it."""
from __future__ import annotations

import httpx
import pytest

from gatehouse_server import ServerStartError

SITE = "https://app.example.com"
CLIENT_HEADERS = "authorization, apikey, content-type, x-client-info, x-supabase-api-version"


def preflight(server, path: str, origin: str, method: str = "POST") -> httpx.Response:
    with httpx.Client(timeout=15.0, trust_env=False) as http:
        return http.options(server.url(path), headers={
            "Origin": origin, "Access-Control-Request-Method": method, "Access-Control-Request-Headers": CLIENT_HEADERS})


def answer(server, path: str, origin: str) -> httpx.Response:
    with httpx.Client(timeout=15.0, trust_env=False) as http:
        return http.get(server.url(path), headers={"Origin": origin})


def cors_headers(response: httpx.Response) -> list[str]:
    return sorted(name for name in response.headers if name.lower().startswith("access-control-"))


def listed(value: str | None) -> set[str]:
    return {part.strip().lower() for part in (value or "").split(",") if part.strip()}


def test_by_default_the_site_and_the_redirect_list_are_allowed(server_factory):
    server = server_factory.start(site_url=SITE + "/app", redirect_allow_list="http://localhost:*/callback")
    allowed = preflight(server, "/auth/v1/passkeys/3f2a", SITE, method="PATCH")
    assert allowed.status_code == 204, allowed.text
    assert allowed.headers["access-control-allow-origin"] == SITE
    assert "origin" in listed(allowed.headers.get("vary"))
    assert listed(allowed.headers["access-control-allow-methods"]) == {"get", "post", "put", "patch", "delete", "options"}
    assert listed(CLIENT_HEADERS) <= listed(allowed.headers["access-control-allow-headers"])
    assert "access-control-allow-credentials" not in allowed.headers
    dev = preflight(server, "/auth/v1/token", "http://localhost:5173")
    assert dev.headers.get("access-control-allow-origin") == "http://localhost:5173", dev.headers
    read = answer(server, "/auth/v1/settings", SITE)
    assert read.headers.get("access-control-allow-origin") == SITE
    assert "x-supabase-api-version" in listed(read.headers.get("access-control-expose-headers"))

    for origin in ["https://evil.example", "null", "http://app.example.com", "https://app.example.com.evil.example"]:
        refused = preflight(server, "/auth/v1/token", origin)
        assert cors_headers(refused) == [], (origin, refused.headers)
        assert cors_headers(answer(server, "/auth/v1/settings", origin)) == [], origin


def test_the_setting_replaces_the_default(server_factory):
    server = server_factory.start(site_url=SITE, cors_allowed_origins="https://other.example, capacitor://localhost")
    for origin in ["https://other.example", "capacitor://localhost"]:
        assert preflight(server, "/auth/v1/token", origin).headers.get("access-control-allow-origin") == origin
    assert cors_headers(preflight(server, "/auth/v1/token", SITE)) == []


def test_star_only_when_set_and_never_with_credentials(server_factory):
    server = server_factory.start(cors_allowed_origins="*")
    reply = preflight(server, "/auth/v1/token", "https://anywhere.example")
    assert reply.headers.get("access-control-allow-origin") == "*", reply.headers
    assert "access-control-allow-credentials" not in reply.headers
    assert cors_headers(answer(server, "/_dev/mail/api/messages", "https://anywhere.example")) == []


@pytest.mark.parametrize("value", ["https://app.example.com/login", "https://*.example.com", "https://a.example,*", "null"])
def test_a_value_that_is_not_an_origin_stops_the_start(server_factory, value):
    with pytest.raises(ServerStartError) as failed:
        server_factory.start(cors_allowed_origins=value)
    assert "GATEHOUSE_CORS_ALLOWED_ORIGINS" in str(failed.value), str(failed.value)[-2000:]
