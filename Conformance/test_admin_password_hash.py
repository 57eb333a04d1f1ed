"""Accounts brought from another system with their password hashes, through the official admin
client (`admin.create_user({"password_hash": …})`, as GoTrue's admin API takes it): the owner
signs in with the old password through the official client, again after Gatehouse replaced the
imported hash with bcrypt, and a hash Gatehouse cannot verify is refused with 400."""

from __future__ import annotations

import pytest

from hash_vectors import HASHES, PASSWORD
from support import api_error, unique_email


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
