"""Limits that hold across the instances: a per-IP budget of N is N in total, not N per instance
(the buckets are in the database), and `/recover`'s per-address send window holds whichever
instance the second request reaches. The clients' addresses come from `X-Forwarded-For`, which
nginx passes on (appending its own peer) and Gatehouse trusts from 127.0.0.1."""

from __future__ import annotations

import time

from cluster_support import create_users, unique_email, wait_for_mail

# CLUSTER_SETTINGS: rate_limit_otp=5 with burst 5: five "send me an email" requests at once
# per client, then one a minute.
OTP_BURST = 5


def test_per_ip_limit_is_shared_by_the_instances(cluster):
    statuses, served = [], set()
    for _ in range(3 * OTP_BURST):
        response = cluster.request("POST", "recover", json={"email": unique_email()}, forwarded_for="198.51.100.7")
        statuses.append(response.status_code)
        served.add(cluster.instance_at(response.headers["X-Served-By"]))
    assert served == {0, 1, 2}
    assert statuses[:OTP_BURST] == [200] * OTP_BURST, statuses
    assert statuses[OTP_BURST:] == [429] * (2 * OTP_BURST), statuses
    refused = cluster.request("POST", "recover", json={"email": unique_email()}, forwarded_for="198.51.100.7")
    assert refused.status_code == 429
    assert refused.json()["code"] == "over_request_rate_limit"
    assert 1 <= int(refused.headers["Retry-After"]) <= 60

    # Another client (its own forwarded address) has its own budget, on every instance.
    for _ in range(3):
        other = cluster.request("POST", "recover", json={"email": unique_email()}, forwarded_for="198.51.100.8")
        assert other.status_code == 200, other.text


def test_a_client_behind_the_proxy_cannot_pick_its_address(cluster):
    # A forged left-hand hop does not help: the right-most untrusted hop is the client.
    statuses = []
    for index in range(2 * OTP_BURST):
        response = cluster.request(
            "POST", "recover", json={"email": unique_email()}, forwarded_for=f"192.0.2.{index}, 198.51.100.9")
        statuses.append(response.status_code)
    assert statuses.count(200) == OTP_BURST, statuses


def test_recover_send_window_holds_across_instances(cluster):
    [email] = create_users(cluster, 1)
    first = cluster.request("POST", "recover", json={"email": email}, forwarded_for="198.51.100.20")
    assert first.status_code == 200, first.text
    first_on = cluster.instance_at(first.headers["X-Served-By"])
    for attempt in range(2):
        again = cluster.request("POST", "recover", json={"email": email}, forwarded_for=f"198.51.100.{21 + attempt}")
        assert cluster.instance_at(again.headers["X-Served-By"]) != first_on
        assert again.status_code == 429, again.text
        assert again.json()["code"] == "over_email_send_rate_limit"
    wait_for_mail(cluster.sink, [email], timeout=20)
    time.sleep(1.5)  # anything sent twice would be in by now
    assert len(cluster.sink.messages(to=email)) == 1
