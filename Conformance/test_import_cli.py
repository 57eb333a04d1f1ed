"""`gatehouse users import` run as the real binary beside a running server, on the files the
other systems' own export commands write (docs/guides/migrating.md walks through the same
commands):

- Supabase: `\\copy (select * from auth.users) to 'users.csv' with csv header` (PostgreSQL's CSV:
  NULL an empty unquoted field, '' as "", jsonb as quoted JSON text, t/f, `+00` offsets) and the
  JSON of `select json_agg(u) from auth.users u`;
- Django: `auth_user` as CSV and `python manage.py dumpdata auth.user`, the hashes made exactly as
  `make_password` makes them;
- Firebase: `firebase auth:export users.json --format=json` with the console's hash parameters.

The dry run writes nothing, the summary counts and the `--json` report say what became of each
record, a re-run skips everything, a refused record makes the exit code 3, and no output holds a
hash or an address. Then the users sign in with the official client with their old passwords,
under the ids they had (Supabase) or the ones made from them (Django, Firebase)."""

from __future__ import annotations

import json
import random
import secrets
import string
import uuid
from pathlib import Path

import httpx

from hash_vectors import (
    BCRYPT, PASSWORD, b64, django_pbkdf2_sha256, firebase_scrypt, is_bcrypt, stored_hash,
)
from support import api_error, is_uuid, unique_email
from test_operator_cli import NOT_FOUND, REFUSED, cli, ok

UNICODE_PASSWORD = "pässwörd ✓ 🔑"
# The namespaces of ids made from other systems' ids (Accounts/Import/ImportedAccountID.swift).
DJANGO_NAMESPACE = uuid.UUID("8a2d4c6e-1b3f-5a7c-9e0d-2f4b6a8c0e13")
FIREBASE_NAMESPACE = uuid.UUID("5f0c8f52-6c0e-5b3e-9d8a-3f6b1e2c4a71")

# Columns of Supabase's auth.users, in the order `select *` gives them.
AUTH_USERS_COLUMNS = [
    "instance_id", "id", "aud", "role", "email", "encrypted_password", "email_confirmed_at", "invited_at",
    "confirmation_token", "confirmation_sent_at", "recovery_token", "recovery_sent_at", "email_change_token_new",
    "email_change", "email_change_sent_at", "last_sign_in_at", "raw_app_meta_data", "raw_user_meta_data",
    "is_super_admin", "created_at", "updated_at", "phone", "phone_confirmed_at", "phone_change", "phone_change_token",
    "phone_change_sent_at", "confirmed_at", "email_change_token_current", "email_change_confirm_status",
    "banned_until", "reauthentication_token", "reauthentication_sent_at", "is_sso_user", "deleted_at", "is_anonymous",
]
# Columns of Django's auth_user.
AUTH_USER_COLUMNS = ["id", "password", "last_login", "is_superuser", "username", "first_name", "last_name", "email",
                     "is_staff", "is_active", "date_joined"]

# A Firebase project's hash parameters, as the console shows them (base64_signer_key,
# base64_salt_separator, rounds, mem_cost).
SIGNER_KEY = secrets.token_bytes(64)
SALT_SEPARATOR = b"\x07"
ROUNDS, MEM_COST = 8, 14
FIREBASE_FLAGS = ["--hash-key", b64(SIGNER_KEY), "--salt-separator", b64(SALT_SEPARATOR), "--rounds", str(ROUNDS),
                  "--mem-cost", str(MEM_COST)]
# Django's PBKDF2 count: 1,000,000 in Django 5.2; a lower one (as older sites have) keeps the test quick.
DJANGO_ITERATIONS = 260000


# ----- writing the exports as their tools do ---------------------------------------------


def pg_csv_field(value) -> str:
    """One field as PostgreSQL's COPY … CSV writes it: NULL empty and unquoted, an empty string
    "", quotes where a comma, quote or line break needs them, booleans t/f."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "t" if value else "f"
    if isinstance(value, (dict, list)):
        value = json.dumps(value)
    text = str(value)
    if text == "" or any(c in text for c in ',"\n\r'):
        return '"' + text.replace('"', '""') + '"'
    return text


def pg_csv(columns: list[str], rows: list[dict]) -> str:
    lines = [",".join(columns)]
    lines += [",".join(pg_csv_field(row.get(column)) for column in columns) for row in rows]
    return "\n".join(lines) + "\n"


def supabase_row(email: str, password_hash: str, *, confirmed: str | None = "2024-05-01 10:20:30.123456+00",
                 **overrides) -> dict:
    """One row of auth.users for an email user, as GoTrue leaves it."""
    row = {
        "instance_id": "00000000-0000-0000-0000-000000000000", "id": str(uuid.uuid4()), "aud": "authenticated",
        "role": "authenticated", "email": email, "encrypted_password": password_hash, "email_confirmed_at": confirmed,
        "invited_at": None, "confirmation_token": "", "confirmation_sent_at": "2024-05-01 10:19:00.5+00",
        "recovery_token": "", "recovery_sent_at": None, "email_change_token_new": "", "email_change": "",
        "email_change_sent_at": None, "last_sign_in_at": "2024-06-02 08:00:00.000001+00",
        "raw_app_meta_data": {"provider": "email", "providers": ["email"]},
        "raw_user_meta_data": {"email_verified": confirmed is not None},
        "is_super_admin": None, "created_at": "2024-05-01 10:19:00.25+00", "updated_at": "2024-06-02 08:00:00+00",
        "phone": None, "phone_confirmed_at": None, "phone_change": "", "phone_change_token": "",
        "phone_change_sent_at": None, "confirmed_at": confirmed, "email_change_token_current": "",
        "email_change_confirm_status": 0, "banned_until": None, "reauthentication_token": "",
        "reauthentication_sent_at": None, "is_sso_user": False, "deleted_at": None, "is_anonymous": False,
    }
    row.update(overrides)
    return row


def json_agg_row(row: dict) -> dict:
    """The row as `select json_agg(u) from auth.users u` writes it: times in ISO form with `T`."""
    out = dict(row)
    for key, value in row.items():
        if isinstance(value, str) and value.endswith("+00") and (key.endswith("_at") or key == "banned_until"):
            out[key] = value.replace(" ", "T", 1) + ":00"
    return out


def django_salt() -> str:
    """Django's salt: 22 characters of letters and digits (get_random_string)."""
    return "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(22))


def django_user(pk: int, email: str, password: str, **overrides) -> dict:
    user = {
        "id": pk, "password": password, "last_login": "2024-06-01 09:00:00.123456+00", "is_superuser": False,
        "username": f"user{pk}", "first_name": "Ada", "last_name": "Lovelace, Countess", "email": email,
        "is_staff": False, "is_active": True, "date_joined": "2023-04-01 10:00:00+00",
    }
    user.update(overrides)
    return user


def django_pk() -> int:
    return random.randint(10 ** 6, 10 ** 9)


# ----- running and checking ------------------------------------------------------------------


def run_import(server, path: Path, source: str, *flags: str):
    return cli(server, "users", "import", str(path), "--from", source, *flags)


def summary(result) -> str:
    return result.stdout.strip().splitlines()[-1]


def assert_quiet(result, *hidden: str) -> None:
    """No hash, password or address in what the command printed."""
    output = result.stdout + result.stderr
    for secret in hidden:
        assert secret not in output, f"{secret!r} printed: {output}"
    assert "@" not in output, output


def sign_in(server, email: str, password: str):
    return server.client().sign_in_with_password({"email": email, "password": password})


# ----- Supabase -------------------------------------------------------------------------------


def test_supabase_csv_dry_run_import_and_re_run(server, tmp_path):
    quoted = {"name": 'Doe, "Jane"', "bio": "likes, commas\nand \"quotes\"", "email_verified": True}
    rows = [
        supabase_row(unique_email("sb-csv"), BCRYPT[PASSWORD], raw_user_meta_data=quoted,
                     raw_app_meta_data={"provider": "email", "providers": ["email"], "plan": "pro, yearly"}),
        supabase_row(unique_email("sb-csv-unconfirmed"), BCRYPT[UNICODE_PASSWORD], confirmed=None),
        supabase_row(unique_email("sb-csv-banned"), BCRYPT[PASSWORD], banned_until="2999-01-01 00:00:00+00"),
        # An OAuth user: GoTrue leaves the password empty.
        supabase_row(unique_email("sb-csv-oauth"), "",
                     raw_app_meta_data={"provider": "github", "providers": ["github"], "team": "blue"}),
    ]
    export = tmp_path / "users.csv"
    export.write_text(pg_csv(AUTH_USERS_COLUMNS, rows))
    hashes = [BCRYPT[PASSWORD], BCRYPT[UNICODE_PASSWORD]]

    dry = ok(run_import(server, export, "supabase", "--dry-run"))
    assert summary(dry) == "would import 4, skipped 0, refused 0"
    assert_quiet(dry, *hashes)
    # The dry run wrote nothing.
    assert cli(server, "users", "show", rows[0]["id"]).returncode == NOT_FOUND
    with api_error(400, "invalid_credentials"):
        sign_in(server, rows[0]["email"], PASSWORD)

    done = ok(run_import(server, export, "supabase"))
    assert summary(done) == "imported 4, skipped 0, refused 0"
    assert_quiet(done, *hashes)

    # The ids, metadata (commas, quotes, a line break), confirmation and times are kept.
    session = sign_in(server, rows[0]["email"], PASSWORD)
    user = session.user
    assert user.id == rows[0]["id"]
    assert server.decode_access_token(session.session.access_token)["sub"] == rows[0]["id"]
    assert {k: user.user_metadata[k] for k in ("name", "bio")} == {"name": 'Doe, "Jane"', "bio": quoted["bio"]}
    assert user.app_metadata["plan"] == "pro, yearly"
    assert user.email_confirmed_at.isoformat().startswith("2024-05-01T10:20:30.123456")
    assert user.created_at.isoformat().startswith("2024-05-01T10:19:00.25")
    assert is_bcrypt(stored_hash(server, rows[0]["id"]))
    # Unconfirmed stays unconfirmed; the ban holds; a user without a password has none.
    with api_error(400, "email_not_confirmed"):
        sign_in(server, rows[1]["email"], UNICODE_PASSWORD)
    with api_error(400, "user_banned"):
        sign_in(server, rows[2]["email"], PASSWORD)
    banned = json.loads(ok(cli(server, "users", "show", rows[2]["id"], "--json")).stdout)
    assert banned["banned_until"].startswith("2999-01-01")
    with api_error(400, "invalid_credentials"):
        sign_in(server, rows[3]["email"], PASSWORD)
    # Its app metadata is kept, but `provider`/`providers` name the identity it has here: email.
    oauth = json.loads(ok(cli(server, "users", "show", rows[3]["id"], "--json")).stdout)["app_metadata"]
    assert (oauth["team"], oauth["provider"], oauth["providers"]) == ("blue", "email", ["email"])

    again = ok(run_import(server, export, "supabase"))
    assert summary(again) == "imported 0, skipped 4, refused 0"
    assert_quiet(again, *hashes)
    report = json.loads(ok(run_import(server, export, "supabase", "--json")).stdout)
    assert (report["imported"], report["skipped"], report["refused"], report["dry_run"]) == (0, 4, 0, False)
    assert [r["outcome"] for r in report["records"]] == ["skipped"] * 4


def test_supabase_json_with_refused_records_exits_3(server, tmp_path):
    good = supabase_row(unique_email("sb-json"), BCRYPT[UNICODE_PASSWORD],
                        raw_user_meta_data={"name": "O'Brien, \"Pat\"", "email_verified": True})
    deleted = supabase_row(unique_email("sb-json-deleted"), BCRYPT[PASSWORD], deleted_at="2024-07-01 00:00:00+00")
    anonymous = supabase_row(None, "", confirmed=None, is_anonymous=True, raw_app_meta_data={}, raw_user_meta_data={})
    # PostgreSQL's `infinity`: the longest ban there is.
    banned = supabase_row(unique_email("sb-json-banned"), BCRYPT[PASSWORD], banned_until="infinity")
    export = tmp_path / "users.json"
    export.write_text(json.dumps([json_agg_row(row) for row in (good, deleted, anonymous, banned)], indent=2))

    dry = run_import(server, export, "supabase", "--dry-run", "--json")
    assert dry.returncode == REFUSED, (dry.stdout, dry.stderr)
    assert json.loads(dry.stdout)["dry_run"] is True
    assert cli(server, "users", "show", good["id"]).returncode == NOT_FOUND

    result = run_import(server, export, "supabase", "--json")
    assert result.returncode == REFUSED, (result.stdout, result.stderr)
    assert_quiet(result, BCRYPT[PASSWORD], BCRYPT[UNICODE_PASSWORD])
    report = json.loads(result.stdout)
    assert (report["dry_run"], report["imported"], report["skipped"], report["refused"]) == (False, 2, 0, 2)
    records = report["records"]
    assert [(r["position"], r["outcome"]) for r in records] == [
        (1, "imported"), (2, "refused"), (3, "refused"), (4, "imported")]
    assert records[0]["user_id"] == good["id"] and records[0]["source_id"] == good["id"]
    assert records[1]["reason"] == "deleted in the source (deleted_at is set)"
    assert records[2]["reason"] == "anonymous users are not imported"
    assert "user_id" not in records[1]

    session = sign_in(server, good["email"], UNICODE_PASSWORD)
    assert session.user.id == good["id"] and session.user.user_metadata["name"] == "O'Brien, \"Pat\""
    assert session.user.email_confirmed_at.isoformat().startswith("2024-05-01T10:20:30.123456")
    assert cli(server, "users", "show", deleted["id"]).returncode == NOT_FOUND
    with api_error(400, "user_banned"):
        sign_in(server, banned["email"], PASSWORD)

    # The table form says the same, with the refusals named by position and id.
    table = run_import(server, export, "supabase")
    assert table.returncode == REFUSED
    assert summary(table) == "imported 0, skipped 2, refused 2"
    assert f"refused record 2 ({deleted['id']}): deleted in the source" in table.stdout
    assert_quiet(table, BCRYPT[PASSWORD])


# ----- Django ---------------------------------------------------------------------------------


def test_django_auth_user_csv(server, tmp_path):
    pks = [django_pk(), django_pk(), django_pk()]
    emails = [unique_email("dj-csv"), unique_email("dj-csv-unusable"), unique_email("dj-csv-inactive")]
    hashed = django_pbkdf2_sha256(PASSWORD, django_salt(), DJANGO_ITERATIONS)
    unusable = "!" + "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(40))
    rows = [
        django_user(pks[0], emails[0], hashed, is_superuser=True, is_staff=True),
        django_user(pks[1], emails[1], unusable),
        django_user(pks[2], emails[2], django_pbkdf2_sha256(PASSWORD, django_salt(), DJANGO_ITERATIONS),
                    is_active=False),
    ]
    export = tmp_path / "auth_user.csv"
    export.write_text(pg_csv(AUTH_USER_COLUMNS, rows))

    dry = ok(run_import(server, export, "django", "--dry-run"))
    assert summary(dry) == "would import 3, skipped 0, refused 0"
    done = ok(run_import(server, export, "django", "--json"))
    assert_quiet(done, hashed, hashed.split("$")[-1], unusable)
    report = json.loads(done.stdout)
    assert (report["imported"], report["skipped"], report["refused"]) == (3, 0, 0)
    ids = [str(uuid.uuid5(DJANGO_NAMESPACE, str(key))) for key in pks]
    assert [r["user_id"] for r in report["records"]] == ids
    assert [r["source_id"] for r in report["records"]] == [str(key) for key in pks]

    session = sign_in(server, emails[0], PASSWORD)
    user = session.user
    assert user.id == ids[0] and is_uuid(user.id)
    assert user.app_metadata["django_user_id"] == pks[0]
    assert user.app_metadata["django_username"] == f"user{pks[0]}"
    assert (user.user_metadata["first_name"], user.user_metadata["last_name"]) == ("Ada", "Lovelace, Countess")
    # Django does not confirm addresses; the import takes them as confirmed when the user joined.
    assert user.email_confirmed_at.isoformat().startswith("2023-04-01T10:00:00")
    assert is_bcrypt(stored_hash(server, ids[0]))
    with api_error(400, "invalid_credentials"):
        sign_in(server, emails[0], "not the old password")
    # An unusable password (`!…`) is no password; an inactive user is banned.
    with api_error(400, "invalid_credentials"):
        sign_in(server, emails[1], unusable)
    assert stored_hash(server, ids[1]) in (None, "")
    with api_error(400, "user_banned"):
        sign_in(server, emails[2], PASSWORD)

    assert summary(ok(run_import(server, export, "django"))) == "imported 0, skipped 3, refused 0"


def test_django_dumpdata_json(server, tmp_path):
    key, email = django_pk(), unique_email("dj-dump")
    hashed = django_pbkdf2_sha256(UNICODE_PASSWORD, django_salt(), DJANGO_ITERATIONS)
    dump = [{
        "model": "auth.user", "pk": key,
        "fields": {
            "password": hashed, "last_login": None, "is_superuser": False, "username": "grace",
            "first_name": "Grace", "last_name": "Hopper", "email": email, "is_staff": False, "is_active": True,
            "date_joined": "2022-02-03T04:05:06.789Z", "groups": [], "user_permissions": [],
        },
    }]
    export = tmp_path / "users.json"
    export.write_text(json.dumps(dump, indent=2))
    done = ok(run_import(server, export, "django"))
    assert summary(done) == "imported 1, skipped 0, refused 0"
    assert_quiet(done, hashed)
    user = sign_in(server, email, UNICODE_PASSWORD).user
    assert user.id == str(uuid.uuid5(DJANGO_NAMESPACE, str(key)))
    assert user.app_metadata["django_user_id"] == key and user.app_metadata["django_username"] == "grace"
    assert user.created_at.isoformat().startswith("2022-02-03T04:05:06.789")


# ----- Firebase -------------------------------------------------------------------------------


def firebase_export_user(uid: str, email: str, password: str | None, **fields) -> dict:
    """One user of `firebase auth:export --format=json`."""
    user = {"localId": uid, "email": email, "emailVerified": True, "createdAt": "1690000000000",
            "lastSignedInAt": "1700000000000",
            "providerUserInfo": [{"providerId": "password", "rawId": email, "email": email, "federatedId": email}]}
    if password is not None:
        salt = secrets.token_bytes(16)
        user["passwordHash"] = b64(firebase_scrypt(password, salt, signer_key=SIGNER_KEY, salt_separator=SALT_SEPARATOR,
                                                   rounds=ROUNDS, mem_cost=MEM_COST))
        user["salt"] = b64(salt)
    user.update(fields)
    return user


def firebase_uid() -> str:
    return "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(28))


def test_firebase_auth_export(server, tmp_path):
    uids = [firebase_uid(), firebase_uid(), firebase_uid()]
    emails = [unique_email("fb-export"), unique_email("fb-export-disabled"), unique_email("fb-export-google")]
    users = [
        firebase_export_user(uids[0], emails[0], PASSWORD, displayName="Grace Hopper",
                             customAttributes=json.dumps({"role_name": "editor"})),
        firebase_export_user(uids[1], emails[1], PASSWORD, disabled=True),
        # A Google sign-in: no password.
        firebase_export_user(uids[2], emails[2], None, providerUserInfo=[{"providerId": "google.com", "rawId": "1234"}]),
    ]
    export = tmp_path / "users.json"
    export.write_text(json.dumps({"users": users}, indent=1))
    hashes = [user["passwordHash"] for user in users[:2]] + [b64(SIGNER_KEY)]

    # Without the project's hash parameters the file is refused whole.
    missing = run_import(server, export, "firebase")
    assert missing.returncode == REFUSED and "hash parameters" in missing.stderr, (missing.stdout, missing.stderr)

    dry = ok(run_import(server, export, "firebase", "--dry-run", *FIREBASE_FLAGS))
    assert summary(dry) == "would import 3, skipped 0, refused 0"
    done = ok(run_import(server, export, "firebase", "--json", *FIREBASE_FLAGS))
    assert_quiet(done, *hashes)
    ids = [str(uuid.uuid5(FIREBASE_NAMESPACE, uid)) for uid in uids]
    assert [r["user_id"] for r in json.loads(done.stdout)["records"]] == ids

    assert stored_hash(server, ids[0]).startswith("$fbscrypt$")
    session = sign_in(server, emails[0], PASSWORD)
    user = session.user
    assert user.id == ids[0] and user.app_metadata["role_name"] == "editor"
    assert user.user_metadata.get("display_name") == "Grace Hopper"
    assert user.created_at.timestamp() == 1690000000
    assert is_bcrypt(stored_hash(server, ids[0]))
    # The same account over the Firebase protocol keeps the Firebase uid.
    with httpx.Client(timeout=15.0, trust_env=False) as http:
        firebase = http.post(f"{server.root_url}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword",
                             params={"key": "test-api-key"},
                             json={"email": emails[0], "password": PASSWORD, "returnSecureToken": True})
    assert firebase.status_code == 200, firebase.text
    assert firebase.json()["localId"] == uids[0]

    with api_error(400, "user_banned"):
        sign_in(server, emails[1], PASSWORD)
    with api_error(400, "invalid_credentials"):
        sign_in(server, emails[2], PASSWORD)

    assert summary(ok(run_import(server, export, "firebase", *FIREBASE_FLAGS))) == "imported 0, skipped 3, refused 0"


def test_unreadable_files_and_bad_flags(server, tmp_path):
    bad_csv = tmp_path / "broken.csv"
    bad_csv.write_text('id,email,encrypted_password\n"unterminated,x@example.com,\n')
    result = run_import(server, bad_csv, "supabase")
    assert result.returncode == REFUSED and "not valid CSV" in result.stderr, (result.stdout, result.stderr)
    assert_quiet(result)
    no_columns = tmp_path / "columns.csv"
    no_columns.write_text("email\nx@example.com\n")
    result = run_import(server, no_columns, "supabase")
    assert result.returncode == REFUSED and "id, encrypted_password" in result.stderr, result.stderr
    assert cli(server, "users", "import", str(no_columns), "--from", "auth0").returncode == 64
    assert cli(server, "users", "import", str(tmp_path / "absent.json"), "--from", "django").returncode == NOT_FOUND
