"""POST /logout?scope=global|local|others."""

from __future__ import annotations

from support import PASSWORD, assert_error, new_user_with_session, refresh_grant, unique_email

REVOKED_CODES = ("session_not_found", "refresh_token_not_found")


def three_sessions(server):
    """Three clients signed in as the same user, and each one's refresh token."""
    email = unique_email()
    new_user_with_session(server, email)
    clients = []
    for _ in range(3):
        client = server.client()
        client.sign_in_with_password({"email": email, "password": PASSWORD})
        clients.append(client)
    return clients, [client.get_session().refresh_token for client in clients]


def alive(server, refresh_tokens) -> list[bool]:
    """Which sessions still refresh; a dead one must fail the way GoTrue fails it."""
    result = []
    for token in refresh_tokens:
        response = refresh_grant(server, token)
        if response.status_code == 200:
            result.append(True)
        else:
            assert response.status_code == 400, response.text
            assert response.json().get("code") in REVOKED_CODES, response.text
            result.append(False)
    return result


def test_sign_out_global_ends_every_session(server):
    clients, tokens = three_sessions(server)
    clients[0].sign_out()  # scope defaults to global
    assert clients[0].get_session() is None
    assert alive(server, tokens) == [False, False, False]


def test_sign_out_local_ends_only_this_session(server):
    clients, tokens = three_sessions(server)
    clients[0].sign_out({"scope": "local"})
    assert clients[0].get_session() is None
    assert alive(server, tokens) == [False, True, True]


def test_sign_out_others_keeps_only_this_session(server):
    clients, tokens = three_sessions(server)
    clients[0].sign_out({"scope": "others"})
    assert clients[0].get_session() is not None
    assert alive(server, tokens) == [True, False, False]


def test_logout_answers_204_and_the_access_token_stops_working(server):
    session = new_user_with_session(server)
    response = server.request("POST", "logout", bearer=session["access_token"])
    assert response.status_code == 204, response.text
    assert response.content == b""
    assert_error(server.request("GET", "user", bearer=session["access_token"]), 403, "session_not_found")


def test_logout_accepts_a_json_content_type_with_an_empty_body(server):
    # What supabase-py sends: Content-Type with a charset on a body-less POST.
    session = new_user_with_session(server)
    response = server.request(
        "POST",
        "logout",
        params={"scope": "local"},
        content=b"",
        headers={"Content-Type": "application/json;charset=UTF-8"},
        bearer=session["access_token"],
    )
    assert response.status_code == 204, response.text


def test_logout_needs_a_bearer_token(server):
    assert_error(server.request("POST", "logout"), 401, "no_authorization")


def test_logout_with_an_unknown_scope(server):
    session = new_user_with_session(server)
    response = server.request("POST", "logout", params={"scope": "everywhere"}, bearer=session["access_token"])
    assert_error(response, 400, "validation_failed")
    # Nothing was revoked.
    assert refresh_grant(server, session["refresh_token"]).status_code == 200
