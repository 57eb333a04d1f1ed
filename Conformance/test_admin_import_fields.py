"""The admin API's import fields through the official admin client: `create_user` with the `id`
the account had elsewhere and its `password_hash` keeps both (the owner signs in with the old
password under the old id), `update_user_by_id` takes a `password_hash`, and a field Gatehouse
does not know is refused with 400 naming it rather than dropped, so an import loses nothing
silently."""

from __future__ import annotations

import uuid

import pytest

from hash_vectors import BCRYPT, HASHES, PASSWORD, is_bcrypt, stored_hash
from support import api_error, assert_error, unique_email

UNICODE_PASSWORD = "pässwörd ✓ 🔑"


def sign_in(server, email: str, password: str):
    return server.client().sign_in_with_password({"email": email, "password": password})


def test_create_keeps_the_id_and_the_bcrypt_hash(server, admin):
    user_id, email = str(uuid.uuid4()), unique_email("import-id")
    created = admin.create_user(
        {"id": user_id, "email": email, "password_hash": BCRYPT[PASSWORD], "email_confirm": True,
         "user_metadata": {"name": "Ada"}, "app_metadata": {"plan": "pro"}}).user
    assert (created.id, created.email) == (user_id, email)
    assert created.email_confirmed_at is not None
    assert created.identities and created.identities[0].identity_data["sub"] == user_id
    assert admin.get_user_by_id(user_id).user.email == email

    with api_error(400, "invalid_credentials"):
        sign_in(server, email, "not the old password")
    session = sign_in(server, email, PASSWORD)
    assert session.user.id == user_id
    assert server.decode_access_token(session.session.access_token)["sub"] == user_id
    assert session.user.user_metadata["name"] == "Ada" and session.user.app_metadata["plan"] == "pro"
    assert is_bcrypt(stored_hash(server, user_id))


def test_an_upper_case_id_is_kept_in_lower_case(server, admin):
    user_id = str(uuid.uuid4())
    created = admin.create_user({"id": user_id.upper(), "email": unique_email("import-upper"),
                                 "password_hash": BCRYPT[PASSWORD], "email_confirm": True}).user
    assert created.id == user_id


def test_create_refuses_a_taken_id_and_an_id_that_is_not_a_uuid(server, admin):
    user_id, email = str(uuid.uuid4()), unique_email("import-taken")
    admin.create_user({"id": user_id, "email": email, "password_hash": BCRYPT[PASSWORD], "email_confirm": True})
    other = unique_email("import-taken-2")
    with api_error(422, "user_already_exists"):
        admin.create_user({"id": user_id, "email": other, "email_confirm": True})
    assert sign_in(server, email, PASSWORD).user.id == user_id
    with api_error(400, "validation_failed") as refused:
        admin.create_user({"id": "42", "email": other, "email_confirm": True})
    assert "id must be a UUID" in refused.value.message
    # Neither attempt made the account.
    assert admin.create_user({"email": other, "email_confirm": True}).user.id != user_id


def test_update_sets_a_password_hash(server, admin):
    email = unique_email("import-update")
    user_id = admin.create_user({"email": email, "password": PASSWORD, "email_confirm": True}).user.id
    updated = admin.update_user_by_id(user_id, {"password_hash": BCRYPT[UNICODE_PASSWORD]}).user
    assert updated.id == user_id
    with api_error(400, "invalid_credentials"):
        sign_in(server, email, PASSWORD)
    assert sign_in(server, email, UNICODE_PASSWORD).user.id == user_id

    # Another system's form too: Firebase's scrypt, replaced by bcrypt at the first sign-in.
    admin.update_user_by_id(user_id, {"password_hash": HASHES["firebase-scrypt"]})
    assert stored_hash(server, user_id).startswith("$fbscrypt$")
    with api_error(400, "invalid_credentials"):
        sign_in(server, email, UNICODE_PASSWORD)
    assert sign_in(server, email, PASSWORD).user.id == user_id
    assert is_bcrypt(stored_hash(server, user_id))


def test_update_refuses_what_it_cannot_do(server, admin):
    email = unique_email("import-update-bad")
    user_id = admin.create_user({"email": email, "password_hash": BCRYPT[PASSWORD], "email_confirm": True}).user.id
    with api_error(400, "validation_failed") as both:
        admin.update_user_by_id(user_id, {"password": "a-new-fine-password", "password_hash": BCRYPT[UNICODE_PASSWORD]})
    assert "password_hash" in both.value.message
    unknown = "md5$5f4dcc3b5aa765d61d8327deb882cf99"
    with api_error(400, "validation_failed") as unverifiable:
        admin.update_user_by_id(user_id, {"password_hash": unknown})
    assert "5f4dcc3b" not in unverifiable.value.message
    with api_error(400, "validation_failed") as moved:
        admin.update_user_by_id(user_id, {"id": str(uuid.uuid4())})
    assert "id cannot be changed" in moved.value.message
    # The account's own id is no change.
    assert admin.update_user_by_id(user_id, {"id": user_id, "user_metadata": {"n": 1}}).user.user_metadata["n"] == 1
    # Nothing of the refused calls was applied.
    assert sign_in(server, email, PASSWORD).user.id == user_id


@pytest.mark.parametrize("method", ["create", "update"])
def test_an_unknown_field_is_refused_naming_it(server, admin, method):
    email = unique_email("import-unknown")
    body = {"email": email, "email_confirm": True, "password_hash": BCRYPT[PASSWORD], "favourite_colour": "teal"}
    if method == "create":
        with api_error(400, "validation_failed") as refused:
            admin.create_user(body)
        assert "favourite_colour" in refused.value.message
        # Nothing was created: the address is still free.
        assert admin.create_user({"email": email, "email_confirm": True}).user.email == email
        return
    user_id = admin.create_user({"email": email, "password": PASSWORD, "email_confirm": True}).user.id
    with api_error(400, "validation_failed") as refused:
        admin.update_user_by_id(user_id, {"password_hash": BCRYPT[UNICODE_PASSWORD], "favourite_colour": "teal"})
    assert "favourite_colour" in refused.value.message
    assert sign_in(server, email, PASSWORD).user.id == user_id


def test_the_refusal_has_both_error_shapes(server):
    """Raw HTTP: the 2024-01-01 shape (`code`, `message`) and, without the version header, the
    older one (`error_code`, `msg`), each naming the field; GoTrue's fields it cannot honour
    (`phone`) say why."""
    body = {"email": unique_email("import-raw"), "password_hash": BCRYPT[PASSWORD], "nickname": "ada"}
    bearer = server.service_role_jwt()
    new = assert_error(server.request("POST", "admin/users", json=body, bearer=bearer), 400, "validation_failed")
    assert "nickname" in new["message"]
    old = server.request("POST", "admin/users", json=body, bearer=bearer, api_version=False)
    assert old.status_code == 400, old.text
    assert old.json().get("error_code") == "validation_failed" and "nickname" in old.json().get("msg", ""), old.text
    phone = assert_error(server.request("POST", "admin/users", json={"email": unique_email(), "phone": "+15550100"},
                                        bearer=bearer), 400, "validation_failed")
    assert "phone" in phone["message"] and "not supported" in phone["message"]
