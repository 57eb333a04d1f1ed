"""Recovery end to end over real SMTP: STARTTLS with a private CA, AUTH, a MIME message with
text and HTML parts, the reset page, and the "password changed" notice."""

from __future__ import annotations

import email.utils
import html

from recovery_support import (
    CHANGED_SUBJECT,
    RECOVERY_SETTINGS,
    RECOVERY_SUBJECT,
    ResetBrowser,
    code_in,
    link_in,
    query_of,
    register,
    request_recovery,
    says_link_invalid,
)
from support import (
    OTHER_PASSWORD,
    PASSWORD,
    assert_error,
    new_user_with_session,
    password_grant,
    refresh_grant,
    sign_in,
    unique_email,
)

SMTP_USER, SMTP_PASSWORD = "gatehouse-relay", "relay-secret-Pa55"
FROM_NAME, FROM_ADDRESS = "Gatehouse Tests", "no-reply@gatehouse.test"


def smtp_settings(sink, tls_files, **extra):
    return {
        **RECOVERY_SETTINGS,
        "mail_transport": "smtp",
        "smtp_host": "127.0.0.1",
        "smtp_port": sink.port,
        "smtp_security": "starttls",
        "smtp_ca_file": tls_files.ca,
        "smtp_username": SMTP_USER,
        "smtp_password": SMTP_PASSWORD,
        "smtp_timeout": 10,
        "mail_from": f"{FROM_NAME} <{FROM_ADDRESS}>",
        **extra,
    }


def test_recovery_end_to_end_over_smtp_with_starttls(server_factory, smtp_sinks, tls_files):
    sink = smtp_sinks.start(tls=tls_files, credentials=(SMTP_USER, SMTP_PASSWORD))
    server = server_factory.start(**smtp_settings(sink, tls_files))

    email_address = unique_email("smtp")
    signed_up = new_user_with_session(server, email_address)
    signed_in = sign_in(server, email_address)

    request_recovery(server, email_address)
    received = sink.wait_for(email_address, RECOVERY_SUBJECT)
    assert len(received) == 1
    delivery = received[0]
    assert delivery.tls, "the message must travel after STARTTLS"
    assert delivery.auth_user == SMTP_USER and sink.failed_logins == 0
    assert delivery.mail_from == FROM_ADDRESS
    assert delivery.rcpt_tos == [email_address]

    message = delivery.message
    assert email.utils.parseaddr(str(message["From"])) == (FROM_NAME, FROM_ADDRESS)
    assert email.utils.parseaddr(str(message["To"]))[1] == email_address
    assert str(message["Subject"]) == RECOVERY_SUBJECT
    assert message["Date"] and message["Message-ID"], dict(message)
    assert message.get_content_type() == "multipart/alternative", message.get_content_type()
    text = message.get_body(("plain",)).get_content()
    page = message.get_body(("html",)).get_content()

    link = link_in(text)
    assert link.startswith(f"{server.root_url}/reset-password?token="), link
    token = query_of(link)["token"]
    assert len(token) >= 32, token
    code = code_in(text)
    assert html.escape(link) in page or link in page, "the HTML part must carry the same link"
    assert code in page

    with ResetBrowser(server) as browser:
        for _ in range(2):  # opening the link (twice: mail scanners) spends nothing
            form = browser.open(link)
            assert form.status_code == 200, form.text
            assert form.headers["content-type"].startswith("text/html")
            assert 'name="password"' in form.text and browser.fields.get("token") == token, browser.fields

        done = browser.submit(OTHER_PASSWORD)
        assert done.status_code == 200, done.text
        assert not says_link_invalid(done)

        assert password_grant(server, email_address, OTHER_PASSWORD).status_code == 200
        assert_error(password_grant(server, email_address, PASSWORD), 400, "invalid_credentials")
        # Every session the user had ended: refresh tokens and access tokens alike.
        for old in (signed_up, signed_in):
            response = refresh_grant(server, old["refresh_token"])
            assert response.status_code == 400, response.text
            assert response.json()["code"] in ("session_not_found", "refresh_token_not_found"), response.text
            assert server.request("GET", "user", bearer=old["access_token"]).status_code in (401, 403)

        again = browser.submit("yet-another-password")  # the same form again (back button, second tab)
        assert again.status_code == 400, again.text
        assert says_link_invalid(again)
        assert password_grant(server, email_address, "yet-another-password").status_code == 400

    changed = sink.wait_for(email_address, CHANGED_SUBJECT)
    assert len(changed) == 1 and changed[0].tls
    notice = changed[0].message
    assert email.utils.parseaddr(str(notice["To"]))[1] == email_address
    assert notice.get_body(("plain",)).get_content().strip()
    assert len(sink.messages(email_address, RECOVERY_SUBJECT)) == 1


def test_encoded_headers_and_a_long_address_keep_a_working_link(server_factory, smtp_sinks, tls_files):
    """A From name that needs RFC 2047 encoding, and an address long enough to make the
    text lines wrap-prone, still give the right headers and a link that works."""
    sink = smtp_sinks.start(tls=tls_files, credentials=(SMTP_USER, SMTP_PASSWORD))
    server = server_factory.start(**smtp_settings(sink, tls_files, mail_from=f"Gätehouse Tëst <{FROM_ADDRESS}>"))
    email_address = register(server, unique_email("a-rather-long-local-part-for-line-wrapping-" + "x" * 5))
    request_recovery(server, email_address)
    message = sink.wait_for(email_address, RECOVERY_SUBJECT)[0].message
    assert email.utils.parseaddr(str(message["From"])) == ("Gätehouse Tëst", FROM_ADDRESS)
    assert email.utils.parseaddr(str(message["To"]))[1] == email_address
    text = message.get_body(("plain",)).get_content()
    assert email_address in text
    link = link_in(text)
    token = query_of(link)["token"]
    with ResetBrowser(server) as browser:
        assert browser.open(link).status_code == 200
        assert browser.fields.get("token") == token
        assert browser.submit(OTHER_PASSWORD).status_code == 200
    assert password_grant(server, email_address, OTHER_PASSWORD).status_code == 200
