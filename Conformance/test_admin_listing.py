"""Admin listing and soft delete through the official admin client
(gotrue-extended.md sections 2, 11 and 12): `admin.list_users(page=, per_page=)` newest first
with GoTrue's `X-Total-Count` and `Link` headers, and `admin.delete_user(id, should_soft_delete=True)`."""

from __future__ import annotations

import pytest
from supabase_auth.errors import AuthApiError

from support import PASSWORD, assert_error, sign_in, password_grant, unique_email


def create(admin, email=None, **attributes):
    return admin.create_user(
        {"email": email or unique_email("list"), "password": PASSWORD, "email_confirm": True, **attributes}
    ).user


def test_list_users_newest_first_and_paged(server_factory):
    server = server_factory.start()
    admin = server.admin()
    created = [create(admin).id for _ in range(3)]

    assert [user.id for user in admin.list_users()] == created[::-1]
    assert [user.id for user in admin.list_users(page=2, per_page=1)] == [created[1]]
    assert admin.list_users(page=4, per_page=1) == []

    # What the client sends (`page=&per_page=` for its defaults), and the headers GoTrue answers.
    response = server.request("GET", "admin/users", params={"page": "", "per_page": ""}, bearer=server.service_role_jwt())
    assert response.headers["x-total-count"] == "3"
    assert response.headers["link"] == '</auth/v1/admin/users?page=1&per_page=>; rel="last"'
    response = server.request("GET", "admin/users", params={"page": "1", "per_page": "2"}, bearer=server.service_role_jwt())
    assert response.headers["link"] == (
        '</auth/v1/admin/users?page=2&per_page=2>; rel="next", </auth/v1/admin/users?page=2&per_page=2>; rel="last"'
    )
    assert response.json()["aud"] == "authenticated"


@pytest.mark.parametrize("page, per_page", [("abc", "2"), ("1", "x"), ("-1", "2"), ("1", "0")])
def test_bad_paging_values(server, page, per_page):
    response = server.request("GET", "admin/users", params={"page": page, "per_page": per_page},
                              bearer=server.service_role_jwt())
    body = assert_error(response, 400, "validation_failed")
    assert body["message"].startswith("Bad Pagination Parameters")


def test_soft_delete(server, admin):
    email = unique_email("soft")
    user = create(admin, email, user_metadata={"name": "Ada"})
    session = sign_in(server, email)

    admin.delete_user(user.id, should_soft_delete=True)

    kept = admin.get_user_by_id(user.id).user
    assert kept.deleted_at is not None
    assert kept.email != email and "@" not in kept.email
    assert kept.user_metadata == {}
    # Sessions are gone, sign-in no longer finds the address, and it can be registered again.
    assert_error(server.request("GET", "user", bearer=session["access_token"]), 403, "session_not_found")
    assert_error(password_grant(server, email), 400, "invalid_credentials")
    again = create(admin, email)
    assert again.id != user.id and again.email == email
    # Repeating it is a no-op; the row stays listed.
    admin.delete_user(user.id, should_soft_delete=True)
    listed = {u.id: u for u in admin.list_users(per_page=1000)}
    assert listed[user.id].deleted_at is not None


def test_hard_delete_stays(server, admin):
    user = create(admin)
    admin.delete_user(user.id, should_soft_delete=False)
    with pytest.raises(AuthApiError) as info:
        admin.get_user_by_id(user.id)
    assert info.value.status == 404
    assert user.id not in {u.id for u in admin.list_users(per_page=1000)}
