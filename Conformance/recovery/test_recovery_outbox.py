"""The outbox is durable: requests made while the SMTP relay is down are delivered once it is
up, exactly once each, and a job survives the server being SIGKILLed before delivery (waiting
for a retry, or in the middle of a send)."""

from __future__ import annotations

import time

from gatehouse_server import free_port
from recovery_support import (
    RECOVERY_SUBJECT,
    admin_mail,
    http,
    kill_and_restart,
    link_in,
    plain_smtp_settings,
    register,
    request_recovery,
    wait_until,
)
from support import unique_email

SETTLE = 2.0  # seconds to keep watching for duplicates once everything arrived


def assert_link_opens(server, received) -> None:
    link = link_in(received.message.get_body(("plain",)).get_content())
    with http() as client:
        page = client.get(link)
    assert page.status_code == 200, f"the delivered link must be the live one: {page.status_code}"


def test_requests_made_while_smtp_is_down_are_delivered_once_it_is_up(server_factory, smtp_sinks):
    port = free_port()  # nothing listens here yet
    server = server_factory.start(**plain_smtp_settings(port))
    users = [register(server, unique_email(f"outage{i}")) for i in range(5)]
    for email in users:
        request_recovery(server, email)
    time.sleep(1.0)
    assert admin_mail(server)["sent"] == 0

    sink = smtp_sinks.start(port=port)
    for email in users:
        sink.wait_for(email, RECOVERY_SUBJECT, timeout=30)
    time.sleep(SETTLE)
    for email in users:
        received = sink.messages(email, RECOVERY_SUBJECT)
        assert len(received) == 1, f"{email} got {len(received)} recovery emails"
        assert_link_opens(server, received[0])
    assert len(sink.messages()) == len(users)
    status = admin_mail(server)
    assert (status["sent"], status["pending"], status["sending"], status["dead"]) == (len(users), 0, 0, 0), status


def test_a_queued_email_survives_sigkill(server_factory, smtp_sinks, black_holes):
    """The relay hangs up; the job waits for its retry; the server is SIGKILLed and started
    again with the relay up: the email goes out, once."""
    down = black_holes.start(hang_up=True)
    server = server_factory.start(**plain_smtp_settings(down.port, mail_retry_base_ms=3000))
    email = register(server, unique_email("sigkill"))
    request_recovery(server, email)
    wait_until(lambda: down.accepted >= 1 and (s := admin_mail(server))["pending"] == 1 and s["sending"] == 0,
               "the first attempt to fail", timeout=10)
    kill_and_restart(server)
    black_holes.stop_all()

    sink = smtp_sinks.start(port=down.port)
    sink.wait_for(email, RECOVERY_SUBJECT, timeout=30)
    time.sleep(SETTLE)
    received = sink.messages(email, RECOVERY_SUBJECT)
    assert len(received) == 1, f"got {len(received)} recovery emails"
    assert_link_opens(server, received[0])
    wait_until(lambda: admin_mail(server)["sent"] == 1, "the job to be recorded as sent", timeout=10)


RESTART_DELIVERY_TIMEOUT = 60.0  # the app's own resend cooldown; far beyond any restart


def test_an_email_in_flight_at_sigkill_is_delivered_after_restart(server_factory, smtp_sinks, black_holes):
    """The relay hangs, so the job is mid-send when the server is SIGKILLed. The restarted
    server (the only one on this database) must send it again promptly, not leave it to a
    dead process's claim."""
    hole = black_holes.start()
    server = server_factory.start(**plain_smtp_settings(hole.port, smtp_timeout=60))
    email = register(server, unique_email("inflight"))
    request_recovery(server, email)
    wait_until(lambda: admin_mail(server)["sending"] == 1 and hole.accepted >= 1, "the send to hang", timeout=10)
    kill_and_restart(server)
    black_holes.stop_all()

    sink = smtp_sinks.start(port=hole.port)
    try:
        sink.wait_for(email, RECOVERY_SUBJECT, timeout=RESTART_DELIVERY_TIMEOUT)
    except AssertionError as error:
        raise AssertionError(f"{error}; the outbox after the restart: {admin_mail(server)}") from None
    time.sleep(SETTLE)
    assert len(sink.messages(email, RECOVERY_SUBJECT)) == 1


def test_the_outbox_status_needs_the_service_role(mail_server):
    assert mail_server.request("GET", "admin/mail").status_code == 401
    user = mail_server.request("POST", "signup", json={"email": unique_email("not-admin"), "password": "a-fine-password"})
    response = mail_server.request("GET", "admin/mail", bearer=user.json()["access_token"])
    assert response.status_code == 403, response.text
    status = admin_mail(mail_server)
    assert set(status) >= {"pending", "sending", "sent", "dead", "dead_jobs"}, status
