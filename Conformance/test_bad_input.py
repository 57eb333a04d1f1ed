"""Malformed input is the client's fault: a broken chunked body, a NUL
byte in a string that would reach the database, and JSON nested past the bound are answered
4xx with the usual JSON error, never 5xx; and a deeply nested value already stored does not
break later reads."""

from __future__ import annotations

import json
import socket
import sqlite3
import subprocess
import time

import httpx
import pytest

from support import sign_up, unique_email

MAX_DEPTH = 32


def raw_request(server, request: bytes, timeout: float = 10.0) -> tuple[int, bytes]:
    """Sends `request` as is and returns the status and body of the first answer."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=timeout) as connection:
        connection.sendall(request)
        data = b""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                chunk = connection.recv(65536)
            except (ConnectionResetError, socket.timeout):
                break
            if not chunk:
                break
            data += chunk
            head, _, body = data.partition(b"\r\n\r\n")
            if _ and b"content-length:" in head.lower():
                length = int(head.lower().split(b"content-length:")[1].split(b"\r\n")[0])
                if len(body) >= length:
                    return int(data.split(b" ")[1]), body[:length]
    assert data.startswith(b"HTTP/1.1 "), f"no HTTP answer: {data[:200]!r}"
    return int(data.split(b" ")[1]), data.partition(b"\r\n\r\n")[2]


def chunked_signup(server, chunks: bytes) -> bytes:
    return (
        b"POST /auth/v1/signup HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"X-Supabase-Api-Version: 2024-01-01\r\nTransfer-Encoding: chunked\r\n\r\n" + chunks
    )


@pytest.mark.parametrize("chunks", [
    pytest.param(b"zz\r\n{}\r\n0\r\n\r\n", id="bad-chunk-size"),
    pytest.param(b"2;ext=a\x00b\r\n{}\r\n0\r\n\r\n", id="nul-in-chunk-extension"),
    pytest.param(b"-2\r\n{}\r\n0\r\n\r\n", id="negative-chunk-size"),
    pytest.param(b"ffffffffffffffffff\r\n{}\r\n0\r\n\r\n", id="huge-chunk-size"),
])
def test_a_malformed_chunked_body_is_a_400_with_the_json_error(server, chunks):
    status, body = raw_request(server, chunked_signup(server, chunks))
    assert status == 400, (status, body)
    answer = json.loads(body)
    assert answer["code"] == "bad_json", answer
    assert server.request("GET", "health", root=True).status_code == 200


@pytest.mark.parametrize("role", ["\x00", "x\x00y"])
def test_a_nul_in_a_query_parameter_is_a_400_naming_it(server, role):
    response = server.request("GET", "admin/users", params={"role": role}, bearer=server.service_role_jwt())
    assert response.status_code == 400, response.text
    assert response.json()["code"] == "validation_failed", response.text
    assert "role" in response.json()["message"], response.text


@pytest.mark.parametrize("body, field", [
    ({"email": "a\x00b@example.com", "password": "a-fine-password"}, "email"),
    ({"email": "PLACEHOLDER", "password": "a-fine-\x00password"}, "password"),
    ({"email": "PLACEHOLDER", "password": "a-fine-password", "data": {"name": "x\x00y"}}, "data.name"),
    ({"email": "PLACEHOLDER", "password": "a-fine-password", "data": {"na\x00me": "x"}}, "data"),
])
def test_a_nul_in_a_json_string_is_refused_naming_the_field(server, body, field):
    email = unique_email("nul")
    body = {**body, "email": email} if body["email"] == "PLACEHOLDER" else body
    response = server.request("POST", "signup", json=body)
    assert response.status_code in (400, 422), response.text
    assert field in response.json()["message"].lower(), response.text
    assert server.request("POST", "token?grant_type=password",
                          json={"email": email, "password": "a-fine-password"}).status_code == 400


def nested(depth: int) -> str:
    """A JSON object `depth` levels deep counting itself: {"a":{"a":…{}…}}."""
    return '{"a":' * (depth - 1) + "{}" + "}" * (depth - 1)


def test_json_nested_past_the_bound_is_refused_and_nothing_stored(server):
    email = unique_email("deep")
    too_deep = f'{{"email":"{email}","password":"a-fine-password","data":{nested(MAX_DEPTH)}}}'
    response = server.request("POST", "signup", content=too_deep, headers={"Content-Type": "application/json"})
    assert response.status_code == 400, response.text
    assert response.json()["code"] == "bad_json", response.text
    assert str(MAX_DEPTH) in response.json()["message"], response.text
    assert server.request("POST", "token?grant_type=password",
                          json={"email": email, "password": "a-fine-password"}).status_code == 400

    fits = f'{{"email":"{email}","password":"a-fine-password","data":{nested(MAX_DEPTH - 1)}}}'
    response = server.request("POST", "signup", content=fits, headers={"Content-Type": "application/json"})
    assert response.status_code == 200, response.text


def test_the_json_depth_is_a_setting(server_factory):
    server = server_factory.start(max_json_depth=4)
    body = f'{{"email":"{unique_email("d4")}","password":"a-fine-password","data":{nested(4)}}}'
    response = server.request("POST", "signup", content=body, headers={"Content-Type": "application/json"})
    assert response.status_code == 400 and "4" in response.json()["message"], response.text


def run_sql(server, sql: str, parameters: tuple) -> None:
    if server.config.db == "sqlite":
        with sqlite3.connect(server.workdir / "data" / "gatehouse.sqlite") as database:
            database.execute(sql.replace("%s", "?"), parameters)
        return
    # psql with its variables, so the value needs no quoting here.
    names = [f"v{i}" for i in range(len(parameters))]
    for name in names:
        sql = sql.replace("%s", f":'{name}'", 1)
    arguments = [argument for name, value in zip(names, parameters) for argument in ("-v", f"{name}={value}")]
    url = server._pg._url_for(server._database)
    result = subprocess.run([server.config.psql, "-X", "-q", "-v", "ON_ERROR_STOP=1", *arguments, "-d", url],
                            input=sql, capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("depth", [100, 511, 5000])
def test_a_deeply_nested_stored_value_does_not_break_reads(server_factory, depth):
    server = server_factory.start()
    victim = sign_up(server, unique_email("stored-deep"))
    other = sign_up(server, unique_email("bystander"))
    run_sql(server, "UPDATE users SET raw_user_meta_data = %s, raw_app_meta_data = %s WHERE email = %s",
            (nested(depth), nested(depth), victim["user"]["email"]))

    started = time.monotonic()
    response = server.request("GET", "user", bearer=victim["access_token"])
    assert response.status_code == 200, response.text
    assert response.json()["email"] == victim["user"]["email"]
    listing = server.request("GET", "admin/users", bearer=server.service_role_jwt())
    assert listing.status_code == 200, listing.text
    emails = {user["email"] for user in listing.json()["users"]}
    assert {victim["user"]["email"], other["user"]["email"]} <= emails
    single = server.request("GET", f"admin/users/{victim['user']['id']}", bearer=server.service_role_jwt())
    assert single.status_code == 200, single.text
    assert time.monotonic() - started < 5, "reads of a deeply nested stored value must stay quick"


@pytest.mark.parametrize("email, password", [
    ("a\x00b@example.com", "a-fine-password"),
    ("someone@example.com", "pass\x00word"),
])
def test_a_nul_in_a_web_form_field_is_not_a_server_error(server, email, password):
    """The sign-in form, posted as a browser would (with its CSRF token), with a NUL in a
    field: the form answers (4xx), never the server-error page."""
    from recovery.recovery_support import hidden_fields

    with httpx.Client(base_url=server.root_url, timeout=15.0, trust_env=False) as browser:
        form = browser.get("/login")
        assert form.status_code == 200, form.status_code
        fields = {**hidden_fields(form.text), "email": email, "password": password}
        response = browser.post("/login", data=fields, headers={"Origin": server.root_url})
        assert 400 <= response.status_code < 500, response.text[:500]
        assert "Invalid" in response.text, "the form must have been read (CSRF accepted)"
