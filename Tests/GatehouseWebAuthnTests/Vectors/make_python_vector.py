# Builds one ES256 registration (packed self attestation) and one assertion with python
# `cryptography`, a CBOR encoder written here, and prints them as W3C JSON.
import base64, hashlib, json, struct, uuid
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives import hashes

def b64u(b): return base64.urlsafe_b64encode(b).rstrip(b"=").decode()
def head(major, n):
    if n < 24: return bytes([major << 5 | n])
    if n < 256: return bytes([major << 5 | 24, n])
    if n < 65536: return bytes([major << 5 | 25]) + struct.pack(">H", n)
    return bytes([major << 5 | 26]) + struct.pack(">I", n)
def cbor(v):
    if isinstance(v, bool): return b"\xf5" if v else b"\xf4"
    if isinstance(v, int): return head(0, v) if v >= 0 else head(1, -1 - v)
    if isinstance(v, bytes): return head(2, len(v)) + v
    if isinstance(v, str): return head(3, len(v.encode())) + v.encode()
    if isinstance(v, list): return head(4, len(v)) + b"".join(map(cbor, v))
    if isinstance(v, dict): return head(5, len(v)) + b"".join(cbor(k) + cbor(x) for k, x in v.items())
    raise TypeError(v)

key = ec.generate_private_key(ec.SECP256R1())
nums = key.public_key().public_numbers()
cose = cbor({1: 2, 3: -7, -1: 1, -2: nums.x.to_bytes(32, "big"), -3: nums.y.to_bytes(32, "big")})
rp_id, origin = "example.com", "https://example.com"
challenge = bytes(range(32))
cred_id = hashlib.sha256(b"python credential").digest()
user = uuid.UUID("7b1c3c55-0d0e-4c5f-9a39-1f0f4f1d2a6b")
aaguid = uuid.UUID("ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4").bytes  # Google Password Manager's

rp_hash = hashlib.sha256(rp_id.encode()).digest()
auth_reg = rp_hash + bytes([0x5d]) + struct.pack(">I", 0) + aaguid + struct.pack(">H", len(cred_id)) + cred_id + cose
cd_reg = json.dumps({"type": "webauthn.create", "challenge": b64u(challenge), "origin": origin, "crossOrigin": False}, separators=(",", ":")).encode()
sig_reg = key.sign(auth_reg + hashlib.sha256(cd_reg).digest(), ec.ECDSA(hashes.SHA256()))
att = cbor({"fmt": "packed", "attStmt": {"alg": -7, "sig": sig_reg}, "authData": auth_reg})
registration = {"id": b64u(cred_id), "rawId": b64u(cred_id), "type": "public-key",
    "response": {"clientDataJSON": b64u(cd_reg), "attestationObject": b64u(att), "transports": ["hybrid", "internal"]},
    "clientExtensionResults": {}, "authenticatorAttachment": "platform"}

auth_get = rp_hash + bytes([0x1d]) + struct.pack(">I", 0)
cd_get = json.dumps({"type": "webauthn.get", "challenge": b64u(challenge[::-1]), "origin": origin}, separators=(",", ":")).encode()
sig_get = key.sign(auth_get + hashlib.sha256(cd_get).digest(), ec.ECDSA(hashes.SHA256()))
assertion = {"id": b64u(cred_id), "rawId": b64u(cred_id), "type": "public-key",
    "response": {"clientDataJSON": b64u(cd_get), "authenticatorData": b64u(auth_get), "signature": b64u(sig_get),
                 "userHandle": b64u(str(user).encode())}, "clientExtensionResults": {}}
print(json.dumps({"registration": registration, "assertion": assertion, "cose": cose.hex()}, indent=1))
