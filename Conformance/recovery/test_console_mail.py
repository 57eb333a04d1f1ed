"""The admin console's mail page against a real relay: an email the SMTP relay
refuses for good is dead, the console shows it with the relay's error, and the operator's retry
(after the cause is gone) delivers it, with fresh links that work."""

from __future__ import annotations

import re

from recovery_support import (
    RECOVERY_SUBJECT,
    admin_mail,
    hidden_fields,
    http,
    plain_smtp_settings,
    register,
    request_recovery,
    run_gatehouse,
    visible_text,
    wait_until,
)
from support import PASSWORD, unique_email


def console_sign_in(server, email: str):
    """An httpx client signed in to the console as `email` (an operator)."""
    client = http()
    login = client.get(f"{server.root_url}/admin/login")
    assert login.status_code == 200, login.text
    answer = client.post(
        f"{server.root_url}/admin/login",
        data={**hidden_fields(login.text), "email": email, "password": PASSWORD},
        headers={"Origin": server.root_url},
    )
    assert answer.status_code == 303 and answer.headers["location"] == "/admin", (answer.status_code, answer.text)
    return client


def operator(server) -> str:
    email = register(server, unique_email("operator"))
    promoted = run_gatehouse(server, "users", "promote", email)
    assert promoted.returncode == 0, promoted.stderr
    return email


def test_a_dead_lettered_email_shows_its_error_and_a_retry_delivers_it(server_factory, smtp_sinks):
    sink = smtp_sinks.start()
    server = server_factory.start(**plain_smtp_settings(sink.port), admin_console="on")
    email = register(server, unique_email("console-550"))
    sink.rcpt_script[email] = ["550 5.1.1 Mailbox unavailable"]
    request_recovery(server, email)
    wait_until(lambda: admin_mail(server)["dead"] == 1, "the job to be dead")
    assert sink.messages(email) == []

    console = console_sign_in(server, operator(server))
    try:
        dead = console.get(f"{server.root_url}/admin/mail/outbox?state=dead")
        assert dead.status_code == 200, dead.text
        text = visible_text(dead.text)
        assert email in text and "550 5.1.1 Mailbox unavailable" in text and "Dead (1)" in text
        job_id = re.search(r"/admin/mail/([0-9a-f-]{36})/retry", dead.text).group(1)

        confirm = console.get(f"{server.root_url}/admin/mail/{job_id}/retry")
        assert confirm.status_code == 200 and "Retry this email" in confirm.text
        # Opening the confirmation changed nothing.
        assert admin_mail(server)["dead"] == 1

        retried = console.post(f"{server.root_url}/admin/mail/{job_id}/retry", data=hidden_fields(confirm.text),
                               headers={"Origin": server.root_url})
        assert retried.status_code == 303, retried.text
        assert retried.headers["location"] == "/admin/mail/outbox?state=dead&notice=retried"

        # The relay now accepts it: the retry delivers, with a link of its own.
        received = sink.wait_for(email, RECOVERY_SUBJECT)
        body = received[0].message.get_body(("plain",)).get_content()
        assert len(received) == 1 and "/reset-password?token=" in body
        status = wait_until(lambda: (s := admin_mail(server))["sent"] == 1 and s, "the job to be sent")
        assert status["dead"] == 0

        # A second retry of the same job is refused, with the reason, and sends nothing more.
        again = console.post(f"{server.root_url}/admin/mail/{job_id}/retry", data=hidden_fields(confirm.text),
                             headers={"Origin": server.root_url})
        assert again.status_code == 409 and "Only a dead email can be retried" in visible_text(again.text)
        assert len(sink.messages(email)) == 1
    finally:
        console.close()
