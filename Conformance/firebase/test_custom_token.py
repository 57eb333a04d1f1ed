"""Firebase custom tokens (`accounts:signInWithCustomToken`, the iOS SDK's `verifyCustomToken`):
firebase-admin 7.7.0's `create_custom_token`, initialised with a service account whose key the
server trusts (`GATEHOUSE_FIREBASE_SERVICE_ACCOUNT_FILE`), mints the token; the Identity Toolkit
exchange gives ID tokens for the uid (not a UUID) with the developer claims, which
firebase-admin's `verify_id_token` accepts; bad tokens are refused with Firebase's names and make
no account. Runs on SQLite and PostgreSQL (`--db`)."""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import json
import os
import time
import uuid

import jwt
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

from firebase_support import PROJECT_ID, admin_client, claims, firebase_error, secure_token, v1, v3

AUDIENCE = "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"
CLIENT_EMAIL = "backend@gatehouse-dev.iam.gserviceaccount.com"
KEY_ID = "5a1f0c2e9b8d7c6a5f4e3d2c1b0a99887766554433"


def service_account(key: rsa.RSAPrivateKey, client_email: str = CLIENT_EMAIL, key_id: str = KEY_ID) -> dict:
    """A service-account file as Google's console writes it (PKCS#8 key)."""
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    return {
        "type": "service_account", "project_id": PROJECT_ID, "private_key_id": key_id, "private_key": pem.decode(),
        "client_email": client_email, "client_id": "123456789012345678901",
        "auth_uri": "https://accounts.google.com/o/oauth2/auth", "token_uri": "https://oauth2.googleapis.com/token",
    }


@pytest.fixture(scope="module")
def trusted_key() -> rsa.RSAPrivateKey:
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


@pytest.fixture(scope="module")
def account(trusted_key) -> dict:
    return service_account(trusted_key)


@pytest.fixture(scope="module")
def ct_server(module_servers, account, tmp_path_factory):
    path = tmp_path_factory.mktemp("service-account") / "service-account.json"
    path.write_text(json.dumps(account))
    return module_servers.start(firebase_service_account_file=str(path))


@contextlib.contextmanager
def minting_client(account: dict):
    """firebase-admin with the service account's credential, as a backend runs it: not in emulator
    mode (there it mints unsigned tokens), for the `with` block only."""
    import firebase_admin
    from firebase_admin import auth, credentials

    previous = os.environ.pop("FIREBASE_AUTH_EMULATOR_HOST", None)
    app = firebase_admin.initialize_app(credentials.Certificate(account), options={"projectId": PROJECT_ID},
                                        name=f"minter-{uuid.uuid4().hex[:8]}")
    try:
        yield auth.Client(app)
    finally:
        firebase_admin.delete_app(app)
        if previous is not None:
            os.environ["FIREBASE_AUTH_EMULATOR_HOST"] = previous


def mint(account: dict, uid: str, developer_claims: dict | None = None) -> str:
    with minting_client(account) as client:
        token = client.create_custom_token(uid, developer_claims)
    return token.decode() if isinstance(token, bytes) else token


def exchange(server, token: str, ios: bool = False):
    body = {"token": token, "returnSecureToken": True}
    return v3(server, "verifyCustomToken", body) if ios else v1(server, "signInWithCustomToken", body)


def forged(key, payload: dict, algorithm: str = "RS256") -> str:
    return jwt.encode(payload, key, algorithm=algorithm, headers={"kid": KEY_ID})


def payload(uid: str, **changes) -> dict:
    now = int(time.time())
    body = {"iss": CLIENT_EMAIL, "sub": CLIENT_EMAIL, "aud": AUDIENCE, "uid": uid, "iat": now, "exp": now + 3600}
    body.update(changes)
    return body


def no_account(server, uid: str) -> bool:
    from firebase_admin import auth

    with admin_client(server) as client:
        try:
            client.get_user(uid)
        except auth.UserNotFoundError:
            return True
    return False


def test_firebase_admin_token_signs_in_a_new_uid_with_its_claims(ct_server, account):
    uid = f"legacy-{uuid.uuid4().hex[:10]}"
    token = mint(account, uid, {"role": "admin", "premium": True, "groups": ["a", "b"]})
    header = json.loads(base64.urlsafe_b64decode(token.split(".")[0] + "=="))
    assert header["alg"] == "RS256" and header["kid"] == KEY_ID, header

    response = exchange(ct_server, token)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["kind"] == "identitytoolkit#VerifyCustomTokenResponse"
    assert body["isNewUser"] is True and body["expiresIn"] == "3600", body
    id_claims = claims(body["idToken"])
    assert id_claims["sub"] == id_claims["user_id"] == uid, id_claims
    assert id_claims["role"] == "admin" and id_claims["premium"] is True and id_claims["groups"] == ["a", "b"], id_claims
    assert id_claims["firebase"]["sign_in_provider"] == "custom", id_claims
    assert "email" not in id_claims, id_claims

    with admin_client(ct_server) as client:
        decoded = client.verify_id_token(body["idToken"], check_revoked=True)
        assert decoded["uid"] == uid and decoded["role"] == "admin", decoded
        assert client.get_user(uid).uid == uid

    refreshed = secure_token(ct_server, body["refreshToken"])
    assert refreshed.status_code == 200, refreshed.text
    again = claims(refreshed.json()["id_token"])
    assert again["user_id"] == uid and again["role"] == "admin", again

    second = exchange(ct_server, mint(account, uid), ios=True)
    assert second.status_code == 200, second.text
    assert second.json()["isNewUser"] is False
    assert "role" not in claims(second.json()["idToken"]), "a token without claims gives a session without them"


def test_uid_of_an_existing_account_signs_in_to_it_and_a_disabled_one_is_refused(ct_server, account):
    email = f"custom-{uuid.uuid4().hex[:8]}@example.com"
    with admin_client(ct_server) as client:
        user = client.create_user(email=email, password="correct-horse-battery", email_verified=True)
    response = exchange(ct_server, mint(account, user.uid))
    assert response.status_code == 200, response.text
    assert response.json()["isNewUser"] is False
    id_claims = claims(response.json()["idToken"])
    assert id_claims["user_id"] == user.uid and id_claims["email"] == email, id_claims

    with admin_client(ct_server) as client:
        client.update_user(user.uid, disabled=True)
    firebase_error(exchange(ct_server, mint(account, user.uid)), "USER_DISABLED")


def test_tokens_the_server_does_not_trust_are_refused_and_make_no_account(ct_server, account, trusted_key):
    uid = f"never-{uuid.uuid4().hex[:8]}"
    stranger = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    now = int(time.time())
    firebase_error(exchange(ct_server, mint(service_account(stranger), uid)), "INVALID_CUSTOM_TOKEN")
    firebase_error(exchange(ct_server, forged(stranger, payload(uid))), "INVALID_CUSTOM_TOKEN")
    firebase_error(exchange(ct_server, forged(trusted_key, payload(uid, iat=now - 7200, exp=now - 3600))), "INVALID_CUSTOM_TOKEN")
    firebase_error(exchange(ct_server, forged(trusted_key, payload(uid, exp=now + 7200))), "INVALID_CUSTOM_TOKEN")
    firebase_error(exchange(ct_server, forged(trusted_key, payload(uid, aud=PROJECT_ID))), "CREDENTIAL_MISMATCH")
    reserved = payload(uid, claims={"firebase": {"sign_in_provider": "password"}})
    firebase_error(exchange(ct_server, forged(trusted_key, reserved)), "INVALID_CUSTOM_TOKEN")

    # firebase-admin in emulator mode mints unsigned tokens (`alg: none`): never accepted.
    with admin_client(ct_server) as client:
        unsigned = client.create_custom_token(uid)
    unsigned = unsigned.decode() if isinstance(unsigned, bytes) else unsigned
    assert json.loads(base64.urlsafe_b64decode(unsigned.split(".")[0] + "=="))["alg"] == "none"
    firebase_error(exchange(ct_server, unsigned), "INVALID_CUSTOM_TOKEN")

    # HS256 keyed with the trusted public key (algorithm confusion).
    public_pem = trusted_key.public_key().public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
    def part(value: dict) -> str:
        return base64.urlsafe_b64encode(json.dumps(value).encode()).rstrip(b"=").decode()
    signing_input = part({"alg": "HS256", "typ": "JWT", "kid": KEY_ID}) + "." + part(payload(uid))
    mac = hmac.new(public_pem, signing_input.encode(), hashlib.sha256).digest()
    confused = signing_input + "." + base64.urlsafe_b64encode(mac).rstrip(b"=").decode()
    firebase_error(exchange(ct_server, confused), "INVALID_CUSTOM_TOKEN")

    firebase_error(v1(ct_server, "signInWithCustomToken", {"returnSecureToken": True}), "MISSING_CUSTOM_TOKEN")
    assert no_account(ct_server, uid)


def test_without_a_trusted_service_account_custom_tokens_are_not_allowed(fb_server, account):
    firebase_error(exchange(fb_server, mint(account, "anyone")), "OPERATION_NOT_ALLOWED")
