"""GoTrue's web redirect flow through the official client: supabase-auth's `sign_in_with_oauth`
(PKCE) opens `/authorize`, a real OpenID provider (oidc-provider-mock) authorizes the person on
its form, `/callback` sends the browser back with a code, and `exchange_code_for_session` turns
it into a session. The browser is an httpx client that keeps cookies, as a browser does: the
flow's state is bound to it. supabase-auth accepts only the provider names GoTrue knows, so the
mock is configured as the custom provider `keycloak` (GoTrue's generic OpenID Connect one)."""

from __future__ import annotations

import urllib.parse
import uuid

import httpx
import pytest
from supabase_auth import SyncGoTrueClient

from oidc_issuers import oidc_mock, provider_settings  # noqa: F401 (oidc_mock is a fixture)
from support import unique_email


PROVIDER = "keycloak"


@pytest.fixture(scope="module")
def redirect_server(module_servers, oidc_mock):  # noqa: F811
    return module_servers.start(**{**provider_settings(mock=oidc_mock), "external_oidc_name": PROVIDER})


def person_at_provider(mock, email: str) -> str:
    """A person the provider knows, under a new subject, with a verified address."""
    sub = f"redirect-{uuid.uuid4().hex[:12]}"
    with httpx.Client(base_url=mock.url, timeout=10.0, trust_env=False) as client:
        stored = client.put(f"/users/{urllib.parse.quote(sub, safe='')}", json={"email": email, "email_verified": True})
        assert stored.status_code == 204, stored.text
    return sub


def through_the_browser(start_url: str, sub: str) -> dict[str, str]:
    """Follows the flow as a browser would: Gatehouse's /authorize, the provider's form
    (authorizing `sub`), Gatehouse's /callback. Returns the query of where the app is sent."""
    with httpx.Client(timeout=10.0, trust_env=False, follow_redirects=False) as browser:
        to_provider = browser.get(start_url)
        assert to_provider.status_code == 302, to_provider.text
        authorized = browser.post(to_provider.headers["location"], data={"sub": sub})
        assert authorized.status_code == 302, authorized.text
        callback = authorized.headers["location"]
        assert "/auth/v1/callback" in callback, callback
        to_app = browser.get(callback)
        assert to_app.status_code in (302, 303), to_app.text
        return dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(to_app.headers["location"]).query))


def pkce_client(server) -> SyncGoTrueClient:
    return SyncGoTrueClient(url=server.auth_url, auto_refresh_token=False, flow_type="pkce")


def test_sign_in_with_oauth_then_exchange_code_for_session(redirect_server, oidc_mock):  # noqa: F811
    email = unique_email("redirect")
    sub = person_at_provider(oidc_mock, email)
    client = pkce_client(redirect_server)
    started = client.sign_in_with_oauth({"provider": PROVIDER})
    assert "code_challenge=" in started.url and f"provider={PROVIDER}" in started.url, started.url

    answer = through_the_browser(started.url, sub)
    assert "code" in answer and "access_token" not in answer, answer

    response = client.exchange_code_for_session({"auth_code": answer["code"]})
    assert response.session is not None
    assert response.user.email == email
    assert [(identity.provider, identity.id) for identity in response.user.identities] == [(PROVIDER, sub)]
    assert client.get_user().user.id == response.user.id

    # The code is spent: a second exchange is refused.
    again = pkce_client(redirect_server)
    with pytest.raises(Exception):
        again.exchange_code_for_session({"auth_code": answer["code"], "code_verifier": "x" * 43})


def test_a_state_replayed_from_another_browser_is_refused(redirect_server, oidc_mock):  # noqa: F811
    sub = person_at_provider(oidc_mock, unique_email("replay"))
    started = pkce_client(redirect_server).sign_in_with_oauth({"provider": PROVIDER})
    with httpx.Client(timeout=10.0, trust_env=False, follow_redirects=False) as victim:
        to_provider = victim.get(started.url)
        callback = victim.post(to_provider.headers["location"], data={"sub": sub}).headers["location"]
    # Another browser (no binding cookie) opens the callback: no code, GoTrue's error form.
    with httpx.Client(timeout=10.0, trust_env=False, follow_redirects=False) as attacker:
        answer = attacker.get(callback)
    assert answer.status_code in (302, 303), answer.text
    location = answer.headers["location"]
    query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(location).query))
    assert "code" not in query and "access_token" not in location, location
    assert query.get("error_code") == "bad_oauth_state", location
