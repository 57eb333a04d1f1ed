"""`gatehouse users promote|demote` (the admin console's operators), run as the real
binary beside a running server on the same store, checked through the console's own sign-in
over HTTP and the audit log."""

from __future__ import annotations

import re

import httpx

from support import PASSWORD, unique_email
from test_operator_cli import NOT_FOUND, USAGE, cli, create, fails, ok

REFUSAL = "Those details do not open the console."


def console_sign_in(server, email: str, password: str = PASSWORD) -> tuple[httpx.Client, httpx.Response]:
    """A browser on the console: the sign-in page (its CSRF token and cookie), then the post."""
    browser = httpx.Client(base_url=server.root_url, timeout=10.0, trust_env=False, follow_redirects=False)
    page = browser.get("/admin/login")
    assert page.status_code == 200, page.text
    csrf = re.search(r'name="csrf" value="([^"]+)"', page.text).group(1)
    reply = browser.post("/admin/login", data={"csrf": csrf, "email": email, "password": password})
    return browser, reply


def audit(server, user_id: str, action: str) -> list[dict]:
    reply = httpx.get(
        server.url("/admin/audit"), params={"user_id": user_id, "action": action},
        headers={"Authorization": f"Bearer {server.service_role_jwt()}"}, timeout=10.0, trust_env=False,
    )
    assert reply.status_code == 200, reply.text
    return reply.json()


def test_users_help_lists_promote_and_demote(server):
    listed = ok(cli(server, "users", "--help")).stdout
    assert "promote" in listed and "demote" in listed


def test_promote_opens_the_console_and_demote_closes_it_at_once(server):
    email = unique_email("operator")
    user = create(server, email)

    browser, refused = console_sign_in(server, email)
    assert refused.status_code == 400 and REFUSAL in refused.text

    promoted = ok(cli(server, "users", "promote", email))
    assert "promoted" in promoted.stdout
    browser, signed_in = console_sign_in(server, email)
    assert signed_in.status_code == 303 and signed_in.headers["location"] == "/admin", signed_in.text
    assert browser.get("/admin").status_code == 200

    ok(cli(server, "users", "demote", user["id"]))
    assert browser.get("/admin").status_code == 403
    _, again = console_sign_in(server, email)
    assert again.status_code == 400 and REFUSAL in again.text

    granted = audit(server, user["id"], "super_admin_granted")
    revoked = audit(server, user["id"], "super_admin_revoked")
    assert len(granted) == 1 and granted[0]["payload"]["actor_id"] == "cli"
    assert len(revoked) == 1 and revoked[0]["payload"]["actor_id"] == "cli"


def test_promote_and_demote_exit_codes(server):
    fails(cli(server, "users", "promote", "nobody-" + unique_email()), NOT_FOUND, "no user with the email")
    fails(cli(server, "users", "demote", "00000000-0000-4000-8000-000000000000"), NOT_FOUND, "no user with the id")
    fails(cli(server, "users", "promote", "not-an-address"), USAGE, "neither a user id")
    fails(cli(server, "users", "promote"), USAGE, "")
