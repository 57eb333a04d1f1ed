"""The MailerSend transport against a local stand-in of its API: the documented request format,
a retry after a 5xx, and a 422 that ends the job dead at once (seen by the admin API and by
`gatehouse mail status`)."""

from __future__ import annotations

import json
import time

import pytest

from recovery_support import (
    RECOVERY_SETTINGS,
    RECOVERY_SUBJECT,
    admin_mail,
    code_in,
    http,
    link_in,
    register,
    request_recovery,
    run_gatehouse,
    wait_until,
)
from support import unique_email

API_KEY = "mlsn.0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
FROM_NAME, FROM_ADDRESS = "Gatehouse", "reset@gatehouse.test"


def start(server_factory, sink):
    return server_factory.start(
        **RECOVERY_SETTINGS,
        mail_transport="mailersend",
        mailersend_api_key=API_KEY,
        mailersend_url=sink.url,
        mail_from=f"{FROM_NAME} <{FROM_ADDRESS}>",
    )


def test_recovery_email_goes_through_mailersend(server_factory, mailersend_sinks):
    sink = mailersend_sinks.start(API_KEY)
    server = start(server_factory, sink)
    email = register(server, unique_email("mailersend"))
    request_recovery(server, email)
    request = wait_until(lambda: sink.accepted(email), f"a MailerSend request for {email}")[0]

    assert request.problems == [], request.problems
    body = request.json
    assert body["from"]["email"] == FROM_ADDRESS and body["from"].get("name") == FROM_NAME
    assert [to["email"] for to in body["to"]] == [email]
    assert body["subject"] == RECOVERY_SUBJECT
    link = link_in(body["text"])
    assert link.startswith(f"{server.root_url}/reset-password?token="), link
    assert code_in(body["text"]) in body["html"]
    assert "reset-password?token=" in body["html"]
    with http() as client:
        assert client.get(link).status_code == 200
    assert all(not r.problems for r in sink.received()), [r.problems for r in sink.received()]
    wait_until(lambda: admin_mail(server)["sent"] == 1, "the job to be recorded as sent", timeout=10)


@pytest.mark.parametrize("failure", [500, 503, 429])
def test_a_5xx_or_429_is_retried(server_factory, mailersend_sinks, failure):
    sink = mailersend_sinks.start(API_KEY, statuses=[failure])
    server = start(server_factory, sink)
    email = register(server, unique_email("mailersend-retry"))
    request_recovery(server, email)
    wait_until(lambda: sink.accepted(email), "a delivery after the retry")
    time.sleep(1.0)
    requests = sink.received(email)
    assert [r.status for r in requests] == [failure, 202], [r.status for r in requests]
    assert all(not r.problems for r in requests)
    status = wait_until(lambda: (s := admin_mail(server))["sent"] == 1 and s, "the job to be recorded as sent", timeout=10)
    assert (status["dead"], status["pending"]) == (0, 0), status


def test_a_422_ends_the_job_dead_without_retrying(server_factory, mailersend_sinks):
    sink = mailersend_sinks.start(API_KEY, statuses=[422])
    server = start(server_factory, sink)
    email = register(server, unique_email("mailersend-dead"))
    request_recovery(server, email)

    status = wait_until(lambda: (s := admin_mail(server))["dead"] == 1 and s, "the job to be dead")
    time.sleep(1.5)  # retries come after ~0.1-0.2 s here; none may come
    assert len(sink.received(email)) == 1, [r.status for r in sink.received(email)]
    status = admin_mail(server)
    assert (status["pending"], status["sending"], status["sent"], status["dead"]) == (0, 0, 0, 1), status
    assert len(status["dead_jobs"]) == 1, status
    dead = status["dead_jobs"][0]
    assert dead["kind"] == "recovery" and dead["attempts"] == 1, dead
    assert "422" in (dead.get("last_error") or ""), dead

    result = run_gatehouse(server, "mail", "status")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == status, "`gatehouse mail status` must print what /admin/mail answers"


def test_a_rejected_api_key_ends_the_job_dead(server_factory, mailersend_sinks):
    sink = mailersend_sinks.start(API_KEY, statuses=[401])
    server = start(server_factory, sink)
    email = register(server, unique_email("mailersend-401"))
    request_recovery(server, email)
    wait_until(lambda: admin_mail(server)["dead"] == 1, "the job to be dead")
    time.sleep(1.0)
    assert len(sink.received(email)) == 1
