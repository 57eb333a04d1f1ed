"""The operator commands (`gatehouse users …`, `backup`, `restore`, `config`), run as the real
binary beside a running server on the same store, checked through the official client."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import threading
import time

import pytest
from supabase_auth.errors import AuthApiError

from gatehouse_server import to_env
from support import OTHER_PASSWORD, PASSWORD, api_error, password_grant, refresh_grant, unique_email

USAGE, NOT_FOUND, REFUSED, UNSUPPORTED = 64, 2, 3, 4


def cli(server, *args: str, stdin: str = "", env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """Runs `gatehouse ARGS` with the server's own settings (data folder, database, secret)."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith("GATEHOUSE_")}
    environment.update(to_env(server.settings))
    environment.update(
        GATEHOUSE_DATA_DIR=str(server.workdir / "data"),
        GATEHOUSE_JWT_SECRET=server.jwt_secret,
        GATEHOUSE_LOG_LEVEL="warning",
    )
    if server.database_url is not None:
        environment["GATEHOUSE_DATABASE_URL"] = server.database_url
    environment.update(env or {})
    return subprocess.run(
        [str(server.config.binary), *args], env=environment, input=stdin, capture_output=True,
        text=True, timeout=120, cwd=server.workdir,
    )


def ok(result: subprocess.CompletedProcess) -> subprocess.CompletedProcess:
    assert result.returncode == 0, (result.returncode, result.stdout, result.stderr)
    return result


def fails(result: subprocess.CompletedProcess, code: int, message: str) -> None:
    assert result.returncode == code, (result.returncode, result.stdout, result.stderr)
    assert message in result.stderr, result.stderr


def create(server, email: str, password: str = PASSWORD) -> dict:
    return json.loads(ok(cli(server, "users", "create", email, "--password-stdin", "--json", stdin=password + "\n")).stdout)


def sign_in(server, email: str, password: str = PASSWORD):
    return server.client().sign_in_with_password({"email": email, "password": password}).session


# ----- users -------------------------------------------------------------------------------


def test_create_then_sign_in_with_the_official_client(server):
    email = unique_email("cli")
    user = create(server, email)
    assert user["email"] == email and user["email_confirmed_at"]
    session = sign_in(server, email)
    assert session.user.id == user["id"]


def test_create_applies_the_password_policy_and_refuses_a_taken_address(server):
    fails(cli(server, "users", "create", unique_email("cli"), "--password-stdin", stdin="short\n"), REFUSED, "at least 8 characters")
    email = unique_email("cli")
    create(server, email)
    fails(cli(server, "users", "create", email, "--password-stdin", stdin=PASSWORD + "\n"), REFUSED, "already been registered")


def test_ban_refuses_sign_in_and_unban_lets_it_back(server):
    email = unique_email("cli")
    create(server, email)
    refresh_token = sign_in(server, email).refresh_token
    banned = json.loads(ok(cli(server, "users", "ban", email, "--duration", "24h", "--json")).stdout)
    assert banned["banned_until"]
    with api_error(400, "user_banned"):
        sign_in(server, email)
    assert refresh_grant(server, refresh_token).status_code != 200
    fails(cli(server, "users", "ban", email, "--duration", "forever"), REFUSED, "invalid format for ban duration")
    ok(cli(server, "users", "unban", email))
    assert sign_in(server, email).user.email == email


def test_set_password_ends_old_sessions_and_the_new_password_works(server):
    email = unique_email("cli")
    create(server, email)
    old = sign_in(server, email)
    fails(cli(server, "users", "set-password", email, "--password-stdin", stdin="short\n"), REFUSED, "at least 8 characters")
    ok(cli(server, "users", "set-password", email, "--password-stdin", stdin=OTHER_PASSWORD + "\n"))
    assert refresh_grant(server, old.refresh_token).status_code != 200
    assert server.request("GET", "user", headers={"Authorization": f"Bearer {old.access_token}"}).status_code in (401, 403)
    assert password_grant(server, email, PASSWORD).status_code == 400
    assert sign_in(server, email, OTHER_PASSWORD).user.email == email


def test_revoke_sessions_makes_refresh_fail(server):
    email = unique_email("cli")
    user = create(server, email)
    sessions = [sign_in(server, email), sign_in(server, email)]
    ok(cli(server, "users", "revoke-sessions", user["id"]))
    for session in sessions:
        assert refresh_grant(server, session.refresh_token).status_code != 200
    assert sign_in(server, email).user.id == user["id"]


def test_hard_and_soft_delete(server):
    email = unique_email("cli")
    user = create(server, email)
    ok(cli(server, "users", "delete", email))
    fails(cli(server, "users", "show", user["id"]), NOT_FOUND, f"no user with the id {user['id']}")
    with pytest.raises(AuthApiError):
        sign_in(server, email)

    soft_email = unique_email("cli")
    soft = create(server, soft_email)
    ok(cli(server, "users", "delete", soft_email, "--soft"))
    shown = json.loads(ok(cli(server, "users", "show", soft["id"], "--json")).stdout)
    assert shown["deleted_at"] and shown["email"] != soft_email
    assert "deleted" in ok(cli(server, "users", "show", soft["id"])).stdout
    # The address is free again, as after GoTrue's soft delete.
    assert create(server, soft_email)["id"] != soft["id"]


def test_list_and_show_as_table_and_json(server):
    marker = f"listing{time.monotonic_ns()}"
    emails = [f"{marker}-{n}@example.com" for n in range(3)]
    for email in emails:
        create(server, email)
    listing = json.loads(ok(cli(server, "users", "list", "--email", marker, "--json")).stdout)
    assert listing["total"] == 3 and listing["page"] == 1
    assert sorted(u["email"] for u in listing["users"]) == emails
    assert all("encrypted_password" not in u for u in listing["users"])
    second = json.loads(ok(cli(server, "users", "list", "--email", marker.upper(), "--per-page", "2", "--page", "2", "--json")).stdout)
    assert second["total"] == 3 and len(second["users"]) == 1
    table = ok(cli(server, "users", "list", "--email", marker)).stdout
    assert table.splitlines()[0].split() == ["ID", "EMAIL", "STATUS", "LAST", "SIGN-IN", "CREATED"]
    assert all(email in table for email in emails) and "of 3" in table
    # LIKE's wildcards match themselves.
    assert json.loads(ok(cli(server, "users", "list", "--email", "%", "--json")).stdout)["total"] == 0
    shown = ok(cli(server, "users", "show", emails[0])).stdout
    assert emails[0] in shown and "active" in shown


def test_bad_input_gets_clear_messages_and_exit_codes(server):
    missing = unique_email("nobody")
    fails(cli(server, "users", "show", missing), NOT_FOUND, f"no user with the email {missing}")
    fails(cli(server, "users", "ban", missing, "--duration", "1h"), NOT_FOUND, "no user with the email")
    fails(cli(server, "users", "show", "not-a-user"), USAGE, "neither a user id (a UUID) nor an email address")
    fails(cli(server, "users", "list", "--per-page", "0"), USAGE, "--per-page must be between 1 and 1000")
    fails(cli(server, "users", "list", "--page", "0"), USAGE, "--page must be 1 or more")
    # No terminal and no --password-stdin: the password is never taken from the arguments.
    fails(cli(server, "users", "create", unique_email("cli")), USAGE, "--password-stdin")
    assert cli(server, "users", "create", unique_email("cli"), "--password", PASSWORD).returncode == USAGE
    assert cli(server, "users", "frobnicate").returncode == USAGE


# ----- config ------------------------------------------------------------------------------


def test_config_masks_the_jwt_secret_and_smtp_password(server):
    smtp_password = "smtp-password-" + "x" * 20
    env = {"GATEHOUSE_SMTP_PASSWORD": smtp_password, "GATEHOUSE_JWT_EXPIRY": "1800"}
    for output in (cli(server, "config", env=env), cli(server, "config", "--json", env=env)):
        ok(output)
        assert server.jwt_secret not in output.stdout + output.stderr
        assert smtp_password not in output.stdout + output.stderr
    settings = {s["name"]: s for s in json.loads(cli(server, "config", "--json", env=env).stdout)}
    assert settings["GATEHOUSE_JWT_SECRET"] == {"name": "GATEHOUSE_JWT_SECRET", "value": "********", "source": "environment", "secret": True}
    assert settings["GATEHOUSE_SMTP_PASSWORD"]["value"] == "********"
    assert settings["GATEHOUSE_JWT_EXPIRY"] == {"name": "GATEHOUSE_JWT_EXPIRY", "value": "1800", "source": "environment", "secret": False}
    assert settings["GATEHOUSE_PORT"]["source"] == "default"
    if server.database_url is not None:
        assert settings["GATEHOUSE_DATABASE_URL"]["source"] == "environment"
    # A bad value stops `config` as it stops `serve`.
    fails(cli(server, "config", env={"GATEHOUSE_JWT_EXPIRY": "nope"}), USAGE, "GATEHOUSE_JWT_EXPIRY")


def test_config_masks_the_database_password(server):
    url = "postgres://gatehouse:db-password-123456@127.0.0.1:5432/gatehouse?sslmode=disable"
    output = ok(cli(server, "config", "--json", env={"GATEHOUSE_DATABASE_URL": url})).stdout
    assert "db-password-123456" not in output
    settings = {s["name"]: s for s in json.loads(output)}
    assert settings["GATEHOUSE_DATABASE_URL"]["value"].startswith("postgres://gatehouse:********@127.0.0.1:5432/gatehouse")


# ----- backup and restore ------------------------------------------------------------------


def refused_on_postgres(server, tmp_path) -> bool:
    """On PostgreSQL both commands point to PostgreSQL's own tools (exit code 4) and write nothing."""
    if server.database_url is None:
        return False
    fails(cli(server, "backup", "--to", str(tmp_path / "x.sqlite")), UNSUPPORTED, "pg_dump")
    fails(cli(server, "restore", "--from", str(tmp_path / "x.sqlite")), UNSUPPORTED, "pg_restore")
    assert not (tmp_path / "x.sqlite").exists()
    return True


def test_backup_while_the_server_writes_then_restore_and_serve(server_factory, tmp_path):
    source = server_factory.start()
    if refused_on_postgres(source, tmp_path):
        return
    admin = source.admin()
    before = [unique_email("before") for _ in range(5)]
    for email in before:
        admin.create_user({"email": email, "password": PASSWORD, "email_confirm": True})

    stop = threading.Event()
    written: list[str] = []

    def keep_writing():
        while not stop.is_set() and len(written) < 2000:
            email = unique_email("during")
            admin.create_user({"email": email, "password": PASSWORD, "email_confirm": True})
            written.append(email)

    writer = threading.Thread(target=keep_writing)
    writer.start()
    try:
        time.sleep(0.3)
        backup = tmp_path / "gatehouse-backup.sqlite"
        result = ok(cli(source, "backup", "--to", str(backup)))
        assert "backing up: 100%" in result.stderr and "backed up to" in result.stdout
    finally:
        stop.set()
        writer.join(timeout=60)
    assert written, "the server wrote nothing while the backup ran"
    assert oct(backup.stat().st_mode & 0o777) == "0o600"
    with sqlite3.connect(backup) as copy:
        assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        copied = {row[0] for row in copy.execute("SELECT email FROM users")}
    assert set(before) <= copied
    fails(cli(source, "backup", "--to", str(backup)), REFUSED, "exists and is not empty")

    # A new data folder: refused while its server runs, restored once it is stopped.
    target = server_factory.start()
    fails(cli(target, "restore", "--from", str(backup)), REFUSED, "a Gatehouse server is running")
    target.stop()
    restored = ok(cli(target, "restore", "--from", str(backup)))
    assert "restoring: 100%" in restored.stderr
    assert "the replaced database is kept at" in restored.stdout
    kept = [p.name for p in (target.workdir / "data").iterdir() if ".replaced-" in p.name]
    assert kept, list((target.workdir / "data").iterdir())
    target.start()
    for email in before:
        assert sign_in(target, email).user.email == email


def test_restore_refuses_what_is_not_a_gatehouse_database(server_factory, tmp_path):
    server = server_factory.start()
    if refused_on_postgres(server, tmp_path):
        return
    server.stop()
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(os.urandom(8192))
    fails(cli(server, "restore", "--from", str(junk)), REFUSED, "is not a Gatehouse database")
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as database:
        database.execute("CREATE TABLE notes (body TEXT)")
    fails(cli(server, "restore", "--from", str(other)), REFUSED, "not a Gatehouse one")
    newer = tmp_path / "newer.sqlite"
    ok(cli(server, "backup", "--to", str(newer)))
    with sqlite3.connect(newer) as database:
        database.execute("INSERT INTO schema_migrations (version, name, applied_at) VALUES (99999, 'future', 0)")
    fails(cli(server, "restore", "--from", str(newer)), REFUSED, "made by a newer Gatehouse")
    fails(cli(server, "restore", "--from", str(tmp_path / "absent.sqlite")), NOT_FOUND, "no file at")
    # Nothing was replaced by the refusals: the server starts on its own database.
    server.start()
