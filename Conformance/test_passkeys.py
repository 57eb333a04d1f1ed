"""Passkeys: the nine GoTrue endpoints driven as supabase-js and supabase-swift
send them (`{}` or empty bodies, the API-version header), with real WebAuthn data made by a
software authenticator (webauthn_authenticator.py: P-256 and Ed25519 keys, CBOR `none`
attestation objects, signed assertions). See shared/reference/passkeys.md §2-§4.
"""

from __future__ import annotations

import threading
import time
import uuid

import httpx
import pyotp
import pytest

from gatehouse_server import GatehouseServer
from support import ISO_8601_UTC, assert_error, is_uuid, new_user_with_session, sign_in, unique_email
from webauthn_authenticator import AT, BE, BS, UP, UV, SoftwareAuthenticator, b64url, b64url_decode

ORIGIN = "http://localhost:5173"
PASSKEYS = {
    "passkey_enabled": True,
    "webauthn_rp_id": "localhost",
    "webauthn_rp_display_name": "Gatehouse Tests",
    "webauthn_rp_origins": ORIGIN,
    "rate_limit_passkey": 0,
}


@pytest.fixture(scope="module")
def pk(module_servers):
    """A server with passkeys on (RP `localhost`, origin http://localhost:5173) and no limit."""
    return module_servers.start(**PASSKEYS)


# ----- the calls, as the official clients make them -------------------------------------------


def registration_options(server, token: str, *, content: bytes | None = None) -> httpx.Response:
    """supabase-js posts `{}`; supabase-swift posts nothing (content=b"")."""
    if content is not None:
        return server.request("POST", "passkeys/registration/options", content=content, bearer=token)
    return server.request("POST", "passkeys/registration/options", json={}, bearer=token)


def registration_verify(server, token: str, challenge_id, credential) -> httpx.Response:
    return server.request(
        "POST", "passkeys/registration/verify", json={"challenge_id": challenge_id, "credential": credential}, bearer=token
    )


def authentication_options(server, *, swift: bool = True) -> httpx.Response:
    if swift:
        return server.request("POST", "passkeys/authentication/options", content=b"")
    return server.request("POST", "passkeys/authentication/options", json={"gotrue_meta_security": {}})


def authentication_verify(server, challenge_id, credential) -> httpx.Response:
    return server.request(
        "POST", "passkeys/authentication/verify", json={"challenge_id": challenge_id, "credential": credential}
    )


def register(server, token: str, authenticator: SoftwareAuthenticator, **create_options):
    """A full registration; returns (the verify answer, the credential)."""
    started = registration_options(server, token)
    assert started.status_code == 200, started.text
    body = started.json()
    response, credential = authenticator.create(body["options"], **create_options)
    answer = registration_verify(server, token, body["challenge_id"], response)
    assert answer.status_code == 200, answer.text
    return answer.json(), credential


def sign_in_with(server, authenticator: SoftwareAuthenticator, credential=None, **get_options) -> httpx.Response:
    started = authentication_options(server)
    assert started.status_code == 200, started.text
    body = started.json()
    return authentication_verify(server, body["challenge_id"], authenticator.get(body["options"], credential, **get_options))


def user_with_passkey(server, **create_options):
    session = new_user_with_session(server)
    authenticator = SoftwareAuthenticator(origin=ORIGIN)
    added, credential = register(server, session["access_token"], authenticator, **create_options)
    return session, authenticator, credential, added


# ----- happy paths ------------------------------------------------------------------------------


def test_registration_options_as_gotrue_sends_them(pk):
    session = new_user_with_session(pk)
    for content in (None, b""):  # supabase-js's `{}`, supabase-swift's empty body
        response = registration_options(pk, session["access_token"], content=content)
        assert response.status_code == 200, response.text
        body = response.json()
        assert is_uuid(body["challenge_id"]) and isinstance(body["expires_at"], int)
        assert 0 < body["expires_at"] - time.time() <= 300
        options = body["options"]
        assert options["rp"] == {"name": "Gatehouse Tests", "id": "localhost"}
        user_id = session["user"]["id"]
        # The user handle is the UTF-8 bytes of the lowercase UUID string (36 bytes).
        assert b64url_decode(options["user"]["id"]) == user_id.lower().encode()
        assert options["user"]["name"] == session["user"]["email"]
        assert options["user"]["displayName"] == session["user"]["email"]
        assert "=" not in options["challenge"] and len(b64url_decode(options["challenge"])) == 32
        assert [p["alg"] for p in options["pubKeyCredParams"]] == [-7, -8, -257]
        assert all(p["type"] == "public-key" for p in options["pubKeyCredParams"])
        assert options["timeout"] == 300000 and options["attestation"] == "none"
        assert options["authenticatorSelection"] == {"residentKey": "required", "userVerification": "preferred"}
        assert "excludeCredentials" not in options


def test_register_then_sign_in_answers_a_session_as_token_does(pk):
    session, authenticator, credential, added = user_with_passkey(pk)
    assert is_uuid(added["id"]) and added["friendly_name"] == "Passkey" and ISO_8601_UTC.match(added["created_at"])

    # Swift's empty body, then JS's body: both give options with rpId and no allowCredentials.
    for swift in (True, False):
        started = authentication_options(pk, swift=swift)
        assert started.status_code == 200, started.text
        options = started.json()["options"]
        assert options["rpId"] == "localhost" and options["userVerification"] == "preferred"
        assert options["timeout"] == 300000 and "allowCredentials" not in options
    before = time.time()
    response = authentication_verify(pk, started.json()["challenge_id"], authenticator.get(options, credential))
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["token_type"] == "bearer" and body["expires_in"] > 0 and body["expires_at"] > before
    assert body["refresh_token"] and body["user"]["id"] == session["user"]["id"]
    claims = pk.decode_access_token(body["access_token"])
    assert claims["aal"] == "aal1" and [entry["method"] for entry in claims["amr"]] == ["passkey"]
    assert body["user"]["last_sign_in_at"] > session["user"]["last_sign_in_at"]
    # The session works with the official client, and refreshes like any other.
    user = pk.client().get_user(body["access_token"]).user
    assert user.id == session["user"]["id"] and user.email == session["user"]["email"]
    refreshed = pk.request("POST", "token", params={"grant_type": "refresh_token"}, json={"refresh_token": body["refresh_token"]})
    assert refreshed.status_code == 200, refreshed.text
    # The list shows when it was last used.
    listed = pk.request("GET", "passkeys", bearer=session["access_token"]).json()
    assert listed[0]["id"] == added["id"] and ISO_8601_UTC.match(listed[0]["last_used_at"])


def test_ed25519_passkey_registers_and_signs_in(pk):
    _, authenticator, credential, _ = user_with_passkey(pk, algorithm="EdDSA")
    response = sign_in_with(pk, authenticator, credential)
    assert response.status_code == 200, response.text


def test_excluded_credentials_list_the_users_passkeys(pk):
    session, _, credential, _ = user_with_passkey(pk)
    options = registration_options(pk, session["access_token"]).json()["options"]
    assert options["excludeCredentials"] == [{"type": "public-key", "id": b64url(credential.credential_id)}]


# ----- list, rename, delete ---------------------------------------------------------------------


def test_list_rename_and_delete(pk):
    session, authenticator, first, added = user_with_passkey(pk)
    token = session["access_token"]
    second_added, second = register(pk, token, authenticator)
    for path in ("passkeys", "passkeys/"):  # supabase-js, supabase-swift
        listed = pk.request("GET", path, bearer=token)
        assert listed.status_code == 200, listed.text
        assert [item["id"] for item in listed.json()] == [added["id"], second_added["id"]]  # oldest first
        assert set(listed.json()[0]) == {"id", "friendly_name", "created_at"}

    # Rename, addressed with an upper-case UUID as supabase-swift writes it.
    renamed = pk.request("PATCH", f"passkeys/{added['id'].upper()}", json={"friendly_name": "Laptop ✓"}, bearer=token)
    assert renamed.status_code == 200, renamed.text
    assert renamed.json()["friendly_name"] == "Laptop ✓" and renamed.json()["id"] == added["id"]
    assert_error(pk.request("PATCH", f"passkeys/{added['id']}", json={"friendly_name": ""}, bearer=token), 400, "validation_failed")
    # 120 bytes is the cap: 40 three-byte characters pass, 41 do not.
    ok = pk.request("PATCH", f"passkeys/{added['id']}", json={"friendly_name": "✓" * 40}, bearer=token)
    assert ok.status_code == 200, ok.text
    too_long = pk.request("PATCH", f"passkeys/{added['id']}", json={"friendly_name": "✓" * 41}, bearer=token)
    assert_error(too_long, 400, "validation_failed")
    for bad in (str(uuid.uuid4()), "not-a-uuid"):
        assert_error(pk.request("PATCH", f"passkeys/{bad}", json={"friendly_name": "x"}, bearer=token), 404, "validation_failed")
        assert_error(pk.request("DELETE", f"passkeys/{bad}", bearer=token), 404, "validation_failed")
    # Another user's passkey is not found for this one.
    other = new_user_with_session(pk)
    assert_error(
        pk.request("PATCH", f"passkeys/{added['id']}", json={"friendly_name": "x"}, bearer=other["access_token"]),
        404, "validation_failed",
    )
    assert_error(pk.request("DELETE", f"passkeys/{added['id']}", bearer=other["access_token"]), 404, "validation_failed")

    deleted = pk.request("DELETE", f"passkeys/{added['id'].upper()}", bearer=token)
    assert deleted.status_code == 204 and deleted.content == b""
    assert [item["id"] for item in pk.request("GET", "passkeys", bearer=token).json()] == [second_added["id"]]
    # The removed passkey no longer signs in; the other still does.
    assert_error(sign_in_with(pk, authenticator, first), 400, "webauthn_verification_failed")
    assert sign_in_with(pk, authenticator, second).status_code == 200


def test_admin_list_and_delete(pk):
    session, authenticator, credential, added = user_with_passkey(pk)
    user_id = session["user"]["id"]
    admin = pk.service_role_jwt()
    listed = pk.request("GET", f"admin/users/{user_id}/passkeys", bearer=admin)
    assert listed.status_code == 200 and [item["id"] for item in listed.json()] == [added["id"]]
    # A user's token is not an admin's.
    assert pk.request("GET", f"admin/users/{user_id}/passkeys", bearer=session["access_token"]).status_code == 403
    assert_error(pk.request("DELETE", f"admin/users/{user_id}/passkeys/{uuid.uuid4()}", bearer=admin), 404, "validation_failed")
    deleted = pk.request("DELETE", f"admin/users/{user_id}/passkeys/{added['id'].upper()}", bearer=admin)
    assert deleted.status_code == 204 and deleted.content == b""
    assert pk.request("GET", f"admin/users/{user_id}/passkeys", bearer=admin).json() == []
    assert_error(sign_in_with(pk, authenticator, credential), 400, "webauthn_verification_failed")


def test_deleting_the_user_deletes_their_passkeys(pk):
    session, authenticator, credential, _ = user_with_passkey(pk)
    pk.admin().delete_user(session["user"]["id"], should_soft_delete=True)
    assert_error(sign_in_with(pk, authenticator, credential), 400, "webauthn_verification_failed")
    # The soft-deleted row stays, its passkeys do not (GoTrue hard-deletes them).
    listed = pk.request("GET", f"admin/users/{session['user']['id']}/passkeys", bearer=pk.service_role_jwt())
    assert listed.status_code == 200 and listed.json() == [], listed.text
    other, authenticator, credential, _ = user_with_passkey(pk)
    pk.admin().delete_user(other["user"]["id"])
    assert_error(sign_in_with(pk, authenticator, credential), 400, "webauthn_verification_failed")


# ----- gates -----------------------------------------------------------------------------------


def test_feature_off_answers_passkey_disabled_except_admin(server):
    session = new_user_with_session(server)
    token = session["access_token"]
    for method, path, bearer in [
        ("POST", "passkeys/registration/options", token),
        ("POST", "passkeys/registration/verify", token),
        ("POST", "passkeys/authentication/options", None),
        ("POST", "passkeys/authentication/verify", None),
        ("GET", "passkeys", token),
        ("GET", "passkeys/", token),
        ("PATCH", f"passkeys/{uuid.uuid4()}", token),
        ("DELETE", f"passkeys/{uuid.uuid4()}", token),
        ("POST", "passkeys/registration/options", None),  # before the token is even looked at
    ]:
        assert_error(server.request(method, path, json={}, bearer=bearer), 404, "passkey_disabled")
    assert server.request("GET", "settings").json()["passkeys_enabled"] is False
    listed = server.request("GET", f"admin/users/{session['user']['id']}/passkeys", bearer=server.service_role_jwt())
    assert listed.status_code == 200 and listed.json() == []


def test_settings_say_passkeys_enabled(pk):
    assert pk.request("GET", "settings").json()["passkeys_enabled"] is True


def test_user_routes_need_a_token(pk):
    assert_error(pk.request("POST", "passkeys/registration/options", json={}), 401, "no_authorization")
    assert_error(pk.request("GET", "passkeys"), 401, "no_authorization")


def test_anonymous_users_cannot_add_passkeys(module_servers):
    server = module_servers.start(**PASSKEYS, external_anonymous_users_enabled=True)
    anonymous = server.request("POST", "signup", json={}).json()
    token = anonymous["access_token"]
    assert_error(registration_options(server, token), 403, "no_authorization")
    assert_error(registration_verify(server, token, str(uuid.uuid4()), {}), 403, "no_authorization")
    listed = server.request("GET", "passkeys/", bearer=token)
    assert listed.status_code == 200 and listed.json() == []


def test_users_with_a_verified_factor_need_aal2(pk):
    session, authenticator, credential, added = user_with_passkey(pk)
    client = pk.client()
    client.sign_in_with_password({"email": session["user"]["email"], "password": "correct-horse-battery"})
    factor = client.mfa.enroll({"factor_type": "totp", "friendly_name": "phone"})
    client.mfa.challenge_and_verify({"factor_id": factor.id, "code": pyotp.TOTP(factor.totp.secret).now()})
    aal2 = client.get_session().access_token
    aal1 = sign_in(pk, session["user"]["email"])["access_token"]
    assert_error(registration_options(pk, aal1), 403, "insufficient_aal")
    assert_error(registration_verify(pk, aal1, str(uuid.uuid4()), {}), 403, "insufficient_aal")
    assert_error(pk.request("DELETE", f"passkeys/{added['id']}", bearer=aal1), 403, "insufficient_aal")
    # Renaming and listing need no aal2.
    assert pk.request("PATCH", f"passkeys/{added['id']}", json={"friendly_name": "x"}, bearer=aal1).status_code == 200
    assert pk.request("GET", "passkeys", bearer=aal1).status_code == 200
    # A passkey sign-in is aal1 too: still not enough.
    passkey_session = sign_in_with(pk, authenticator, credential).json()
    assert pk.decode_access_token(passkey_session["access_token"])["aal"] == "aal1"
    assert_error(registration_options(pk, passkey_session["access_token"]), 403, "insufficient_aal")
    # With aal2, both work.
    register(pk, aal2, authenticator)
    assert pk.request("DELETE", f"passkeys/{added['id']}", bearer=aal2).status_code == 204


def test_too_many_passkeys(module_servers):
    server = module_servers.start(**PASSKEYS, passkey_max_passkeys_per_user=1)
    session = new_user_with_session(server)
    token = session["access_token"]
    authenticator = SoftwareAuthenticator(origin=ORIGIN)
    # Two ceremonies started under the cap: the second to finish is refused in its transaction.
    first, second = (registration_options(server, token).json() for _ in range(2))
    answer = registration_verify(server, token, first["challenge_id"], authenticator.create(first["options"])[0])
    assert answer.status_code == 200, answer.text
    late = registration_verify(server, token, second["challenge_id"], authenticator.create(second["options"])[0])
    assert_error(late, 422, "too_many_passkeys")
    assert_error(registration_options(server, token), 422, "too_many_passkeys")


def test_banned_users_cannot_sign_in_with_a_passkey(pk):
    session, authenticator, credential, _ = user_with_passkey(pk)
    pk.admin().update_user_by_id(session["user"]["id"], {"ban_duration": "24h"})
    assert_error(sign_in_with(pk, authenticator, credential), 403, "user_banned")


def test_unconfirmed_users_cannot_sign_in_with_a_passkey(pk):
    """Reference §2.4: after the assertion verifies, an unconfirmed address is 403
    `email_not_confirmed` with no session (audited as a refusal); without the passkey the answer
    is still `webauthn_verification_failed`, so it tells nothing about the account."""
    session, authenticator, credential, added = user_with_passkey(pk)
    user_id = session["user"]["id"]
    assert pk.admin().update_user_by_id(user_id, {"email_confirm": False}).user.email_confirmed_at is None

    body = assert_error(sign_in_with(pk, authenticator, credential), 403, "email_not_confirmed")
    assert "access_token" not in body and "refresh_token" not in body
    assert_error(sign_in_with(pk, authenticator, credential, tamper_signature=True), 400, "webauthn_verification_failed")
    log = pk.request("GET", "admin/audit", params={"user_id": user_id}, bearer=pk.service_role_jwt())
    assert log.status_code == 200, log.text
    entries = [(e["payload"]["action"], e["payload"]["traits"]) for e in log.json()]
    refusal = {"passkey_id": added["id"], "method": "passkey", "reason": "email_not_confirmed"}
    assert ("login_failed", refusal) in entries
    assert ("login", {"passkey_id": added["id"], "method": "passkey"}) not in entries

    # Confirmed again, the same passkey signs in: the refusal was the confirmation's.
    pk.admin().update_user_by_id(user_id, {"email_confirm": True})
    response = sign_in_with(pk, authenticator, credential)
    assert response.status_code == 200, response.text
    assert response.json()["user"]["id"] == user_id


def test_authentication_options_are_rate_limited(module_servers):
    server = module_servers.start(**{**PASSKEYS, "rate_limit_passkey": 2})
    assert [authentication_options(server).status_code for _ in range(2)] == [200, 200]
    refused = authentication_options(server)
    assert_error(refused, 429, "over_request_rate_limit")
    assert int(refused.headers["retry-after"]) > 0
    # Verify has no limiter (its challenge is the budget).
    assert authentication_verify(server, str(uuid.uuid4()), {}).status_code == 400


# ----- challenges ------------------------------------------------------------------------------


def test_challenge_errors(pk):
    session, authenticator, credential, _ = user_with_passkey(pk)
    token = session["access_token"]
    # Missing or malformed fields.
    assert_error(registration_verify(pk, token, None, {}), 400, "validation_failed")
    assert_error(registration_verify(pk, token, "not-a-uuid", {}), 400, "validation_failed")
    assert_error(authentication_verify(pk, "not-a-uuid", {}), 400, "validation_failed")
    started = authentication_options(pk).json()
    assert_error(
        pk.request("POST", "passkeys/authentication/verify", json={"challenge_id": started["challenge_id"]}), 400,
        "validation_failed",
    )
    # Unknown.
    assert_error(authentication_verify(pk, str(uuid.uuid4()), authenticator.get(started["options"], credential)), 400,
                 "webauthn_challenge_not_found")
    # Used once (replayed): the first verify spends it whatever its outcome.
    started = authentication_options(pk).json()
    assertion = authenticator.get(started["options"], credential)
    assert authentication_verify(pk, started["challenge_id"], assertion).status_code == 200
    assert_error(authentication_verify(pk, started["challenge_id"], assertion), 400, "webauthn_challenge_not_found")
    started = authentication_options(pk).json()
    assert_error(
        authentication_verify(pk, started["challenge_id"], authenticator.get(started["options"], credential, tamper_signature=True)),
        400, "webauthn_verification_failed",
    )
    assert_error(authentication_verify(pk, started["challenge_id"], authenticator.get(started["options"], credential)), 400,
                 "webauthn_challenge_not_found")
    # Another ceremony's challenge: a registration challenge cannot sign in, nor the reverse.
    registration = registration_options(pk, token).json()
    assertion = authenticator.get({"challenge": registration["options"]["challenge"]}, credential)
    assert_error(authentication_verify(pk, registration["challenge_id"], assertion), 400, "webauthn_challenge_not_found")
    started = authentication_options(pk).json()
    created, _ = authenticator.create({**registration["options"], "challenge": started["options"]["challenge"]})
    assert_error(registration_verify(pk, token, started["challenge_id"], created), 400, "webauthn_challenge_not_found")
    # Another user's registration challenge.
    other = new_user_with_session(pk)
    theirs = registration_options(pk, other["access_token"]).json()
    created, _ = authenticator.create(theirs["options"])
    assert_error(registration_verify(pk, token, theirs["challenge_id"], created), 400, "webauthn_challenge_not_found")


def test_expired_challenges(module_servers):
    server = module_servers.start(**PASSKEYS, webauthn_challenge_expiry_duration="1s")
    session, authenticator, credential, _ = user_with_passkey(server)
    registration = registration_options(server, session["access_token"]).json()
    started = authentication_options(server).json()
    time.sleep(1.6)
    created, _ = authenticator.create(registration["options"])
    assert_error(registration_verify(server, session["access_token"], registration["challenge_id"], created), 400,
                 "webauthn_challenge_expired")
    assert_error(authentication_verify(server, started["challenge_id"], authenticator.get(started["options"], credential)),
                 400, "webauthn_challenge_expired")
    # Expired is also spent: the row is gone.
    assert_error(authentication_verify(server, started["challenge_id"], authenticator.get(started["options"], credential)),
                 400, "webauthn_challenge_not_found")


def test_a_second_instance_on_the_same_database_cannot_reuse_a_challenge(pk, harness, tmp_path):
    """Two gatehouse processes on one database: a challenge is consumed once, whichever
    instance gets it (DELETE … RETURNING), so racing verifies give one session only."""
    if harness.db == "postgres":
        database_url = pk._pg._url_for(pk._database)
    else:
        database_url = "sqlite://" + str(pk.workdir / "data" / "gatehouse.sqlite")
    second = GatehouseServer(harness, tmp_path, {**pk.settings, "jwt_secret": pk.jwt_secret, "database_url": database_url})
    second._pg = None
    try:
        second.start()
        _, authenticator, credential, _ = user_with_passkey(pk)
        for _ in range(3):
            started = authentication_options(pk).json()
            assertion = authenticator.get(started["options"], credential)
            answers: list[httpx.Response] = []

            def verify(server):
                answers.append(authentication_verify(server, started["challenge_id"], assertion))

            threads = [threading.Thread(target=verify, args=(server,)) for server in (pk, second, pk, second)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=30)
            assert sorted(answer.status_code for answer in answers) == [200, 400, 400, 400], [a.text for a in answers]
            assert all(answer.json()["code"] == "webauthn_challenge_not_found" for answer in answers if answer.status_code == 400)
        # And a challenge made by one instance is answered at the other.
        started = authentication_options(second).json()
        assert authentication_verify(pk, started["challenge_id"], authenticator.get(started["options"], credential)).status_code == 200
    finally:
        second.stop()


# ----- verification failures --------------------------------------------------------------------


REGISTRATION_TAMPERING = {
    "foreign origin": {"origin": "https://evil.example"},
    "wrong rpIdHash": {"rp_id": "example.com"},
    "user not present": {"flags": UV | AT},
    "wrong ceremony type": {"ceremony_type": "webauthn.get"},
    "wrong challenge": {"challenge": b64url(b"\x01" * 32)},
    "backed up without eligibility": {"flags": UP | UV | AT | BS},
}


@pytest.mark.parametrize("tampering", REGISTRATION_TAMPERING, ids=list(REGISTRATION_TAMPERING))
def test_registration_verification_failures(pk, tampering):
    session = new_user_with_session(pk)
    token = session["access_token"]
    started = registration_options(pk, token).json()
    created, _ = SoftwareAuthenticator(origin=ORIGIN).create(started["options"], **REGISTRATION_TAMPERING[tampering])
    assert_error(registration_verify(pk, token, started["challenge_id"], created), 400, "webauthn_verification_failed")
    assert pk.request("GET", "passkeys", bearer=token).json() == []


ASSERTION_TAMPERING = {
    "tampered signature": {"tamper_signature": True},
    "foreign origin": {"origin": "https://evil.example"},
    "wrong rpIdHash": {"rp_id": "example.com"},
    "user not present": {"flags": UV},
    "wrong ceremony type": {"ceremony_type": "webauthn.create"},
    "wrong challenge": {"challenge": b64url(b"\x02" * 32)},
    "backup eligibility changed": {"flags": UP | UV | BE},
    "backed up without eligibility": {"flags": UP | UV | BS},
    "unknown user handle": {"user_handle": str(uuid.uuid4()).encode()},
    "blank user handle": {"user_handle": b""},
}


@pytest.mark.parametrize("tampering", ASSERTION_TAMPERING, ids=list(ASSERTION_TAMPERING))
def test_sign_in_verification_failures(pk, tampering):
    _, authenticator, credential, _ = user_with_passkey(pk)
    assert_error(sign_in_with(pk, authenticator, credential, **ASSERTION_TAMPERING[tampering]), 400, "webauthn_verification_failed")
    # The passkey itself still works.
    assert sign_in_with(pk, authenticator, credential).status_code == 200


def test_a_passkey_registered_as_backup_eligible_must_stay_so(pk):
    _, authenticator, credential, _ = user_with_passkey(pk, backup_eligible=True)
    assert sign_in_with(pk, authenticator, credential).status_code == 200
    assert_error(sign_in_with(pk, authenticator, credential, flags=UP | UV), 400, "webauthn_verification_failed")
    credential.backed_up = True  # BS may change (a passkey synced later): accepted, not stored
    assert sign_in_with(pk, authenticator, credential).status_code == 200


def test_another_users_handle_with_this_credential_fails(pk):
    _, authenticator, credential, _ = user_with_passkey(pk)
    other, _, _, _ = user_with_passkey(pk)
    handle = other["user"]["id"].encode()
    assert_error(sign_in_with(pk, authenticator, credential, user_handle=handle), 400, "webauthn_verification_failed")


def test_credential_already_registered(pk):
    session, authenticator, credential, _ = user_with_passkey(pk)
    for token in (session["access_token"], new_user_with_session(pk)["access_token"]):
        started = registration_options(pk, token).json()
        created, _ = authenticator.create(started["options"], credential_id=credential.credential_id)
        assert_error(registration_verify(pk, token, started["challenge_id"], created), 422, "webauthn_credential_exists")


def test_counter_regression_is_logged_and_the_stored_counter_never_drops(pk):
    _, authenticator, credential, added = user_with_passkey(pk)
    assert sign_in_with(pk, authenticator, credential, sign_count=5).status_code == 200
    # A lower counter: GoTrue lets the sign-in through and logs a possible clone.
    assert sign_in_with(pk, authenticator, credential, sign_count=3).status_code == 200
    deadline = time.time() + 5
    while "may have been cloned" not in pk.log_text() and time.time() < deadline:
        time.sleep(0.1)
    log = pk.log_text()
    assert "may have been cloned" in log and added["id"] in log
    # The stored counter stayed 5: 5 again is still a regression, 6 is not.
    marker = log.count("may have been cloned")
    assert sign_in_with(pk, authenticator, credential, sign_count=5).status_code == 200
    assert sign_in_with(pk, authenticator, credential, sign_count=6).status_code == 200
    time.sleep(0.3)
    assert pk.log_text().count("may have been cloned") == marker + 1


# ----- malformed input --------------------------------------------------------------------------


MALFORMED_BODIES = [
    b"not json", b"[]", b"null", b'"text"', b"{", b'{"challenge_id": 5, "credential": {}}',
    b'{"challenge_id": [], "credential": "x"}', b'{"credential": 1}', b'{"credential": []}',
    b'{"credential": {"id": 1, "rawId": {}, "type": [], "response": "x"}}',
    b'{"credential": {"id": "AA", "rawId": "AA", "type": "public-key", "response": {"clientDataJSON": 7, "attestationObject": null, '
    b'"authenticatorData": [], "signature": {}, "userHandle": 1, "transports": "usb"}}}',
    b'{"credential": {"response": {"clientDataJSON": "' + b"A" * 200_000 + b'"}}}',
    b'{"friendly_name": 12}', b'{"friendly_name": null}',
]


def test_malformed_bodies_never_break_the_server(pk):
    """Every passkey route with broken JSON, wrong types and junk credentials, with a real
    challenge id where one is wanted: 4xx only, never a 5xx."""
    session = new_user_with_session(pk)
    token = session["access_token"]
    for body in MALFORMED_BODIES:
        registration = registration_options(pk, token).json()["challenge_id"]
        sign_in_challenge = authentication_options(pk).json()["challenge_id"]
        for method, path, bearer, challenge in [
            ("POST", "passkeys/registration/options", token, None),
            ("POST", "passkeys/registration/verify", token, registration),
            ("POST", "passkeys/authentication/options", None, None),
            ("POST", "passkeys/authentication/verify", None, sign_in_challenge),
            ("PATCH", f"passkeys/{uuid.uuid4()}", token, None),
        ]:
            content = body
            if challenge and body.startswith(b'{"credential"'):
                content = b'{"challenge_id": "' + challenge.encode() + b'", ' + body[1:]
            response = pk.request(method, path, content=content, bearer=bearer, headers={"Content-Type": "application/json"})
            assert response.status_code < 500, (path, body[:80], response.status_code, response.text)
    assert pk.request("GET", "health").status_code == 200


# ----- the audit log ----------------------------------------------------------------------------


def test_passkeys_added_used_renamed_refused_and_removed_are_audited(pk):
    session, authenticator, credential, added = user_with_passkey(pk)
    token, user_id = session["access_token"], session["user"]["id"]
    assert sign_in_with(pk, authenticator, credential).status_code == 200
    assert_error(sign_in_with(pk, authenticator, credential, tamper_signature=True), 400, "webauthn_verification_failed")
    assert pk.request("PATCH", f"passkeys/{added['id']}", json={"friendly_name": "Phone"}, bearer=token).status_code == 200
    assert pk.request("DELETE", f"passkeys/{added['id']}", bearer=token).status_code == 204

    log = pk.request("GET", "admin/audit", params={"user_id": user_id}, bearer=pk.service_role_jwt())
    assert log.status_code == 200, log.text
    entries = [(e["payload"]["action"], e["payload"]["traits"]) for e in log.json()]
    passkey_id = added["id"]
    assert ("passkey_created", {"passkey_id": passkey_id}) in entries
    assert ("login", {"passkey_id": passkey_id, "method": "passkey"}) in entries
    assert ("login_failed", {"passkey_id": passkey_id, "method": "passkey", "reason": "webauthn_verification_failed"}) in entries
    assert ("passkey_updated", {"passkey_id": passkey_id}) in entries
    assert entries[0] == ("passkey_deleted", {"passkey_id": passkey_id})
    # Nothing of the key or the credential id is in the log.
    assert b64url(credential.credential_id) not in log.text
