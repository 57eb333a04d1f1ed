"""firebase-admin's `auth.import_users` (`accounts:batchCreate`) against Gatehouse: users with
password hashes of every kind Gatehouse verifies (Firebase's modified scrypt, standard scrypt,
bcrypt, PBKDF2-SHA256, HMAC-SHA256 and HMAC-SHA512), each hash computed here from the
algorithm's definition (hash_vectors.py). Each imported user signs in with the old password over
the Identity Toolkit REST API and over the official GoTrue client, keeps the Firebase uid
(`get_user`, the ID token's `sub`) while GoTrue clients see a UUID made from it, and a wrong
password gets the answer an unknown address gets, whatever the format. The first sign-in
replaces the imported hash with bcrypt (read from the server's own store). Per-user errors come
back in `result.errors` with their index and reason; the good users of a mixed batch are imported."""

from __future__ import annotations

import hashlib
import secrets
import string
import uuid
from dataclasses import dataclass
from typing import Callable

import pytest
from firebase_admin import auth, exceptions
from supabase_auth.errors import AuthApiError

from firebase_support import claims, firebase_error, ios_lookup, secure_token, v1
from hash_vectors import (
    BCRYPT, PASSWORD, firebase_scrypt, hmac_hash, is_bcrypt, pbkdf2_sha256, standard_scrypt, stored_hash,
)
from support import is_uuid, unique_email

# Gatehouse's namespace for ids derived from Firebase uids (Accounts/Import/ImportedAccountID.swift):
# a uid that is not a lower-case UUID is stored under uuid5(namespace, uid).
FIREBASE_NAMESPACE = uuid.UUID("5f0c8f52-6c0e-5b3e-9d8a-3f6b1e2c4a71")

# A project's hash parameters as the Firebase console shows them: a 64-byte signer key, the
# default salt separator (Bw==), rounds 8 and memory cost 14.
SIGNER_KEY = hashlib.sha512(b"gatehouse conformance signer key").digest()
SALT_SEPARATOR = b"\x07"
ROUNDS, MEM_COST = 8, 14
HMAC_KEY = b"a project's own HMAC key"
UNICODE_PASSWORD = "pässwörd ✓ 🔑"
CREATED_MS, LAST_SIGN_IN_MS = 1_690_000_000_123, 1_700_000_000_456


def firebase_uid() -> str:
    """A uid as Firebase makes them: 28 letters and digits, not a UUID."""
    alphabet = string.ascii_letters + string.digits
    return "".join(secrets.choice(alphabet) for _ in range(28))


def gotrue_id(uid: str) -> str:
    """The id GoTrue clients see for a Firebase uid."""
    if is_uuid(uid) and uid == uid.lower():
        return uid
    return str(uuid.uuid5(FIREBASE_NAMESPACE, uid))


@dataclass
class Kind:
    """One hash kind: the `UserImportHash`, how a user's hash is made, and what the stored
    hash starts with until the first sign-in."""
    hash_alg: auth.UserImportHash
    make: Callable[[str, bytes], bytes]
    stored_prefix: str
    password: str = PASSWORD


KINDS = {
    "scrypt": Kind(
        auth.UserImportHash.scrypt(key=SIGNER_KEY, rounds=ROUNDS, memory_cost=MEM_COST, salt_separator=SALT_SEPARATOR),
        lambda password, salt: firebase_scrypt(password, salt, signer_key=SIGNER_KEY, salt_separator=SALT_SEPARATOR,
                                               rounds=ROUNDS, mem_cost=MEM_COST),
        "$fbscrypt$"),
    "standard_scrypt": Kind(
        auth.UserImportHash.standard_scrypt(memory_cost=16384, parallelization=1, block_size=8, derived_key_length=64),
        lambda password, salt: standard_scrypt(password, salt, n=16384, r=8, p=1, dklen=64),
        "$scrypt$"),
    # pyca bcrypt's vector (no bcrypt package in the venv); Firebase sends the string's bytes.
    "bcrypt": Kind(auth.UserImportHash.bcrypt(), lambda password, salt: BCRYPT[password].encode(), "$2",
                   password=UNICODE_PASSWORD),
    "pbkdf2_sha256": Kind(auth.UserImportHash.pbkdf2_sha256(rounds=10000),
                          lambda password, salt: pbkdf2_sha256(password, salt, 10000), "$pbkdf2-sha256$"),
    "hmac_sha256": Kind(auth.UserImportHash.hmac_sha256(key=HMAC_KEY),
                        lambda password, salt: hmac_hash("sha256", HMAC_KEY, password, salt), "$hmac-sha256$"),
    "hmac_sha512": Kind(auth.UserImportHash.hmac_sha512(key=HMAC_KEY),
                        lambda password, salt: hmac_hash("sha512", HMAC_KEY, password, salt), "$hmac-sha512$",
                        password=UNICODE_PASSWORD),
}


def record(kind: str, uid: str, email: str, password: str | None = None, **fields) -> auth.ImportUserRecord:
    """An ImportUserRecord whose hash is `password` (the kind's own by default) under `kind`."""
    # Bytes that base64 writes as `+/` (standard) and `-_` (URL-safe, what firebase-admin sends).
    salt = b"\xfb\xff\xfe" + secrets.token_bytes(13)
    hashed = KINDS[kind].make(password or KINDS[kind].password, salt)
    return auth.ImportUserRecord(uid=uid, email=email, password_hash=hashed,
                                 password_salt=None if kind == "bcrypt" else salt, **fields)


def firebase_sign_in(server, email: str, password: str):
    return v1(server, "signInWithPassword", {"email": email, "password": password, "returnSecureToken": True})


def gotrue_sign_in(server, email: str, password: str):
    return server.client().sign_in_with_password({"email": email, "password": password})


def gotrue_failure(server, email: str, password: str) -> tuple:
    with pytest.raises(AuthApiError) as info:
        gotrue_sign_in(server, email, password)
    return info.value.status, info.value.code, info.value.message


def firebase_failure(server, email: str, password: str) -> tuple:
    response = firebase_sign_in(server, email, password)
    firebase_error(response, "INVALID_LOGIN_CREDENTIALS")
    return response.status_code, response.json()


def imported(result, count: int) -> None:
    assert (result.success_count, result.failure_count) == (count, 0), [(e.index, e.reason) for e in result.errors]


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_an_imported_user_signs_in_with_the_old_password_over_both_protocols(fb_server, firebase_auth, kind):
    uid, email, password = firebase_uid(), unique_email(f"fb-import-{kind}"), KINDS[kind].password
    result = firebase_auth.import_users(
        [record(kind, uid, email, email_verified=True, display_name="Grace Hopper", custom_claims={"plan": "pro"},
                user_metadata=auth.UserMetadata(creation_timestamp=CREATED_MS, last_sign_in_timestamp=LAST_SIGN_IN_MS))],
        hash_alg=KINDS[kind].hash_alg)
    imported(result, 1)
    user_id = gotrue_id(uid)
    assert user_id != uid and is_uuid(user_id)
    assert stored_hash(fb_server, user_id).startswith(KINDS[kind].stored_prefix)

    # A wrong password, checked against the imported hash, is answered as an unknown address is,
    # on both protocols, whatever the format.
    stranger = unique_email("fb-import-nobody")
    assert firebase_failure(fb_server, email, "not the old password") == firebase_failure(fb_server, stranger, password)
    assert gotrue_failure(fb_server, email, "not the old password") == gotrue_failure(fb_server, stranger, password)
    assert gotrue_failure(fb_server, email, "not the old password")[:2] == (400, "invalid_credentials")

    # The old password over the Identity Toolkit REST API: the uid is the one Firebase gave.
    response = firebase_sign_in(fb_server, email, password)
    assert response.status_code == 200, response.text
    signed_in = response.json()
    assert signed_in["localId"] == uid and signed_in["email"] == email
    token = claims(signed_in["idToken"])
    assert token["sub"] == uid and token["user_id"] == uid, token
    assert firebase_auth.verify_id_token(signed_in["idToken"])["uid"] == uid
    # The first sign-in replaced the imported hash with Gatehouse's bcrypt.
    assert is_bcrypt(stored_hash(fb_server, user_id))

    # The same password through the official GoTrue client: the account's UUID.
    session = gotrue_sign_in(fb_server, email, password)
    assert session.user.id == user_id
    assert fb_server.decode_access_token(session.session.access_token)["sub"] == user_id
    assert session.user.email_confirmed_at is not None
    assert session.user.app_metadata.get("plan") == "pro"

    got = firebase_auth.get_user(uid)
    assert (got.uid, got.email, got.email_verified, got.display_name, got.disabled) == (
        uid, email, True, "Grace Hopper", False)
    assert got.user_metadata.creation_timestamp == CREATED_MS
    assert firebase_auth.get_user_by_email(email).uid == uid

    # After the upgrade, a wrong password is still the one answer.
    assert firebase_failure(fb_server, email, "not the old password") == firebase_failure(fb_server, stranger, password)
    assert gotrue_failure(fb_server, email, "not the old password") == gotrue_failure(fb_server, stranger, password)


def test_uids_keep_their_text_and_map_to_uuids(fb_server, firebase_auth):
    """A lower-case UUID uid is the GoTrue id itself; any other uid (Firebase's 28 characters, a
    UUID in upper case, an e-mail-like or numeric uid) keeps its text on the Firebase side and
    is a version-5 UUID on the GoTrue side."""
    uids = [str(uuid.uuid4()), str(uuid.uuid4()).upper(), firebase_uid(), f"legacy:{secrets.randbelow(10**9)}"]
    emails = [unique_email("fb-uid") for _ in uids]
    result = firebase_auth.import_users(
        [record("bcrypt", uid, email, email_verified=True) for uid, email in zip(uids, emails)],
        hash_alg=auth.UserImportHash.bcrypt())
    imported(result, len(uids))
    admin = fb_server.admin()
    for uid, email in zip(uids, emails):
        user_id = gotrue_id(uid)
        assert is_uuid(user_id)
        assert (user_id == uid) == (uid == uids[0]), (uid, user_id)
        assert firebase_auth.get_user(uid).uid == uid
        assert admin.get_user_by_id(user_id).user.email == email
        signed_in = firebase_sign_in(fb_server, email, UNICODE_PASSWORD).json()
        assert signed_in["localId"] == uid and claims(signed_in["idToken"])["sub"] == uid
        # The uid holds through a lookup by ID token and a refresh.
        assert ios_lookup(fb_server, signed_in["idToken"]).json()["users"][0]["localId"] == uid
        refreshed = secure_token(fb_server, signed_in["refreshToken"])
        assert refreshed.status_code == 200, refreshed.text
        assert refreshed.json()["user_id"] == uid and claims(refreshed.json()["id_token"])["sub"] == uid
        assert gotrue_sign_in(fb_server, email, UNICODE_PASSWORD).user.id == user_id
    # An upper-case UUID uid is another account than its lower-case text would be.
    with pytest.raises(auth.UserNotFoundError):
        firebase_auth.get_user(uids[1].lower())


def test_a_disabled_user_comes_over_disabled(fb_server, firebase_auth):
    uid, email = firebase_uid(), unique_email("fb-import-disabled")
    imported(firebase_auth.import_users([record("scrypt", uid, email, email_verified=True, disabled=True)],
                                        hash_alg=KINDS["scrypt"].hash_alg), 1)
    assert firebase_auth.get_user(uid).disabled is True
    firebase_error(firebase_sign_in(fb_server, email, PASSWORD), "USER_DISABLED")
    with pytest.raises(AuthApiError) as info:
        gotrue_sign_in(fb_server, email, PASSWORD)
    assert (info.value.status, info.value.code) == (400, "user_banned")
    firebase_auth.update_user(uid, disabled=False)
    assert firebase_sign_in(fb_server, email, PASSWORD).json()["localId"] == uid
    # firebase-admin deletes it by the uid it knows.
    firebase_auth.delete_user(uid)
    with pytest.raises(auth.UserNotFoundError):
        firebase_auth.get_user(uid)
    with pytest.raises(AuthApiError):
        gotrue_sign_in(fb_server, email, PASSWORD)


def test_an_unverified_user_signs_in_over_firebase_only(fb_server, firebase_auth):
    """Firebase signs unverified accounts in, GoTrue does not (test_firebase_lifecycle.py): an
    imported user whose address Firebase had not verified comes over unconfirmed."""
    uid, email = firebase_uid(), unique_email("fb-import-unverified")
    imported(firebase_auth.import_users([record("hmac_sha256", uid, email, email_verified=False)],
                                        hash_alg=KINDS["hmac_sha256"].hash_alg), 1)
    assert firebase_auth.get_user(uid).email_verified is False
    assert firebase_sign_in(fb_server, email, PASSWORD).json()["localId"] == uid
    with pytest.raises(AuthApiError) as info:
        gotrue_sign_in(fb_server, email, PASSWORD)
    assert (info.value.status, info.value.code) == (400, "email_not_confirmed")


def test_importing_again_answers_per_user_errors(fb_server, firebase_auth):
    uids = [firebase_uid(), firebase_uid()]
    emails = [unique_email("fb-reimport") for _ in uids]
    first = [record("pbkdf2_sha256", uid, email) for uid, email in zip(uids, emails)]
    imported(firebase_auth.import_users(first, hash_alg=KINDS["pbkdf2_sha256"].hash_alg), 2)

    newcomer_uid, newcomer_email = firebase_uid(), unique_email("fb-reimport-new")
    again = [
        record("pbkdf2_sha256", uids[0], emails[0], password="another password entirely"),
        record("pbkdf2_sha256", uids[1], unique_email("fb-reimport-moved")),       # a taken uid, another address
        record("pbkdf2_sha256", firebase_uid(), emails[1].upper()),                # another uid, a taken address
        record("pbkdf2_sha256", newcomer_uid, newcomer_email),
    ]
    result = firebase_auth.import_users(again, hash_alg=KINDS["pbkdf2_sha256"].hash_alg)
    assert (result.success_count, result.failure_count) == (1, 3)
    assert [(e.index, e.reason) for e in result.errors] == [
        (0, "localId belongs to an existing account - can not overwrite."),
        (1, "localId belongs to an existing account - can not overwrite."),
        (2, "email exists in other account in database"),
    ]
    # Nothing was overwritten: the first import's password still signs in, the second's does not.
    assert firebase_sign_in(fb_server, emails[0], PASSWORD).json()["localId"] == uids[0]
    firebase_error(firebase_sign_in(fb_server, emails[0], "another password entirely"), "INVALID_LOGIN_CREDENTIALS")
    assert firebase_auth.get_user(uids[1]).email == emails[1]
    assert firebase_sign_in(fb_server, newcomer_email, PASSWORD).json()["localId"] == newcomer_uid


def test_a_mixed_batch_imports_the_good_users(fb_server, firebase_auth):
    uids = [firebase_uid() for _ in range(6)]
    emails = [unique_email("fb-mixed") for _ in uids]
    short_hash = auth.ImportUserRecord(uid=uids[1], email=emails[1], password_hash=b"too short", password_salt=b"salt")
    batch = [
        record("scrypt", uids[0], emails[0], email_verified=True),
        short_hash,                                                     # not as long as the signer key
        record("scrypt", uids[2], emails[2], email_verified=True),
        record("scrypt", uids[3], "not an address@example.com"),        # firebase-admin lets it through
        record("scrypt", uids[0], emails[4]),                            # uid earlier in the batch
        record("scrypt", uids[5], emails[0].upper()),                    # address earlier in the batch
    ]
    result = firebase_auth.import_users(batch, hash_alg=KINDS["scrypt"].hash_alg)
    assert (result.success_count, result.failure_count) == (2, 4), [(e.index, e.reason) for e in result.errors]
    reasons = {e.index: e.reason for e in result.errors}
    assert sorted(reasons) == [1, 3, 4, 5]
    assert reasons[1].startswith("passwordHash:"), reasons
    assert reasons[3] == "email is not a valid address", reasons
    assert "same id" in reasons[4] and "same address" in reasons[5], reasons
    # The reasons name the field and the rule, never a value.
    for reason in reasons.values():
        assert "@" not in reason and "too short" not in reason, reason

    for index in (0, 2):
        assert firebase_sign_in(fb_server, emails[index], PASSWORD).json()["localId"] == uids[index]
        assert gotrue_sign_in(fb_server, emails[index], PASSWORD).user.id == gotrue_id(uids[index])
    for index in (1, 3, 5):
        with pytest.raises(auth.UserNotFoundError):
            firebase_auth.get_user(uids[index])
    with pytest.raises(auth.UserNotFoundError):
        firebase_auth.get_user_by_email(emails[4])


def test_unusable_hash_parameters_refuse_the_whole_batch(fb_server, firebase_auth):
    """Plain repeated digests (MD5 …) are not verified: the request fails before any user is
    written, with Identity Toolkit's error name."""
    uid, email = firebase_uid(), unique_email("fb-md5")
    md5 = auth.ImportUserRecord(uid=uid, email=email, password_hash=hashlib.md5(PASSWORD.encode()).digest())
    with pytest.raises(exceptions.InvalidArgumentError) as info:
        firebase_auth.import_users([md5], hash_alg=auth.UserImportHash.md5(rounds=1))
    assert "INVALID_HASH_ALGORITHM" in str(info.value)
    with pytest.raises(auth.UserNotFoundError):
        firebase_auth.get_user(uid)
