#!/usr/bin/env python3
"""Writes imported_hash_vectors.json: the reference vectors the imported-hash tests check.

Every vector comes from the format's own reference implementation, never from Gatehouse:

- BLAKE2b: RFC 7693 Appendix A, and Python's hashlib.blake2b for other lengths;
- Argon2: RFC 9106 section 5 (checked here against argon2-cffi's binding of the reference C
  code), argon2-cffi's raw hashes and PHC strings, and Django's make_password;
- bcrypt: the pyca `bcrypt` package ($2a$, $2b$, $2y$), and Django's make_password;
- Firebase scrypt: the firebase/scrypt README example, GoTrue's own test vector, and hashes
  made by the algorithm written out below (scrypt from hashlib, AES-256-CTR from
  `cryptography`), checked against the `firebase-scrypt` package;
- standard scrypt: hashlib.scrypt (OpenSSL);
- Django PBKDF2: Django's make_password.

Salts are derived from fixed labels, so a re-run writes the same file. Run it in a throwaway
virtualenv; none of these packages is a dependency of the project:

    python3 -m venv /tmp/vectors-venv
    /tmp/vectors-venv/bin/pip install argon2-cffi bcrypt cryptography django firebase-scrypt
    /tmp/vectors-venv/bin/python generate_vectors.py
"""

import base64
import hashlib
import json
import pathlib
from importlib import metadata

import argon2
import bcrypt
import django
from _argon2_cffi_bindings import ffi, lib
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from django.conf import settings

# The cheap hashers below, so that check_password recognises every vector (each keeps its
# Django algorithm name; a hash carries its own costs).
settings.configure(
    PASSWORD_HASHERS=[f"__main__.{name}" for name in ("CheapPBKDF2", "CheapArgon2", "CheapBcryptSHA256", "CheapBcrypt")]
)
django.setup()

from django.contrib.auth import hashers  # noqa: E402 (needs the settings above)

OUTPUT = pathlib.Path(__file__).with_name("imported_hash_vectors.json")
PASSWORDS = ["correct horse battery staple", "", "pässwörd ✓ 🔑", "a" * 72]


def fixed_bytes(label, count):
    """Deterministic 'random' bytes, so that the file is stable across runs."""
    out = b""
    counter = 0
    while len(out) < count:
        out += hashlib.sha256(f"{label}/{counter}".encode()).digest()
        counter += 1
    return out[:count]


def b64(data):
    return base64.b64encode(data).decode()


# ---------------------------------------------------------------------------------------------
# BLAKE2b


def blake2b_vectors():
    rfc = (
        "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
        "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923"
    )
    assert hashlib.blake2b(b"abc").hexdigest() == rfc
    vectors = [{"input_hex": b"abc".hex(), "digest_length": 64, "digest_hex": rfc, "source": "RFC 7693 Appendix A"}]
    for size in (0, 1, 127, 128, 129, 255, 256, 1000):
        message = fixed_bytes(f"blake2b-{size}", size)
        for length in (1, 32, 48, 64):
            digest = hashlib.blake2b(message, digest_size=length).hexdigest()
            vectors.append(
                {"input_hex": message.hex(), "digest_length": length, "digest_hex": digest, "source": "hashlib.blake2b"}
            )
    return vectors


# ---------------------------------------------------------------------------------------------
# Argon2

ARGON2_TYPES = {"argon2d": lib.Argon2_d, "argon2i": lib.Argon2_i, "argon2id": lib.Argon2_id}


def argon2_reference(kind, version, memory, passes, lanes, password, salt, secret, associated, length):
    """The reference C implementation (through argon2-cffi), with secret and associated data."""
    out = ffi.new("uint8_t[]", length)
    buffers = [ffi.new("uint8_t[]", value) if value else ffi.NULL for value in (password, salt, secret, associated)]
    context = ffi.new(
        "argon2_context *",
        dict(
            version=version, out=out, outlen=length,
            pwd=buffers[0], pwdlen=len(password), salt=buffers[1], saltlen=len(salt),
            secret=buffers[2], secretlen=len(secret), ad=buffers[3], adlen=len(associated),
            t_cost=passes, m_cost=memory, lanes=lanes, threads=lanes,
            allocate_cbk=ffi.NULL, free_cbk=ffi.NULL, flags=lib.ARGON2_DEFAULT_FLAGS,
        ),
    )
    code = lib.argon2_ctx(context, ARGON2_TYPES[kind])
    assert code == 0, argon2.low_level.error_to_str(code)
    return bytes(ffi.buffer(out, length))


def argon2_raw_vectors():
    rfc_tags = {
        "argon2d": "512b391b6f1162975371d30919734294f868e3be3984f3c1a13a4db9fabe4acb",
        "argon2i": "c814d9d1dc7f37aa13f0d77f2494bda1c8de6b016dd388d29952a4c4672b6ce8",
        "argon2id": "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659",
    }
    sections = {"argon2d": "5.1", "argon2i": "5.2", "argon2id": "5.3"}
    vectors = []
    for kind, tag in rfc_tags.items():
        inputs = dict(password=b"\x01" * 32, salt=b"\x02" * 16, secret=b"\x03" * 8, associated=b"\x04" * 12)
        assert argon2_reference(kind, 0x13, 32, 3, 4, length=32, **inputs).hex() == tag
        vectors.append(raw_vector(kind, 0x13, 32, 3, 4, inputs, tag, f"RFC 9106 section {sections[kind]}"))
    cases = [
        # (type, version, memory KiB, passes, lanes, password length, salt length, tag length)
        ("argon2id", 0x13, 8, 1, 1, 8, 8, 4),
        ("argon2id", 0x13, 64, 2, 1, 0, 16, 32),
        ("argon2id", 0x13, 37, 1, 2, 20, 16, 64),
        ("argon2id", 0x13, 96, 2, 3, 33, 33, 65),
        ("argon2id", 0x13, 256, 1, 1, 100, 16, 100),
        ("argon2id", 0x10, 64, 3, 2, 12, 16, 32),
        ("argon2i", 0x13, 16, 1, 1, 8, 8, 16),
        ("argon2i", 0x13, 64, 3, 4, 32, 16, 32),
        ("argon2i", 0x13, 520, 1, 1, 16, 16, 32),
        ("argon2i", 0x10, 64, 2, 2, 12, 16, 32),
        ("argon2d", 0x13, 64, 2, 2, 12, 16, 32),
        ("argon2d", 0x10, 32, 3, 1, 12, 16, 24),
    ]
    for index, (kind, version, memory, passes, lanes, password_length, salt_length, length) in enumerate(cases):
        inputs = dict(
            password=fixed_bytes(f"argon2-password-{index}", password_length),
            salt=fixed_bytes(f"argon2-salt-{index}", salt_length),
            secret=b"",
            associated=b"",
        )
        tag = argon2_reference(kind, version, memory, passes, lanes, length=length, **inputs)
        if version == 0x13 and kind != "argon2d":
            raw = argon2.low_level.hash_secret_raw(
                inputs["password"], inputs["salt"], passes, memory, lanes, length, argon2.low_level.Type[kind[6:].upper()]
            )
            assert raw == tag
        vectors.append(raw_vector(kind, version, memory, passes, lanes, inputs, tag.hex(), "argon2-cffi"))
    return vectors


def raw_vector(kind, version, memory, passes, lanes, inputs, tag_hex, source):
    return {
        "type": kind, "version": version, "memory_kib": memory, "passes": passes, "lanes": lanes,
        "password_hex": inputs["password"].hex(), "salt_hex": inputs["salt"].hex(),
        "secret_hex": inputs["secret"].hex(), "associated_data_hex": inputs["associated"].hex(),
        "tag_hex": tag_hex, "source": source,
    }


def argon2_phc_vectors():
    vectors = []
    settings_list = [
        ("ID", 0x13, 3, 64, 1, 16, 32),
        ("ID", 0x13, 2, 32, 2, 16, 16),
        ("I", 0x13, 2, 16, 1, 8, 32),
        ("I", 0x10, 1, 32, 1, 16, 32),
        ("ID", 0x10, 1, 32, 2, 16, 32),
    ]
    for index, (kind, version, passes, memory, lanes, salt_length, length) in enumerate(settings_list):
        for password in PASSWORDS[:3]:
            salt = fixed_bytes(f"phc-{index}-{password}", salt_length)
            encoded = argon2.low_level.hash_secret(
                password.encode(), salt, passes, memory, lanes, length, argon2.low_level.Type[kind], version
            ).decode()
            assert argon2.low_level.verify_secret(encoded.encode(), password.encode(), argon2.low_level.Type[kind])
            vectors.append({"format": "argon2", "hash": encoded, "password": password, "source": "argon2-cffi"})
    # The gotrue test vectors (password "test"), from supabase/auth internal/crypto/password_test.go.
    for encoded in (
        "$argon2i$v=19$m=16,t=2,p=1$bGJRWThNOHJJTVBSdHl2dQ$NfEnUOuUpb7F2fQkgFUG4g",
        "$argon2id$v=19$m=32,t=3,p=2$SFVpOWJ0eXhjRzVkdGN1RQ$RXnb8rh7LaDcn07xsssqqulZYXOM/EUCEFMVcAcyYVk",
    ):
        assert argon2.PasswordHasher().verify(encoded, "test")
        vectors.append({"format": "argon2", "hash": encoded, "password": "test", "source": "GoTrue test vector"})
    return vectors


# ---------------------------------------------------------------------------------------------
# bcrypt

BCRYPT_ALPHABET = "./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def bcrypt_salt(prefix, cost, label):
    """A bcrypt salt string with fixed bytes (bcrypt's own base64, 16 bytes in 22 characters)."""
    raw = fixed_bytes(label, 16)
    bits = int.from_bytes(raw, "big") << 4  # 128 bits, padded to 22 six-bit characters
    chars = [BCRYPT_ALPHABET[(bits >> (6 * (21 - i))) & 63] for i in range(22)]
    return f"${prefix}${cost:02d}${''.join(chars)}".encode()


def bcrypt_vectors():
    vectors = []
    for prefix in ("2a", "2b", "2y"):
        for index, password in enumerate(PASSWORDS):
            salt = bcrypt_salt(prefix, 4, f"bcrypt-{prefix}-{index}")
            encoded = bcrypt.hashpw(password.encode(), salt)
            assert encoded.startswith(f"${prefix}$".encode()) and bcrypt.checkpw(password.encode(), encoded)
            vectors.append({"format": "bcrypt", "hash": encoded.decode(), "password": password, "source": "pyca bcrypt"})
    salt = bcrypt_salt("2b", 10, "bcrypt-cost-10")
    encoded = bcrypt.hashpw(b"reference cost", salt).decode()
    vectors.append({"format": "bcrypt", "hash": encoded, "password": "reference cost", "source": "pyca bcrypt"})
    # The gotrue test vector (password "test"), from supabase/auth internal/crypto/password_test.go.
    gotrue = "$2y$04$mIJxfrCaEI3GukZe11CiXublhEFanu5.ododkll1WphfSp6pn4zIu"
    assert bcrypt.checkpw(b"test", gotrue.encode())
    vectors.append({"format": "bcrypt", "hash": gotrue, "password": "test", "source": "GoTrue test vector"})
    return vectors


# ---------------------------------------------------------------------------------------------
# Firebase's modified scrypt


def firebase_modified_scrypt(password, salt, separator, signer_key, rounds, memory_cost):
    """Firebase's algorithm: scrypt(password, salt + separator, N=2^mem_cost, r=rounds, p=1, 64)
    keys AES-256-CTR (first 32 bytes, IV of 16 zero bytes), which encrypts the signer key."""
    derived = hashlib.scrypt(password, salt=salt + separator, n=2**memory_cost, r=rounds, p=1, dklen=64)
    encryptor = Cipher(algorithms.AES(derived[:32]), modes.CTR(b"\x00" * 16)).encryptor()
    return encryptor.update(signer_key) + encryptor.finalize()


def fbscrypt_string(signer_key, separator, rounds, memory_cost, salt, hashed):
    return (
        f"$fbscrypt$v=1,n={memory_cost},r={rounds},p=1,ss={b64(separator)},sk={b64(signer_key)}"
        f"${b64(salt)}${b64(hashed)}"
    )


def firebase_scrypt_vectors():
    import firebase_scrypt as reference_package

    vectors = []
    # The firebase/scrypt README example (mem_cost 14, rounds 8).
    readme = dict(
        signer_key="jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==",
        separator="Bw==", salt="42xEC+ixf3L2lw==", password="user1password",
        expected="lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==",
    )
    decoded = {key: base64.b64decode(readme[key]) for key in ("signer_key", "separator", "salt", "expected")}
    computed = firebase_modified_scrypt(
        readme["password"].encode(), decoded["salt"], decoded["separator"], decoded["signer_key"], 8, 14
    )
    assert computed == decoded["expected"]
    vectors.append(firebase_vector(readme["password"], decoded, 8, 14, "firebase/scrypt README"))
    # GoTrue's test vector, password "mytestpassword" (supabase/auth internal/crypto/password_test.go).
    gotrue = (
        "$fbscrypt$v=1,n=14,r=8,p=1,ss=Bw==,sk=ou9tdYTGyYm8kuR6Dt0Bp0kDuAYoXrK16mbZO4yGwAn3oLspjnN0/c41v8xZnO1n14J3"
        "MjKj1b2g6AUCAlFwMw==$C0sHCg9ek77hsg==$zKVTMvnWVw5BBOZNUdnsalx4c4c7y/w7IS5p6Ut2+CfEFFlz37J9huyQfov4iizN8dbjv"
        "EJlM5tQaJP84+hfTw=="
    )
    parts = gotrue.split("$")
    gotrue_key = base64.b64decode(parts[2].split(",sk=")[1])
    assert firebase_modified_scrypt(
        b"mytestpassword", base64.b64decode(parts[3]), b"\x07", gotrue_key, 8, 14
    ) == base64.b64decode(parts[4])
    vectors.append({"format": "fbscrypt", "hash": gotrue, "password": "mytestpassword", "source": "GoTrue test vector"})
    # Small-cost vectors, checked against the firebase-scrypt package.
    cases = [(1, 1, b"\x07", 64), (4, 2, b"", 64), (8, 5, b"\x07", 32), (2, 3, b"sep", 48)]
    for index, (rounds, memory_cost, separator, key_length) in enumerate(cases):
        for password in PASSWORDS[:3]:
            label = f"fbscrypt-{index}-{password}"
            values = dict(
                signer_key=fixed_bytes(label + "-key", key_length), separator=separator,
                salt=fixed_bytes(label + "-salt", 10),
            )
            values["expected"] = firebase_modified_scrypt(
                password.encode(), values["salt"], separator, values["signer_key"], rounds, memory_cost
            )
            if separator:  # the package cannot take an empty separator (it base64-decodes strings)
                assert reference_package.verify_password(
                    password=password, known_hash=b64(values["expected"]), salt=b64(values["salt"]),
                    salt_separator=b64(separator), signer_key=b64(values["signer_key"]),
                    rounds=rounds, mem_cost=memory_cost,
                )
            vectors.append(firebase_vector(password, values, rounds, memory_cost, "firebase-scrypt algorithm"))
    return vectors


def firebase_vector(password, values, rounds, memory_cost, source):
    return {
        "format": "fbscrypt",
        "hash": fbscrypt_string(
            values["signer_key"], values["separator"], rounds, memory_cost, values["salt"], values["expected"]
        ),
        "password": password,
        "firebase_fields": {
            "signer_key": b64(values["signer_key"]), "salt_separator": b64(values["separator"]),
            "rounds": rounds, "memory_cost": memory_cost,
            "salt": b64(values["salt"]), "password_hash": b64(values["expected"]),
        },
        "source": source,
    }


# ---------------------------------------------------------------------------------------------
# Standard scrypt (Firebase's STANDARD_SCRYPT)


def standard_scrypt_vectors():
    vectors = []
    cases = [(16, 1, 1, 64), (1024, 8, 1, 32), (256, 4, 3, 64), (2, 2, 2, 16), (4096, 8, 1, 64)]
    for index, (n, r, p, length) in enumerate(cases):
        for password in PASSWORDS[:3]:
            salt = fixed_bytes(f"scrypt-{index}-{password}", 16)
            hashed = hashlib.scrypt(password.encode(), salt=salt, n=n, r=r, p=p, dklen=length)
            log_n = n.bit_length() - 1
            vectors.append({
                "format": "scrypt",
                "hash": f"$scrypt$ln={log_n},r={r},p={p}${b64(salt)}${b64(hashed)}",
                "password": password,
                "firebase_fields": {
                    "memory_cost": n, "block_size": r, "parallelization": p, "derived_key_length": length,
                    "salt": b64(salt), "password_hash": b64(hashed),
                },
                "source": "hashlib.scrypt",
            })
    return vectors


# ---------------------------------------------------------------------------------------------
# Django


class CheapPBKDF2(hashers.PBKDF2PasswordHasher):
    iterations = 1000


class CheapArgon2(hashers.Argon2PasswordHasher):
    time_cost = 1
    memory_cost = 64
    parallelism = 2


class CheapBcryptSHA256(hashers.BCryptSHA256PasswordHasher):
    rounds = 4


class CheapBcrypt(hashers.BCryptPasswordHasher):
    rounds = 4


def django_vectors():
    vectors = []
    for index, password in enumerate(PASSWORDS):
        # Django's own salt alphabet (letters and digits), at its own length.
        salt = base64.b32encode(fixed_bytes(f"django-{index}", 15)).decode().lower()[:22]
        made = [
            (hashers.make_password(password, salt, CheapPBKDF2()), "pbkdf2_sha256"),
            (hashers.make_password(password, salt, CheapArgon2()), "argon2"),
            (hashers.make_password(password, bcrypt_salt("2b", 4, f"django-bcrypt-{index}"), CheapBcryptSHA256()),
             "bcrypt_sha256"),
            (hashers.make_password(password, bcrypt_salt("2b", 4, f"django-plain-{index}"), CheapBcrypt()), "bcrypt"),
        ]
        for encoded, algorithm in made:
            assert encoded.startswith(algorithm + "$")
            assert hashers.check_password(password, encoded)
            vectors.append({"format": f"django_{algorithm}", "hash": encoded, "password": password,
                            "source": "Django make_password"})
    # One at Django's default PBKDF2 cost, the hash a Django site actually stores.
    encoded = hashers.make_password("reference cost", "qX3ojb7CSl4rPE8wYqz5Ai", hashers.PBKDF2PasswordHasher())
    assert hashers.check_password("reference cost", encoded)
    vectors.append({"format": "django_pbkdf2_sha256", "hash": encoded, "password": "reference cost",
                    "source": "Django make_password (default iterations)"})
    return vectors


def main():
    document = {
        "generated_by": "generate_vectors.py",
        "packages": {
            name: metadata.version(name)
            for name in ("argon2-cffi", "argon2-cffi-bindings", "bcrypt", "cryptography", "Django", "firebase-scrypt")
        },
        "blake2b": blake2b_vectors(),
        "argon2_raw": argon2_raw_vectors(),
        "hashes": bcrypt_vectors() + firebase_scrypt_vectors() + standard_scrypt_vectors()
        + argon2_phc_vectors() + django_vectors(),
    }
    OUTPUT.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {OUTPUT} ({len(document['hashes'])} hashes)")


if __name__ == "__main__":
    main()
