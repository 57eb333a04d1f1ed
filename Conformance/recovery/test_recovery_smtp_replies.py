"""How the SMTP relay's replies decide a job's fate: a 4xx is retried, a 5xx ends it dead at
once, and the last allowed attempt ends it dead too."""

from __future__ import annotations

import time

from recovery_support import (
    RECOVERY_SUBJECT,
    admin_mail,
    plain_smtp_settings,
    register,
    request_recovery,
    wait_until,
)
from support import unique_email

SETTLE = 2.0  # seconds to keep watching for a retry that must not come


def test_a_temporary_smtp_rejection_is_retried(server_factory, smtp_sinks):
    sink = smtp_sinks.start()
    server = server_factory.start(**plain_smtp_settings(sink.port))
    email = register(server, unique_email("smtp-451"))
    sink.rcpt_script[email] = ["451 4.3.0 Try again later"]
    request_recovery(server, email)
    sink.wait_for(email, RECOVERY_SUBJECT)
    time.sleep(SETTLE)
    assert sink.rcpt_attempts[email] == 2 and len(sink.messages(email)) == 1
    status = admin_mail(server)
    assert (status["sent"], status["dead"]) == (1, 0), status


def test_a_permanent_smtp_rejection_ends_the_job_dead(server_factory, smtp_sinks):
    sink = smtp_sinks.start()
    server = server_factory.start(**plain_smtp_settings(sink.port))
    email = register(server, unique_email("smtp-550"))
    sink.rcpt_script[email] = ["550 5.1.1 No such user here"]
    request_recovery(server, email)
    status = wait_until(lambda: (s := admin_mail(server))["dead"] == 1 and s, "the job to be dead")
    time.sleep(SETTLE)
    assert sink.rcpt_attempts[email] == 1, "a permanent rejection must not be retried"
    assert sink.messages(email) == []
    assert status["dead_jobs"][0]["kind"] == "recovery" and "550" in (status["dead_jobs"][0]["last_error"] or "")


def test_the_job_dies_after_the_last_attempt(server_factory, smtp_sinks):
    sink = smtp_sinks.start()
    server = server_factory.start(**plain_smtp_settings(sink.port, mail_max_attempts=3, mail_retry_base_ms=100))
    email = register(server, unique_email("smtp-giveup"))
    sink.rcpt_script[email] = ["451 4.3.0 Try again later"] * 10
    request_recovery(server, email)
    status = wait_until(lambda: (s := admin_mail(server))["dead"] == 1 and s, "the job to be dead")
    time.sleep(SETTLE)
    assert sink.rcpt_attempts[email] == 3
    assert status["dead_jobs"][0]["attempts"] == 3, status
