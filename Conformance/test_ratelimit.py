"""Per-IP token buckets: GATEHOUSE_RATE_LIMIT_TOKEN / _OTP / _BURST / _HEADER, and
GATEHOUSE_TRUSTED_PROXIES (the forwarded header counts only from a trusted peer, right-most
untrusted hop first)."""

from __future__ import annotations

import pytest

from support import PASSWORD, assert_error, password_grant, unique_email


def token_calls(server, count: int, forwarded_for: str | None = None):
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else None
    return [password_grant(server, unique_email(), PASSWORD, headers=headers) for _ in range(count)]


def assert_limited(response) -> None:
    assert_error(response, 429, "over_request_rate_limit")
    retry_after = response.headers.get("Retry-After")
    assert retry_after is not None and retry_after.isdigit(), response.headers
    # One request per 5 minutes refills a token in at most 300 s.
    assert 0 < int(retry_after) <= 300, retry_after


def test_token_endpoint_is_limited_per_ip(server_factory):
    limited = server_factory.start(rate_limit_token=1, rate_limit_burst=2)
    first, second, third = token_calls(limited, 3)
    assert (first.status_code, second.status_code) == (400, 400), (first.text, second.text)
    assert_limited(third)
    # Every /token grant shares the bucket.
    assert_limited(
        limited.request("POST", "token", params={"grant_type": "refresh_token"}, json={"refresh_token": "x" * 40})
    )


def test_trusted_forwarded_header_gives_each_client_its_own_bucket(server_factory):
    limited = server_factory.start(
        rate_limit_token=1, rate_limit_burst=2, rate_limit_header="X-Forwarded-For", trusted_proxies="127.0.0.1/32"
    )
    calls = token_calls(limited, 3, forwarded_for="203.0.113.10")
    assert [call.status_code for call in calls[:2]] == [400, 400]
    assert_limited(calls[2])
    other_client = token_calls(limited, 1, forwarded_for="203.0.113.20")[0]
    assert other_client.status_code == 400, other_client.text


def test_forwarded_header_is_ignored_unless_configured(server_factory):
    limited = server_factory.start(rate_limit_token=1, rate_limit_burst=2)
    calls = token_calls(limited, 2, forwarded_for="203.0.113.10")
    assert [call.status_code for call in calls] == [400, 400]
    # A forged header does not buy a new bucket: the TCP peer is the client.
    assert_limited(token_calls(limited, 1, forwarded_for="203.0.113.99")[0])


def test_forwarded_header_from_an_untrusted_peer_is_ignored(server_factory):
    """The header is configured, but the peer (127.0.0.1) is not a trusted proxy: a forged
    header buys no new bucket."""
    limited = server_factory.start(
        rate_limit_token=1, rate_limit_burst=2, rate_limit_header="X-Forwarded-For", trusted_proxies="10.0.0.0/8, fd00::/8"
    )
    calls = [token_calls(limited, 1, forwarded_for=f"203.0.113.{n}")[0] for n in range(1, 4)]
    assert [call.status_code for call in calls[:2]] == [400, 400]
    assert_limited(calls[2])


def test_the_rightmost_untrusted_hop_is_the_client(server_factory):
    """Behind two trusted proxies (127.0.0.1 and 198.51.100.0/24), whatever the client wrote at
    the left of the header is ignored: rotating it does not give a fresh bucket."""
    limited = server_factory.start(
        rate_limit_token=1, rate_limit_burst=2, trusted_proxies="127.0.0.1, 198.51.100.0/24"
    )
    forged = ["1.1.1.1, 203.0.113.10", "2.2.2.2, 203.0.113.10, 198.51.100.7", "3.3.3.3,203.0.113.10"]
    calls = [token_calls(limited, 1, forwarded_for=header)[0] for header in forged]
    assert [call.status_code for call in calls[:2]] == [400, 400], [call.text for call in calls]
    assert_limited(calls[2])
    # Another client behind the same proxies has its own bucket.
    assert token_calls(limited, 1, forwarded_for="1.1.1.1, 203.0.113.20")[0].status_code == 400


def limited_password_changes(server):
    """PUT /user calls for a user created through the admin API (no limit there)."""
    email = unique_email()
    server.admin().create_user({"email": email, "password": PASSWORD, "email_confirm": True})
    token = password_grant(server, email).json()["access_token"]
    return [
        server.request("PUT", "user", json={"password": f"new-password-{n}"}, bearer=token)
        for n in range(3)
    ]


OTP_LIMITED_CALLS = {
    "signup": lambda server: [
        server.request("POST", "signup", json={"email": unique_email(), "password": PASSWORD})
        for _ in range(3)
    ],
    "recover": lambda server: [
        server.request("POST", "recover", json={"email": unique_email()}) for _ in range(3)
    ],
    "put-user": limited_password_changes,
}


@pytest.mark.parametrize("endpoint", sorted(OTP_LIMITED_CALLS))
def test_otp_limit(server_factory, endpoint):
    limited = server_factory.start(rate_limit_otp=1, rate_limit_burst=2)
    first, second, third = OTP_LIMITED_CALLS[endpoint](limited)
    assert (first.status_code, second.status_code) == (200, 200), (first.text, second.text)
    assert_limited(third)
    # /token has a bucket of its own (switched off here).
    assert password_grant(limited, unique_email()).status_code == 400


def test_verify_limit(server_factory):
    limited = server_factory.start(rate_limit_verify=1, rate_limit_burst=2)
    calls = [
        limited.request("POST", "verify", json={"type": "recovery", "token_hash": "0" * 56})
        for _ in range(3)
    ]
    assert [call.status_code for call in calls[:2]] == [403, 403], [call.text for call in calls]
    assert_limited(calls[2])


def test_zero_switches_a_limit_off(server):
    # The default test server has every limit at 0; 40 calls exceed the default burst of 30.
    statuses = {call.status_code for call in token_calls(server, 40)}
    assert statuses == {400}, statuses
