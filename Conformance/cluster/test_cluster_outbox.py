"""The outbox with three workers on one database: a burst of recoveries is sent exactly once
(the workers claim disjoint jobs), and an instance killed with SIGKILL in the middle of sending
loses no mail: its claimed jobs are sent by the others once their lease (15 s) runs out."""

from __future__ import annotations

import time

import pytest

from cluster_harness import Cluster
from cluster_support import create_users, outbox_rows, recover_all, wait_for_mail
from held_smtp_sink import HeldSMTPSink, pid_owning_port

LEASE = 15.0  # OutboxWorker.lease


@pytest.fixture(scope="module")
def held_cluster(harness, tmp_path_factory):
    deployment = Cluster(harness, tmp_path_factory.mktemp("cluster-held"))
    deployment.sink = HeldSMTPSink()
    deployment.start()
    try:
        yield deployment
    finally:
        deployment.stop()


def test_a_burst_of_recoveries_is_sent_exactly_once(held_cluster):
    cluster = held_cluster
    emails = create_users(cluster, 30)
    responses = recover_all(cluster, emails, forwarded_for=lambda i: f"203.0.113.{i + 1}")
    assert [r.status_code for r in responses] == [200] * len(emails), [r.text for r in responses if r.status_code != 200]
    assert {cluster.instance_at(r.headers["X-Served-By"]) for r in responses} == {0, 1, 2}

    wait_for_mail(cluster.sink, emails, timeout=30)
    time.sleep(2.0)  # three workers polling: a job sent twice would be in by now
    counts = {email: len(cluster.sink.messages(to=email)) for email in emails}
    assert set(counts.values()) == {1}, {e: c for e, c in counts.items() if c != 1}
    rows = outbox_rows(cluster, emails)
    assert len(rows) == len(emails) and {state for state, _ in rows} == {"sent"}, rows
    assert {attempts for _, attempts in rows} == {1}, rows


def test_an_instance_killed_mid_send_loses_no_mail(held_cluster):
    cluster = held_cluster
    emails = create_users(cluster, 12)
    cluster.sink.holding.set()
    try:
        responses = recover_all(cluster, emails, forwarded_for=lambda i: f"203.0.113.{100 + i}")
        assert [r.status_code for r in responses] == [200] * len(emails)
        # Wait (bounded) until an instance's worker is caught mid-send, then find whose it is.
        victim = None
        pids = [instance.proc.pid for instance in cluster.instances]
        deadline = time.monotonic() + 20
        while victim is None and time.monotonic() < deadline:
            for port in cluster.sink.held_ports():
                pid = pid_owning_port(port, pids)
                if pid is not None:
                    victim = next(i for i in cluster.instances if i.proc.pid == pid)
                    break
            time.sleep(0.05)
        assert victim is not None, "no instance was caught sending"
        killed_at = time.monotonic()
        victim.kill()
    finally:
        cluster.sink.holding.clear()

    # Everything arrives: the survivors' jobs at once, the victim's after its lease ran out.
    wait_for_mail(cluster.sink, emails, timeout=LEASE + 25)
    waited = time.monotonic() - killed_at
    time.sleep(2.0)
    counts = {email: len(cluster.sink.messages(to=email)) for email in emails}
    assert set(counts.values()) == {1}, counts
    rows = outbox_rows(cluster, emails)
    assert {state for state, _ in rows} == {"sent"}, rows
    # The victim's claimed jobs were claimed again by another worker (a second attempt).
    assert max(attempts for _, attempts in rows) >= 2, rows
    # Its lease is renewed every third of LEASE while it lives, so it ran out 10 to 15 s after the kill.
    assert waited >= LEASE * 2 / 3 - 1, f"the victim's jobs were re-sent after {waited:.1f} s, before its lease ran out"
