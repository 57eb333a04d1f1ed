"""Accounts brought from another system with their password hashes, through the official admin
client (`admin.create_user({"password_hash": …})`, as GoTrue's admin API takes it): the owner
signs in with the old password through the official client, again after Gatehouse replaced the
imported hash with bcrypt, and a hash Gatehouse cannot verify is refused with 400."""

from __future__ import annotations

import pytest

from support import api_error, unique_email

PASSWORD = "correct horse battery staple"
# Made by the reference implementations (Tests/GatehouseServerTests/Passwords/ImportedHashes/Vectors).
HASHES = {
    "bcrypt": "$2b$04$jbSj3X51NmDozVgxmLrTxeuorGLShf9.N2u.USjgNqDu6yhnqOF2S",
    "firebase-scrypt": "$fbscrypt$v=1,n=5,r=8,p=1,ss=Bw==,sk=0Y/S7KPtsaW7CGBlcwOK2ZqStNRMGHg87D/KPP2x57E="
                       "$Gyl/99IC58Wc8g==$tcUDATbRNNcLrSMruuaA9CsTP2eljxvEww9kF8yoH6U=",
    "argon2id": "$argon2id$v=19$m=64,t=3,p=1$wD8NpPYolI7g0RI8xnl7bQ$X+JtCdRgOa6g16HkhGU/Kki1Mgdw5raVReuTa60+fws",
    "django-pbkdf2": "pbkdf2_sha256$1000$x3ocmduzihpyimytgniyrt$7rExGiCIJanIY/WKao2CPJSW3WLjDKi4lylpr3E+UKQ=",
}


@pytest.mark.parametrize("form", sorted(HASHES))
def test_an_imported_account_signs_in_with_its_old_password(server, admin, form):
    email = unique_email(f"imported-{form}")
    created = admin.create_user({"email": email, "password_hash": HASHES[form], "email_confirm": True}).user
    assert created.email == email
    def sign_in(password: str):
        return server.client().sign_in_with_password({"email": email, "password": password})

    assert sign_in(PASSWORD).user.id == created.id
    # The hash is bcrypt now; the password is the same.
    assert sign_in(PASSWORD).user.id == created.id
    with api_error(400, "invalid_credentials"):
        sign_in("not the old password")

def test_a_hash_gatehouse_cannot_verify_is_refused(server, admin):
    email = unique_email("imported-md5")
    with api_error(400, "validation_failed") as refused:
        admin.create_user({"email": email, "password_hash": "md5$5f4dcc3b5aa765d61d8327deb882cf99", "email_confirm": True})
    assert "5f4dcc3b" not in refused.value.message
