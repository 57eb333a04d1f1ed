"""Password hashes of other systems, for the tests that import accounts with them
(test_admin_password_hash.py, test_admin_import_fields.py, test_import_cli.py,
firebase/test_import_users.py).

Fixed vectors where this venv has no implementation (bcrypt: no `bcrypt` package here), and the
other algorithms computed in the test from their definitions with hashlib and `cryptography`:
Firebase's modified scrypt, standard scrypt, PBKDF2, HMAC and Django's `make_password`. Plus
`stored_hash`, the `encrypted_password` column of an account as the server under test stores it
(SQLite file or the PostgreSQL database of the harness), to see an imported hash replaced by
bcrypt after the first sign-in.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import sqlite3
import subprocess

PASSWORD = "correct horse battery staple"

# Made by the reference implementations (Tests/GatehouseServerTests/Passwords/ImportedHashes/Vectors).
HASHES = {
    "bcrypt": "$2b$04$jbSj3X51NmDozVgxmLrTxeuorGLShf9.N2u.USjgNqDu6yhnqOF2S",
    "firebase-scrypt": "$fbscrypt$v=1,n=5,r=8,p=1,ss=Bw==,sk=0Y/S7KPtsaW7CGBlcwOK2ZqStNRMGHg87D/KPP2x57E="
                       "$Gyl/99IC58Wc8g==$tcUDATbRNNcLrSMruuaA9CsTP2eljxvEww9kF8yoH6U=",
    "argon2id": "$argon2id$v=19$m=64,t=3,p=1$wD8NpPYolI7g0RI8xnl7bQ$X+JtCdRgOa6g16HkhGU/Kki1Mgdw5raVReuTa60+fws",
    "django-pbkdf2": "pbkdf2_sha256$1000$x3ocmduzihpyimytgniyrt$7rExGiCIJanIY/WKao2CPJSW3WLjDKi4lylpr3E+UKQ=",
}

# bcrypt by pyca bcrypt 5.0.0 (the same vector file), password → hash, in the three prefixes
# GoTrue, PHP and Node write. bcrypt salts itself, so two accounts of one password may share a
# hash without telling anything.
BCRYPT = {
    PASSWORD: "$2a$04$0NYRM//E3IKjMo2CvmjimebNo.GXwcWx/jYXpQHKOCM3QgsyxxM0W",
    "pässwörd ✓ 🔑": "$2b$04$PcLPvBDlOfFFwAi8H3KxaOpAT4UFjnWOC7LDn5/sllLphvI7dxlTq",
    "a" * 72: "$2y$04$dTZWH9JjG3.jTZhjhlyR3.XSylXEhCr3TFZd9DjQEmkIz9tek7cDK",
}


def b64(data: bytes) -> str:
    """Standard base64 with padding, as Firebase's console and `auth:export` write bytes."""
    return base64.b64encode(data).decode()


def firebase_scrypt(password: str, salt: bytes, *, signer_key: bytes, salt_separator: bytes, rounds: int,
                    mem_cost: int) -> bytes:
    """Firebase Auth's modified scrypt: the derived key is scrypt(password, salt ‖ separator,
    N = 2^mem_cost, r = rounds, p = 1, 64 bytes); the stored hash is the signer key encrypted with
    AES-256-CTR under its first 32 bytes, the counter block starting at zero."""
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

    derived = hashlib.scrypt(password.encode(), salt=salt + salt_separator, n=2 ** mem_cost, r=rounds, p=1,
                             dklen=64, maxmem=2 ** 26)
    encryptor = Cipher(algorithms.AES(derived[:32]), modes.CTR(bytes(16))).encryptor()
    return encryptor.update(signer_key) + encryptor.finalize()


def standard_scrypt(password: str, salt: bytes, *, n: int, r: int, p: int, dklen: int) -> bytes:
    return hashlib.scrypt(password.encode(), salt=salt, n=n, r=r, p=p, dklen=dklen, maxmem=2 ** 26)


def pbkdf2_sha256(password: str, salt: bytes, rounds: int, dklen: int = 32) -> bytes:
    return hashlib.pbkdf2_hmac("sha256", password.encode(), salt, rounds, dklen)


def hmac_hash(digest: str, key: bytes, password: str, salt: bytes) -> bytes:
    """Firebase's HMAC_* kinds as Gatehouse reads them: HMAC(key, password ‖ salt)."""
    return hmac.new(key, password.encode() + salt, digest).digest()


def django_pbkdf2_sha256(password: str, salt: str, iterations: int) -> str:
    """What Django's `make_password(password, salt)` stores with its default hasher
    (PBKDF2PasswordHasher): `pbkdf2_sha256$<iterations>$<salt>$<base64 of the 32-byte digest>`."""
    digest = hashlib.pbkdf2_hmac("sha256", password.encode(), salt.encode(), iterations)
    return f"pbkdf2_sha256${iterations}${salt}${b64(digest)}"


def stored_hash(server, user_id: str) -> str | None:
    """The account's stored password hash (`users.encrypted_password`), read from the server's
    own store as test_bad_input.py writes to it: its SQLite file, or its PostgreSQL database
    through psql."""
    if server.config.db == "sqlite":
        with sqlite3.connect(server.workdir / "data" / "gatehouse.sqlite") as database:
            row = database.execute("SELECT encrypted_password FROM users WHERE id = ?", (user_id,)).fetchone()
        assert row is not None, f"no row for {user_id}"
        return row[0]
    result = subprocess.run(
        [server.config.psql, "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-v", f"id={user_id}",
         "-d", server.database_url],
        input="SELECT coalesce(encrypted_password, '<null>') FROM users WHERE id = :'id';",
        capture_output=True, text=True, timeout=30,
    )
    assert result.returncode == 0, result.stderr
    value = result.stdout.strip()
    assert value, f"no row for {user_id}"
    return None if value == "<null>" else value


def is_bcrypt(stored: str | None) -> bool:
    return stored is not None and stored[:4] in ("$2a$", "$2b$", "$2y$")
