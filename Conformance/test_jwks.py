"""Asymmetric signing keys, `/.well-known/jwks.json` and the official client's `get_claims`
(gotrue-extended.md section 9).

Development servers without GATEHOUSE_JWT_SECRET sign RS256 with a key pair made once in the data
folder; with the secret they sign HS256 as production does. GATEHOUSE_JWT_KEYS takes GoTrue's JWK
list (RS256 or ES256 signing keys, HS256 keys that only verify). `get_claims` verifies asymmetric
tokens locally with the key JWKS publishes, HS256 ones through `GET /user`.
"""

from __future__ import annotations

import json
import stat
import subprocess
import uuid

import httpx
import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from jwt.algorithms import ECAlgorithm, RSAAlgorithm
from supabase_auth.errors import AuthInvalidJwtError

from support import assert_error, new_user_with_session, sign_up, unique_email

PRIVATE_MEMBERS = {"d", "p", "q", "dp", "dq", "qi", "k"}


def jwks(server) -> dict:
    response = httpx.get(server.url("/.well-known/jwks.json"), timeout=5.0, trust_env=False)
    assert response.status_code == 200, response.text
    return response.json()


def rsa_jwk(kid: str, key_ops: list[str]) -> dict:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return {**json.loads(RSAAlgorithm.to_jwk(key)), "kid": kid, "alg": "RS256", "key_ops": key_ops}


def ec_jwk(kid: str, key_ops: list[str]) -> dict:
    key = ec.generate_private_key(ec.SECP256R1())
    return {**json.loads(ECAlgorithm.to_jwk(key)), "kid": kid, "alg": "ES256", "key_ops": key_ops}


@pytest.fixture(scope="module")
def keyless_server(module_servers):
    """Development without GATEHOUSE_JWT_SECRET (blank counts as unset): its own secret and key pair."""
    return module_servers.start(jwt_secret=" ")


def session_of(server) -> tuple:
    """A signed-in official client and its access token."""
    email = unique_email("jwks")
    sign_up(server, email)
    client = server.client()
    session = client.sign_in_with_password({"email": email, "password": "correct-horse-battery"}).session
    return client, session.access_token


def test_development_with_a_secret_signs_hs256_as_production_does(server):
    client, token = session_of(server)
    assert jwt.get_unverified_header(token) == {"alg": "HS256", "typ": "JWT"}
    assert jwks(server) == {"keys": []}
    assert client.get_claims()["claims"]["sub"] == server.decode_access_token(token)["sub"]


def test_development_tokens_are_rs256_and_get_claims_verifies_them_through_jwks(keyless_server):
    server = keyless_server
    client, token = session_of(server)
    header = jwt.get_unverified_header(token)
    assert header["alg"] == "RS256" and header["typ"] == "JWT" and header["kid"]

    published = jwks(server)["keys"]
    assert [key["kid"] for key in published] == [header["kid"]]
    key = published[0]
    assert key["kty"] == "RSA" and key["alg"] == "RS256" and key["use"] == "sig"
    assert key["key_ops"] == ["verify"] and key["e"] and key["n"]
    assert not PRIVATE_MEMBERS & key.keys()

    claims = client.get_claims()
    assert claims["claims"]["sub"] == server.decode_access_token(token)["sub"]
    assert claims["headers"]["kid"] == header["kid"]


def test_jwks_is_served_under_auth_v1_and_cacheable(server):
    response = httpx.get(f"{server.auth_url}/.well-known/jwks.json", timeout=5.0, trust_env=False)
    assert response.status_code == 200
    assert response.json() == jwks(server)
    assert response.headers["cache-control"] == "public, max-age=600"


def test_a_token_with_a_foreign_signature_is_refused(keyless_server):
    server = keyless_server
    client, token = session_of(server)
    header = jwt.get_unverified_header(token)
    claims = jwt.decode(token, options={"verify_signature": False})
    foreign = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    forged = jwt.encode(claims, foreign, algorithm="RS256", headers={"kid": header["kid"]})
    with pytest.raises(AuthInvalidJwtError, match="Invalid JWT signature"):
        client.get_claims(jwt=forged)
    # The server refuses it too.
    response = server.request("GET", "user", bearer=forged)
    assert_error(response, 403, "bad_jwt")


def test_the_development_key_survives_a_restart_and_stays_private(server_factory):
    server = server_factory.start(jwt_secret=" ")
    client, token = session_of(server)
    before = jwks(server)
    key_file = server.workdir / "data" / "jwt-signing-key.pem"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600

    server._stop_process()
    server._spawn(None if server._database is None else server._pg._url_for(server._database))
    server._wait_healthy()

    assert jwks(server) == before
    # Verified locally with the republished key: the old token is still good.
    assert server.client().get_claims(jwt=token)["claims"]["sub"] == jwt.decode(
        token, options={"verify_signature": False})["sub"]


@pytest.mark.parametrize("make_key, alg", [(rsa_jwk, "RS256"), (ec_jwk, "ES256")])
def test_configured_signing_key(server_factory, make_key, alg):
    signing = make_key(str(uuid.uuid4()), ["sign", "verify"])
    retired = rsa_jwk(str(uuid.uuid4()), ["verify"])
    hmac_key = {"kty": "oct", "kid": "hs-old", "alg": "HS256", "k": "c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA",
                "key_ops": ["verify"]}
    server = server_factory.start(jwt_keys=json.dumps([hmac_key, signing, retired]))
    client, token = session_of(server)
    header = jwt.get_unverified_header(token)
    assert header["alg"] == alg and header["kid"] == signing["kid"]

    published = jwks(server)["keys"]
    assert sorted(key["kid"] for key in published) == sorted([signing["kid"], retired["kid"]])
    for key in published:
        assert not PRIVATE_MEMBERS & key.keys() and key["key_ops"] == ["verify"] and key["use"] == "sig"
    assert client.get_claims()["claims"]["role"] == "authenticated"

    # A token signed by the verify-only key (an earlier signing key) is still accepted.
    claims = jwt.decode(token, options={"verify_signature": False})
    older = jwt.encode(claims, RSAAlgorithm.from_jwk(json.dumps(retired)), algorithm="RS256",
                       headers={"kid": retired["kid"]})
    assert server.request("GET", "user", bearer=older).status_code == 200
    # So is one signed by the HS256 oct key, named by its kid.
    by_oct = jwt.encode(claims, jwt.PyJWK(hmac_key).key, algorithm="HS256", headers={"kid": "hs-old"})
    assert server.request("GET", "user", bearer=by_oct).status_code == 200


def test_keys_made_by_gatehouse_keys_still_verify_as_hs256(server, harness, tmp_path):
    env = {"GATEHOUSE_JWT_SECRET": server.jwt_secret, "GATEHOUSE_DATA_DIR": str(tmp_path / "data"),
           "PATH": "/usr/bin:/bin"}
    output = subprocess.run([str(harness.binary), "keys"], env=env, capture_output=True, text=True, timeout=30,
                            check=True).stdout
    keys = dict(line.split(": ", 1) for line in output.splitlines() if ": " in line)
    service_role = keys["service_role"]
    assert jwt.get_unverified_header(service_role)["alg"] == "HS256"
    admin = server.admin(service_role)
    email = unique_email("keys")
    created = admin.create_user({"email": email, "password": "correct-horse-battery", "email_confirm": True}).user
    assert created.email == email

    # An HS256 user token (no kid) goes through GET /user in get_claims.
    token = new_user_with_session(server)["access_token"]
    claims = jwt.decode(token, options={"verify_signature": False})
    hs256 = jwt.encode(claims, server.jwt_secret, algorithm="HS256")
    assert server.client().get_claims(jwt=hs256)["claims"]["sub"] == claims["sub"]
