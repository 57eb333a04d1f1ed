"""POST /token?grant_type=refresh_token: rotation, the reuse grace window, reuse detection."""

from __future__ import annotations

import random
import time
from concurrent.futures import ThreadPoolExecutor

from support import (
    PASSWORD,
    api_error,
    assert_error,
    new_user_with_session,
    refresh_grant,
    sign_in,
    unique_email,
)

REVOKED_CODES = ("session_not_found", "refresh_token_not_found", "refresh_token_already_used")


def refreshed(server, refresh_token: str) -> dict:
    response = refresh_grant(server, refresh_token)
    assert response.status_code == 200, response.text
    return response.json()


def test_refresh_rotates_the_refresh_token(server):
    first = new_user_with_session(server)
    second = refreshed(server, first["refresh_token"])
    assert second["refresh_token"] != first["refresh_token"]
    assert second["user"]["id"] == first["user"]["id"]
    assert second["token_type"] == "bearer"

    claims = server.decode_access_token(second["access_token"])
    assert claims["session_id"] == server.decode_access_token(first["access_token"])["session_id"]
    me = server.request("GET", "user", bearer=second["access_token"])
    assert me.status_code == 200 and me.json()["id"] == first["user"]["id"]

    third = refreshed(server, second["refresh_token"])
    assert third["refresh_token"] not in (first["refresh_token"], second["refresh_token"])


def test_refresh_with_the_official_client(server):
    email = unique_email()
    new_user_with_session(server, email)
    client = server.client()
    old = client.sign_in_with_password({"email": email, "password": PASSWORD}).session
    new = client.refresh_session().session
    assert new.refresh_token != old.refresh_token
    assert client.get_session().refresh_token == new.refresh_token
    assert client.get_user().user.id == old.user.id


def test_reuse_within_the_grace_window_returns_the_current_token(server):
    first = new_user_with_session(server)
    second = refreshed(server, first["refresh_token"])
    # The client lost the answer and retries with the old token (reuse interval is 10 s).
    retried = refreshed(server, first["refresh_token"])
    assert retried["refresh_token"] == second["refresh_token"]
    assert retried["user"]["id"] == first["user"]["id"]
    # The current token keeps working.
    refreshed(server, second["refresh_token"])


def test_concurrent_refreshes_of_one_token_agree(server):
    # Several tabs (or a client's retry) refresh with the same token at once: every one of
    # them gets the same new token, and the session does not fork.
    first = new_user_with_session(server)
    with ThreadPoolExecutor(max_workers=6) as pool:
        responses = list(pool.map(lambda _: refresh_grant(server, first["refresh_token"]), range(6)))
    assert [response.status_code for response in responses] == [200] * 6, [r.text for r in responses]
    tokens = {response.json()["refresh_token"] for response in responses}
    assert len(tokens) == 1, tokens
    refreshed(server, tokens.pop())


def test_reuse_after_the_grace_window_revokes_the_session(server_factory):
    strict = server_factory.start(refresh_token_reuse_interval=1)
    email = unique_email()
    first = new_user_with_session(strict, email)
    second = refreshed(strict, first["refresh_token"])
    time.sleep(2)

    with api_error(400, "refresh_token_already_used"):
        strict.client().refresh_session(first["refresh_token"])

    # The whole session is dead: its current refresh token and its access token.
    response = refresh_grant(strict, second["refresh_token"])
    assert response.status_code == 400, response.text
    assert response.json().get("code") in REVOKED_CODES, response.text
    assert_error(strict.request("GET", "user", bearer=second["access_token"]), 403, "session_not_found")

    # The account itself is fine: a new sign-in works.
    assert "access_token" in sign_in(strict, email)


def test_refresh_reloads_the_user(server):
    first = new_user_with_session(server)
    server.admin().update_user_by_id(first["user"]["id"], {"user_metadata": {"plan": "pro"}})
    second = refreshed(server, first["refresh_token"])
    assert second["user"]["user_metadata"].get("plan") == "pro"
    assert server.decode_access_token(second["access_token"])["user_metadata"].get("plan") == "pro"


def test_unknown_refresh_token(server):
    real = new_user_with_session(server)["refresh_token"]
    # Same length and alphabet as a real token, so it passes any format check.
    alphabet = sorted(set(real))
    fake = "".join(random.choice(alphabet) for _ in real)
    response = refresh_grant(server, fake)
    assert response.status_code == 400, response.text
    # A token of a plausible format is unknown; a server that checks a MAC may call it invalid.
    assert response.json().get("code") in ("refresh_token_not_found", "validation_failed"), response.text

    assert_error(refresh_grant(server, ""), 400, "validation_failed")
