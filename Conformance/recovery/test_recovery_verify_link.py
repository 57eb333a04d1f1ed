"""The /verify link: PKCE (?code= then /token?grant_type=pkce), the implicit flow (session in
the fragment), HEAD never spending the token, and GoTrue's error redirect for a spent one."""

from __future__ import annotations

import pytest

from recovery_support import (
    RECOVERY_SETTINGS,
    click_link,
    link_page_form,
    fragment_of,
    http,
    link_in,
    pkce_pair,
    query_of,
    register,
    request_recovery,
    wait_for_dev_mail,
)
from support import OTHER_PASSWORD, PASSWORD, assert_error, is_uuid, password_grant, refresh_grant

SITE = "https://app.gatehouse.test"
CALLBACK = f"{SITE}/auth/callback"


@pytest.fixture(scope="module")
def site_server(module_servers):
    return module_servers.start(**RECOVERY_SETTINGS, site_url=SITE)


def open_link(link: str, method: str = "GET"):
    """HEAD as a scanner sends it; GET as a person opens the link (the page, then its button)."""
    if method == "GET":
        return click_link(link)
    with http() as client:
        return client.request(method, link)


def assert_spent(link: str) -> None:
    response = open_link(link)
    assert response.status_code == 303, response.text
    location = response.headers["location"]
    error = fragment_of(location)
    assert (error.get("error"), error.get("error_code")) == ("access_denied", "otp_expired"), location
    assert error.get("error_description"), location
    assert "access_token" not in location and "code=" not in location.split("#")[0], location


def pkce_grant(server, code: str, verifier: str):
    return server.request("POST", "token", params={"grant_type": "pkce"},
                          json={"auth_code": code, "code_verifier": verifier})


def pkce_link(server, email: str, challenge: str) -> str:
    request_recovery(server, email, params={"redirect_to": CALLBACK},
                     code_challenge=challenge, code_challenge_method="s256")
    link = link_in(wait_for_dev_mail(server, email)[0]["text"])
    query = query_of(link)
    assert link.startswith(f"{server.root_url}/auth/v1/verify?"), link
    assert query["token"].startswith("pkce_") and query["type"] == "recovery", query
    assert query["redirect_to"] == CALLBACK, query
    return link


def test_pkce_recovery(site_server):
    email = register(site_server)
    verifier, challenge = pkce_pair()
    link = pkce_link(site_server, email, challenge)

    for _ in range(2):
        head = open_link(link, "HEAD")
        assert head.status_code < 400, head.status_code
    response = open_link(link)  # HEAD spent nothing
    assert response.status_code == 303, response.text
    location = response.headers["location"]
    assert location.startswith(CALLBACK + "?code="), location
    assert "access_token" not in location
    code = query_of(location)["code"]
    assert is_uuid(code), code

    exchanged = pkce_grant(site_server, code, verifier)
    assert exchanged.status_code == 200, exchanged.text
    session = exchanged.json()
    assert session["user"]["email"] == email
    claims = site_server.decode_access_token(session["access_token"])
    assert claims["sub"] == session["user"]["id"]
    assert "recovery" in [entry["method"] for entry in claims.get("amr", [])], claims

    assert_error(pkce_grant(site_server, code, verifier), 404, "flow_state_not_found")
    assert_spent(link)

    changed = site_server.request("PUT", "user", json={"password": OTHER_PASSWORD}, bearer=session["access_token"])
    assert changed.status_code == 200, changed.text
    assert password_grant(site_server, email, OTHER_PASSWORD).status_code == 200
    assert_error(password_grant(site_server, email, PASSWORD), 400, "invalid_credentials")


def test_pkce_with_the_wrong_verifier(site_server):
    email = register(site_server)
    _, challenge = pkce_pair()
    location = open_link(pkce_link(site_server, email, challenge)).headers["location"]
    code = query_of(location)["code"]
    wrong_verifier, _ = pkce_pair()
    assert_error(pkce_grant(site_server, code, wrong_verifier), 400, "bad_code_verifier")


def test_implicit_recovery_puts_the_session_in_the_fragment(site_server):
    email = register(site_server)
    request_recovery(site_server, email, params={"redirect_to": CALLBACK})
    link = link_in(wait_for_dev_mail(site_server, email)[0]["text"])
    assert not query_of(link)["token"].startswith("pkce_")

    assert open_link(link, "HEAD").status_code < 400
    response = open_link(link)
    assert response.status_code == 303, response.text
    location = response.headers["location"]
    assert location.startswith(CALLBACK + "#"), location
    fragment = fragment_of(location)
    assert fragment["type"] == "recovery" and fragment["token_type"] == "bearer", fragment
    assert int(fragment["expires_in"]) > 0 and int(fragment["expires_at"]) > 0, fragment
    claims = site_server.decode_access_token(fragment["access_token"])
    assert claims["email"] == email
    assert refresh_grant(site_server, fragment["refresh_token"]).status_code == 200
    assert response.headers.get("referrer-policy") == "no-referrer"

    assert_spent(link)


def test_recovery_link_verify_mode(module_servers):
    server = module_servers.start(**RECOVERY_SETTINGS, site_url=SITE, recovery_link="verify")
    email = register(server)
    request_recovery(server, email)
    link = link_in(wait_for_dev_mail(server, email)[0]["text"])
    assert link.startswith(f"{server.root_url}/auth/v1/verify?"), link
    assert query_of(link)["type"] == "recovery"
    location = open_link(link).headers["location"]
    assert location.startswith(SITE) and fragment_of(location).get("access_token"), location


def test_an_unknown_token_redirects_with_the_error(site_server):
    link = f"{site_server.auth_url}/verify?token=nonsense&type=recovery&redirect_to={CALLBACK}"
    response = open_link(link)
    assert response.status_code == 303, response.text
    location = response.headers["location"]
    assert location.startswith(CALLBACK + "#") or location.startswith(CALLBACK + "?"), location
    assert fragment_of(location).get("error_code") == "otp_expired", location


@pytest.mark.parametrize("pkce", [False, True])
def test_a_scanners_get_spends_nothing(site_server, pkce):
    """Mail scanners follow links: GET (and HEAD) only show a page with one button; nothing
    is spent and no token or code leaves in a redirect until the button is pressed."""
    email = register(site_server)
    if pkce:
        verifier, challenge = pkce_pair()
        link = pkce_link(site_server, email, challenge)
    else:
        request_recovery(site_server, email, params={"redirect_to": CALLBACK})
        link = link_in(wait_for_dev_mail(site_server, email)[0]["text"])
    with http() as scanner:
        for method in ["GET", "HEAD", "GET"]:
            opened = scanner.request(method, link)
            assert opened.status_code == 200, (method, opened.status_code)
            assert "location" not in opened.headers, opened.headers
            assert opened.headers.get("referrer-policy") == "no-referrer"
            assert "no-store" in opened.headers.get("cache-control", "")
        page = scanner.get(link)
    action, fields = link_page_form(page)
    assert action == f"{site_server.auth_url}/verify", action
    assert fields["type"] == "recovery" and fields["token"] == query_of(link)["token"], fields
    assert f"form-action 'self' {SITE}" in page.headers["content-security-policy"], page.headers

    response = click_link(link)
    assert response.status_code == 303, response.text
    location = response.headers["location"]
    if pkce:
        code = query_of(location)["code"]
        assert pkce_grant(site_server, code, verifier).status_code == 200
    else:
        assert fragment_of(location).get("access_token"), location
    assert_spent(link)
