""""What happened to this user's reset?" answered from the audit log: the request,
the email's fate at the relay (sent, bounced), the link spent, the new password, each an entry
of `GET /admin/audit` of a real process, found by address; and no link, code or password in it."""

from __future__ import annotations

from recovery_support import (
    RECOVERY_SUBJECT,
    plain_smtp_settings,
    register,
    request_recovery,
    wait_for_dev_mail,
    wait_until,
)
from dev_mailbox import link_in, query_of
from support import unique_email

NEW_PASSWORD = "a-new-and-long-password-7"


def audit(server, **params) -> list[dict]:
    response = server.request("GET", "admin/audit", params=params, bearer=server.service_role_jwt())
    assert response.status_code == 200, response.text
    return response.json()


def actions(entries: list[dict]) -> list[str]:
    return [entry["payload"]["action"] for entry in entries]


def test_a_reset_from_request_to_new_password_is_in_the_log(server_factory):
    server = server_factory.start(trusted_proxies="127.0.0.1/32")
    email = register(server, unique_email("audit-reset"))
    response = server.request("POST", "recover", json={"email": email}, headers={"X-Forwarded-For": "198.51.100.7",
                                                                                 "User-Agent": "ResetApp/2"})
    assert response.status_code == 200, response.text
    message = wait_for_dev_mail(server, email)[0]
    link = link_in(message["text"])
    entries = wait_until(lambda: (e := audit(server, email=email)) and "email_sent" in actions(e) and e, "email_sent")
    requested = next(e for e in entries if e["payload"]["action"] == "user_recovery_requested")
    assert requested["ip_address"] == "198.51.100.7" and requested["user_agent"] == "ResetApp/2"
    sent = next(e for e in entries if e["payload"]["action"] == "email_sent")
    assert sent["payload"]["traits"]["kind"] == "recovery"

    # The link is spent on the reset page's API (`/verify` with the token), then the password set.
    token = query_of(link)["token"]
    verified = server.request("POST", "verify", json={"type": "recovery", "token_hash": token})
    assert verified.status_code == 200, verified.text
    session = verified.json()
    updated = server.request("PUT", "user", json={"password": NEW_PASSWORD}, bearer=session["access_token"])
    assert updated.status_code == 200, updated.text

    user_id = session["user"]["id"]
    mine = actions(audit(server, user_id=user_id))
    for expected in ("token_redeemed", "login", "user_updated_password"):
        assert expected in mine, mine
    everything = server.request("GET", "admin/audit", params={"per_page": "1000"}, bearer=server.service_role_jwt()).text
    assert token not in everything and NEW_PASSWORD not in everything
    assert session["access_token"] not in everything and session["refresh_token"] not in everything


def test_a_reset_for_an_unknown_address_and_a_spent_link(server_factory):
    server = server_factory.start()
    email = unique_email("audit-nobody")
    request_recovery(server, email)
    entries = wait_until(lambda: (e := audit(server, email=email)) and "email_skipped" in actions(e) and e, "email_skipped")
    assert set(actions(entries)) == {"user_recovery_requested", "email_skipped"}
    refused = server.request("POST", "verify", json={"type": "recovery", "token_hash": "made-up-token"})
    assert refused.status_code == 403
    rejected = audit(server, action="token_rejected")
    assert rejected and rejected[0]["payload"]["traits"] == {"kind": "link", "type": "recovery"}


def test_a_bounced_reset_email_is_in_the_log(server_factory, smtp_sinks):
    sink = smtp_sinks.start()
    server = server_factory.start(**plain_smtp_settings(sink.port))
    email = register(server, unique_email("audit-550"))
    sink.rcpt_script[email] = ["550 5.1.1 No such user here"]
    request_recovery(server, email)
    entries = wait_until(lambda: (e := audit(server, email=email)) and "email_bounced" in actions(e) and e, "email_bounced")
    bounced = next(e for e in entries if e["payload"]["action"] == "email_bounced")
    assert "550" in bounced["payload"]["traits"]["reason"]
    assert bounced["payload"]["log_type"] == "mail"
