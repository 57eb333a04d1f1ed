"""OpenID Connect issuers on loopback, for the federated sign-in tests.

`LoopbackIssuer` is an issuer of our own: it serves a discovery document and a JWKS (an RS256
key and an ES256 key) and mints ID tokens with any header and claims. Apple's and Google's real
issuers cannot be reached from a test, so their tokens are reproduced by it, quirks included
(`apple_claims`: `email_verified` and `is_private_email` as strings, a relay address, the nonce's
SHA-256; `google_claims`: `azp`, a boolean `email_verified`, the profile), and the server is
pointed at it with GATEHOUSE_EXTERNAL_APPLE_ISSUER / _JWKS_URL (Google's likewise).

`OIDCProviderMock` runs the `oidc-provider-mock` package, a real OpenID provider (authlib
underneath), in a process of its own, and gets a real ID token from it through its
authorization-code flow; the server knows it as the custom provider `mock`.

Fixtures (module-wide; import them into the test module that uses them):
  apple_issuer, google_issuer   a LoopbackIssuer each (Apple's and Google's key paths)
  oidc_mock                     a running OIDCProviderMock
and `provider_settings(...)` turns them into the server's GATEHOUSE_EXTERNAL_* settings.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
import signal
import subprocess
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import jwt
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa

from gatehouse_server import free_port

APPLE_CLIENT_IDS = ("com.example.app", "com.example.web")  # the bundle id, the services id
GOOGLE_CLIENT_IDS = (
    "123456789012-ios0example.apps.googleusercontent.com",
    "123456789012-web0example.apps.googleusercontent.com",
)
MOCK_PROVIDER = "mock"
MOCK_CLIENT_ID = "gatehouse-conformance"
MOCK_CLIENT_SECRET = "mock-client-secret"
MOCK_REDIRECT_URI = "http://127.0.0.1:9/callback"  # never followed: the code is read off the redirect

READY_TIMEOUT = 20.0  # seconds for the provider mock to serve its discovery document
STOP_TIMEOUT = 10.0


# ----- nonces, subjects, addresses ----------------------------------------------------------


def raw_nonce() -> str:
    """What an app makes and keeps; the provider's token carries `hashed(raw)`."""
    return secrets.token_urlsafe(24)


def hashed(nonce: str) -> str:
    return hashlib.sha256(nonce.encode()).hexdigest()


def apple_sub() -> str:
    """Apple's subjects look like `001234.0123456789abcdef0123456789abcdef.1234`."""
    return f"{secrets.randbelow(10**6):06d}.{secrets.token_hex(16)}.{secrets.randbelow(10**4):04d}"


def google_sub() -> str:
    return str(10**20 + secrets.randbelow(9 * 10**20))


def relay_email() -> str:
    """An address of Apple's private relay."""
    return f"{secrets.token_hex(5)}@privaterelay.appleid.com"


# ----- the loopback issuer ------------------------------------------------------------------


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _segment(value: dict[str, Any]) -> str:
    return _b64url(json.dumps(value, separators=(",", ":")).encode())


class LoopbackIssuer:
    """An OpenID issuer on 127.0.0.1 (a free port, a thread): discovery, a JWKS, and minting.

    Keys are added with `add_key` (rotation: the JWKS serves every key added so far); the
    number of JWKS requests served is `jwks_requests`.
    """

    def __init__(self, name: str, jwks_path: str):
        self.name = name
        self.jwks_path = jwks_path
        self._keys: dict[str, Any] = {}
        self._lock = threading.Lock()
        self.jwks_requests = 0
        self.rsa_kid = self.add_key("rsa")
        self.ec_kid = self.add_key("ec")
        self._http = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self._http.daemon_threads = True
        self._thread = threading.Thread(
            target=self._http.serve_forever, kwargs={"poll_interval": 0.1}, name=f"issuer-{name}", daemon=True
        )
        self._thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._http.server_address[1]}"

    @property
    def jwks_url(self) -> str:
        return self.url + self.jwks_path

    def add_key(self, kind: str = "rsa") -> str:
        """A new signing key, published from now on; returns its `kid`."""
        if kind == "rsa":
            key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        elif kind == "ec":
            key = ec.generate_private_key(ec.SECP256R1())
        else:
            raise ValueError(kind)
        kid = f"{self.name}-{kind}-{secrets.token_hex(4)}"
        with self._lock:
            self._keys[kid] = key
        return kid

    def private_key(self, kid: str):
        return self._keys[kid]

    def public_pem(self, kid: str) -> bytes:
        return self._keys[kid].public_key().public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )

    def jwks(self) -> dict[str, Any]:
        with self._lock:
            items = list(self._keys.items())
        keys = []
        for kid, key in items:
            if isinstance(key, rsa.RSAPrivateKey):
                jwk = jwt.algorithms.RSAAlgorithm.to_jwk(key.public_key(), as_dict=True)
                jwk["alg"] = "RS256"
            else:
                jwk = jwt.algorithms.ECAlgorithm.to_jwk(key.public_key(), as_dict=True)
                jwk["alg"] = "ES256"
            keys.append({**jwk, "kid": kid, "use": "sig"})
        return {"keys": keys}

    def discovery(self) -> dict[str, Any]:
        return {
            "issuer": self.url,
            "authorization_endpoint": self.url + "/auth/authorize",
            "token_endpoint": self.url + "/auth/token",
            "jwks_uri": self.jwks_url,
            "response_types_supported": ["code"],
            "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["RS256", "ES256"],
        }

    def mint(self, claims: dict[str, Any], *, kid: str | None = None, alg: str | None = None,
             key: Any = None, header: dict[str, Any] | None = None) -> str:
        """A signed ID token: by the key `kid` names (default: the RSA key) or by `key` under
        that `kid` (a forgery); `header` adds or overrides header fields."""
        kid = kid or self.rsa_kid
        signing_key = key if key is not None else self._keys[kid]
        if alg is None:
            alg = "RS256" if isinstance(signing_key, rsa.RSAPrivateKey) else "ES256"
        return jwt.encode(claims, signing_key, algorithm=alg, headers={"kid": kid, **(header or {})})

    def forged_with_foreign_key(self, claims: dict[str, Any]) -> str:
        """Signed by a key the issuer never published, under its RSA key's `kid`."""
        return self.mint(claims, key=rsa.generate_private_key(public_exponent=65537, key_size=2048))

    def unsigned(self, claims: dict[str, Any]) -> str:
        """`alg: none`, no signature, the RSA key's `kid`."""
        return f"{_segment({'alg': 'none', 'typ': 'JWT', 'kid': self.rsa_kid})}.{_segment(claims)}."

    def hs256_keyed_with_public_key(self, claims: dict[str, Any]) -> str:
        """The algorithm confusion attack: HS256 with the published RSA key's PEM as the secret
        (PyJWT refuses to make it, so it is made by hand)."""
        signing_input = f"{_segment({'alg': 'HS256', 'typ': 'JWT', 'kid': self.rsa_kid})}.{_segment(claims)}"
        mac = hmac.new(self.public_pem(self.rsa_kid), signing_input.encode(), hashlib.sha256).digest()
        return f"{signing_input}.{_b64url(mac)}"

    def verify(self, token: str, audience: str | list[str]) -> dict[str, Any]:
        """The token checked as a relying party would (PyJWT against the served JWKS)."""
        client = jwt.PyJWKClient(self.jwks_url, cache_keys=False)
        key = client.get_signing_key_from_jwt(token)
        return jwt.decode(token, key, algorithms=["RS256", "ES256"], audience=audience, issuer=self.url)

    def stop(self) -> None:
        self._http.shutdown()
        self._http.server_close()
        self._thread.join(timeout=5)


def _handler_for(issuer: LoopbackIssuer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            path = urllib.parse.urlsplit(self.path).path
            if path == "/.well-known/openid-configuration":
                self._json(issuer.discovery())
            elif path == issuer.jwks_path:
                with issuer._lock:
                    issuer.jwks_requests += 1
                self._json(issuer.jwks())
            else:
                self.send_error(404)

        def _json(self, body: dict[str, Any]) -> None:
            data = json.dumps(body).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    return Handler


# ----- Apple's and Google's token shapes ---------------------------------------------------


def _without_nones(claims: dict[str, Any]) -> dict[str, Any]:
    return {name: value for name, value in claims.items() if value is not None}


def apple_claims(issuer: LoopbackIssuer, *, sub: str | None = None, email: str | None = None,
                 email_verified: Any = "true", nonce: str | None = None, aud: Any = APPLE_CLIENT_IDS[0],
                 **extra: Any) -> dict[str, Any]:
    """An ID token as Sign in with Apple issues it; `nonce` is the app's raw nonce (the token
    carries its SHA-256 in hex). A claim given as None in `extra` is left out."""
    now = int(time.time())
    claims = {
        "iss": issuer.url,
        "aud": aud,
        "exp": now + 600,
        "iat": now,
        "sub": sub or apple_sub(),
        "c_hash": _b64url(secrets.token_bytes(16)),
        "email": email or relay_email(),
        "email_verified": email_verified,
        "is_private_email": "true",
        "auth_time": now,
        "nonce_supported": True,
        "nonce": hashed(nonce) if nonce is not None else None,
    }
    claims.update(extra)
    return _without_nones(claims)


def google_claims(issuer: LoopbackIssuer, *, sub: str | None = None, email: str | None = None,
                  email_verified: Any = True, nonce: str | None = None, aud: Any = GOOGLE_CLIENT_IDS[0],
                  **extra: Any) -> dict[str, Any]:
    """An ID token as Google Sign-In for iOS issues it (`azp` the same client id as `aud`)."""
    now = int(time.time())
    given, family = "Ada", f"Tester{secrets.token_hex(2)}"
    claims = {
        "iss": issuer.url,
        "azp": aud if isinstance(aud, str) else aud[0],
        "aud": aud,
        "sub": sub or google_sub(),
        "email": email or f"google-{secrets.token_hex(6)}@gmail.example.com",
        "email_verified": email_verified,
        "at_hash": _b64url(secrets.token_bytes(16)),
        "name": f"{given} {family}",
        "picture": f"https://lh3.googleusercontent.example/a/{secrets.token_hex(8)}=s96-c",
        "given_name": given,
        "family_name": family,
        "iat": now,
        "exp": now + 3600,
        "nonce": hashed(nonce) if nonce is not None else None,
    }
    claims.update(extra)
    return _without_nones(claims)


# ----- oidc-provider-mock -----------------------------------------------------------------


class OIDCProviderMock:
    """`python -m oidc_provider_mock` on a free 127.0.0.1 port, stopped by its PID."""

    def __init__(self, workdir: Path):
        self.workdir = workdir
        self.log_path = workdir / "oidc-provider-mock.log"
        self.port = 0
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        """Its issuer: the mock names itself after the host it is asked on."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> "OIDCProviderMock":
        for attempt in range(3):
            self.port = free_port()
            with open(self.log_path, "ab") as log:
                self.proc = subprocess.Popen(
                    [sys.executable, "-m", "oidc_provider_mock", "--host", "127.0.0.1", "--port", str(self.port)],
                    cwd=self.workdir, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                    env={**os.environ, "NO_COLOR": "1"}, start_new_session=True,
                )
            if self._wait_ready():
                return self
            self.stop()
        raise RuntimeError(f"oidc-provider-mock did not start:\n{self.log_path.read_text(errors='replace')[-2000:]}")

    def _wait_ready(self) -> bool:
        deadline = time.monotonic() + READY_TIMEOUT
        with httpx.Client(timeout=2.0, trust_env=False) as probe:
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    return False
                try:
                    if probe.get(self.url + "/.well-known/openid-configuration").status_code == 200:
                        return True
                except httpx.TransportError:
                    pass
                time.sleep(0.05)
        return False

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=STOP_TIMEOUT)

    def id_token(self, sub: str, claims: dict[str, Any], *, nonce: str | None = None,
                 client_id: str = MOCK_CLIENT_ID, scope: str = "openid email profile") -> str:
        """A real ID token for `sub` with `claims`, through the authorization-code flow: the
        user's claims stored (`PUT /users/<sub>`), the authorize form posted as the person
        would, the code exchanged at the token endpoint. `nonce` is the app's raw nonce (the
        authorization request carries its SHA-256, which the token repeats)."""
        with httpx.Client(base_url=self.url, timeout=10.0, trust_env=False) as client:
            stored = client.put(f"/users/{urllib.parse.quote(sub, safe='')}", json=claims)
            assert stored.status_code == 204, stored.text
            state = secrets.token_urlsafe(12)
            params = {"client_id": client_id, "redirect_uri": MOCK_REDIRECT_URI, "response_type": "code",
                      "scope": scope, "state": state}
            if nonce is not None:
                params["nonce"] = hashed(nonce)
            authorized = client.post("/oauth2/authorize", params=params, data={"sub": sub})
            assert authorized.status_code == 302, authorized.text
            answer = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(authorized.headers["location"]).query))
            assert answer.get("state") == state and answer.get("code"), answer
            exchanged = client.post("/oauth2/token", data={
                "grant_type": "authorization_code", "code": answer["code"], "redirect_uri": MOCK_REDIRECT_URI,
                "client_id": client_id, "client_secret": MOCK_CLIENT_SECRET,
            })
            assert exchanged.status_code == 200, exchanged.text
            return exchanged.json()["id_token"]


# ----- the server's settings, and the fixtures -------------------------------------------


def provider_settings(apple: LoopbackIssuer | None = None, google: LoopbackIssuer | None = None,
                      mock: OIDCProviderMock | None = None) -> dict[str, Any]:
    """The GATEHOUSE_EXTERNAL_* settings enabling each provider given (for `server_factory.start`)."""
    settings: dict[str, Any] = {}
    if apple is not None:
        settings.update(external_apple_enabled=True, external_apple_client_ids=",".join(APPLE_CLIENT_IDS),
                        external_apple_issuer=apple.url, external_apple_jwks_url=apple.jwks_url)
    if google is not None:
        settings.update(external_google_enabled=True, external_google_client_ids=",".join(GOOGLE_CLIENT_IDS),
                        external_google_issuer=google.url, external_google_jwks_url=google.jwks_url)
    if mock is not None:
        settings.update(external_oidc_name=MOCK_PROVIDER, external_oidc_issuer=mock.url,
                        external_oidc_client_ids=MOCK_CLIENT_ID, external_oidc_secret=MOCK_CLIENT_SECRET)
    return settings


@pytest.fixture(scope="module")
def apple_issuer():
    issuer = LoopbackIssuer("apple", "/auth/keys")
    try:
        yield issuer
    finally:
        issuer.stop()


@pytest.fixture(scope="module")
def google_issuer():
    issuer = LoopbackIssuer("google", "/oauth2/v3/certs")
    try:
        yield issuer
    finally:
        issuer.stop()


@pytest.fixture(scope="module")
def oidc_mock(tmp_path_factory):
    mock = OIDCProviderMock(tmp_path_factory.mktemp("oidc-mock")).start()
    try:
        yield mock
    finally:
        mock.stop()
