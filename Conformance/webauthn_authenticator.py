"""A software WebAuthn authenticator for the passkey conformance tests.

It does what a browser plus a platform authenticator do, with python `cryptography`: makes a
key pair (P-256 for ES256, or Ed25519 for EdDSA), builds clientDataJSON, authenticator data and
a CBOR `none` attestation object, and signs assertions, then hands back the W3C JSON shapes
(RegistrationResponseJSON / AuthenticationResponseJSON) that supabase-js and supabase-swift
post. Every field can be bent by a test (origin, type, challenge, rpId, flags, counter, a bad
signature) to check that the server refuses it.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import struct
from dataclasses import dataclass, field

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, ed25519

UP, UV, BE, BS, AT = 0x01, 0x04, 0x08, 0x10, 0x40


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


# ----- a minimal CBOR encoder (RFC 8949: the types a COSE key and attestation object use) -----


def _head(major: int, value: int) -> bytes:
    if value < 24:
        return bytes([major << 5 | value])
    for info, size in ((24, 1), (25, 2), (26, 4), (27, 8)):
        if value < 1 << (8 * size):
            return bytes([major << 5 | info]) + value.to_bytes(size, "big")
    raise ValueError(value)


def cbor(value) -> bytes:
    if isinstance(value, bool):
        return bytes([0xF5 if value else 0xF4])
    if isinstance(value, int):
        return _head(0, value) if value >= 0 else _head(1, -1 - value)
    if isinstance(value, bytes):
        return _head(2, len(value)) + value
    if isinstance(value, str):
        data = value.encode()
        return _head(3, len(data)) + data
    if isinstance(value, list):
        return _head(4, len(value)) + b"".join(cbor(item) for item in value)
    if isinstance(value, dict):
        return _head(5, len(value)) + b"".join(cbor(k) + cbor(v) for k, v in value.items())
    raise TypeError(type(value))


@dataclass
class Credential:
    """A passkey held by the authenticator: key, id, the user handle it was made for, counter."""

    algorithm: str
    private_key: object
    credential_id: bytes
    user_handle: bytes
    rp_id: str
    sign_count: int = 0
    backup_eligible: bool = False
    backed_up: bool = False

    def cose_key(self) -> bytes:
        public = self.private_key.public_key()
        if self.algorithm == "ES256":
            numbers = public.public_numbers()
            return cbor({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")})
        raw = public.public_bytes_raw()
        return cbor({1: 1, 3: -8, -1: 6, -2: raw})

    def sign(self, message: bytes) -> bytes:
        if self.algorithm == "ES256":
            return self.private_key.sign(message, ec.ECDSA(hashes.SHA256()))
        return self.private_key.sign(message)


@dataclass
class SoftwareAuthenticator:
    """Answers registration and sign-in options as a browser would from `origin`."""

    origin: str = "http://localhost:5173"
    credentials: list[Credential] = field(default_factory=list)

    # ----- registration (navigator.credentials.create) -----

    def create(
        self,
        options: dict,
        *,
        algorithm: str = "ES256",
        origin: str | None = None,
        ceremony_type: str = "webauthn.create",
        challenge: str | None = None,
        rp_id: str | None = None,
        flags: int | None = None,
        backup_eligible: bool = False,
        credential_id: bytes | None = None,
        sign_count: int = 0,
    ) -> tuple[dict, Credential]:
        """The RegistrationResponseJSON for creation `options`, and the new credential."""
        assert -7 in [p["alg"] for p in options["pubKeyCredParams"]] or algorithm != "ES256"
        key = ec.generate_private_key(ec.SECP256R1()) if algorithm == "ES256" else ed25519.Ed25519PrivateKey.generate()
        credential = Credential(
            algorithm=algorithm,
            private_key=key,
            credential_id=credential_id or os.urandom(16),
            user_handle=b64url_decode(options["user"]["id"]),
            rp_id=options["rp"]["id"],
            sign_count=sign_count,
            backup_eligible=backup_eligible,
        )
        client_data = self.client_data(ceremony_type, challenge or options["challenge"], origin)
        if flags is None:
            flags = UP | UV | AT | (BE if backup_eligible else 0)
        attested = (
            b"\x00" * 16 + struct.pack(">H", len(credential.credential_id)) + credential.credential_id + credential.cose_key()
        )
        auth_data = self.rp_id_hash(rp_id or credential.rp_id) + bytes([flags]) + struct.pack(">I", sign_count) + attested
        attestation = cbor({"fmt": "none", "attStmt": {}, "authData": auth_data})
        self.credentials.append(credential)
        raw_id = b64url(credential.credential_id)
        response = {
            "id": raw_id,
            "rawId": raw_id,
            "type": "public-key",
            "response": {
                "clientDataJSON": b64url(client_data),
                "attestationObject": b64url(attestation),
                "transports": ["internal", "hybrid"],
            },
            "clientExtensionResults": {},
            "authenticatorAttachment": "platform",
        }
        return response, credential

    # ----- sign-in (navigator.credentials.get) -----

    def get(
        self,
        options: dict,
        credential: Credential | None = None,
        *,
        origin: str | None = None,
        ceremony_type: str = "webauthn.get",
        challenge: str | None = None,
        rp_id: str | None = None,
        flags: int | None = None,
        sign_count: int | None = None,
        tamper_signature: bool = False,
        user_handle: bytes | None = None,
    ) -> dict:
        """The AuthenticationResponseJSON for request `options`, signed by `credential`
        (the last one made by default). The counter moves on by one unless `sign_count` is given."""
        credential = credential or self.credentials[-1]
        if sign_count is None:
            credential.sign_count += 1
            sign_count = credential.sign_count
        if flags is None:
            flags = UP | UV | (BE if credential.backup_eligible else 0) | (BS if credential.backed_up else 0)
        auth_data = self.rp_id_hash(rp_id or options.get("rpId", credential.rp_id)) + bytes([flags]) + struct.pack(">I", sign_count)
        client_data = self.client_data(ceremony_type, challenge or options["challenge"], origin)
        signature = credential.sign(auth_data + hashlib.sha256(client_data).digest())
        if tamper_signature:
            signature = signature[:-1] + bytes([signature[-1] ^ 0x01])
        raw_id = b64url(credential.credential_id)
        return {
            "id": raw_id,
            "rawId": raw_id,
            "type": "public-key",
            "response": {
                "clientDataJSON": b64url(client_data),
                "authenticatorData": b64url(auth_data),
                "signature": b64url(signature),
                "userHandle": b64url(credential.user_handle if user_handle is None else user_handle),
            },
            "clientExtensionResults": {},
            "authenticatorAttachment": "platform",
        }

    # ----- shared pieces -----

    def client_data(self, ceremony_type: str, challenge: str, origin: str | None) -> bytes:
        return json.dumps(
            {"type": ceremony_type, "challenge": challenge, "origin": origin or self.origin, "crossOrigin": False},
            separators=(",", ":"),
        ).encode()

    @staticmethod
    def rp_id_hash(rp_id: str) -> bytes:
        return hashlib.sha256(rp_id.encode()).digest()
