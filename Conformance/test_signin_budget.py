"""Password sign-in guesses: a per-address failure budget that holds however
many client addresses the guesses come from, answered alike for registered and unknown
addresses, and IPv6 clients counted per /64 (GATEHOUSE_RATE_LIMIT_IPV6_PREFIX)."""

from __future__ import annotations

from support import PASSWORD, assert_error, password_grant, sign_up, unique_email

LIMIT = 5
HEADERS = {"X-Supabase-Api-Version": "2024-01-01"}


def grant_from(server, email: str, password: str, client: str):
    return password_grant(server, email, password, headers={**HEADERS, "X-Forwarded-For": client})


def guesses(server, email: str, count: int, start: int = 0):
    """Wrong passwords for `email`, each from another client address behind the proxy."""
    return [grant_from(server, email, f"wrong-password-{n}", f"203.0.113.{(start + n) % 250 + 1}")
            for n in range(count)]


def budget_server(server_factory, **extra):
    return server_factory.start(trusted_proxies="127.0.0.1", signin_failure_limit=LIMIT,
                                signin_failure_window=300, **extra)


def test_guesses_from_many_addresses_spend_the_accounts_budget(server_factory):
    """The issue's run: wrong guesses spread over several client addresses, then the right
    password from yet another one. Past the budget it is held back too (a short soft lock)."""
    server = budget_server(server_factory)
    email = unique_email("budget")
    sign_up(server, email)
    for response in guesses(server, email, LIMIT):
        assert_error(response, 400, "invalid_credentials")
    held = grant_from(server, email, PASSWORD, "198.51.100.99")
    assert_error(held, 429, "over_request_rate_limit")
    retry_after = int(held.headers["Retry-After"])
    assert 0 < retry_after <= 300, retry_after


def test_an_unknown_address_gets_the_same_answers(server_factory):
    server = budget_server(server_factory)
    known = unique_email("budget-known")
    sign_up(server, known)
    unknown = unique_email("budget-unknown")
    answers = {}
    for email in (known, unknown):
        responses = guesses(server, email, LIMIT + 2)
        answers[email] = [(r.status_code, r.json(), "Retry-After" in r.headers) for r in responses]
    assert answers[known] == answers[unknown], answers
    assert [status for status, _, _ in answers[known]] == [400] * LIMIT + [429] * 2


def test_a_success_starts_the_budget_again(server_factory):
    server = budget_server(server_factory)
    email = unique_email("budget-reset")
    sign_up(server, email)
    for round_ in range(3):
        for response in guesses(server, email, LIMIT - 1, start=round_ * 10):
            assert_error(response, 400, "invalid_credentials")
        right = grant_from(server, email, PASSWORD, "198.51.100.1")
        assert right.status_code == 200, (round_, right.text)


def test_ipv6_clients_share_a_bucket_per_64(server_factory):
    server = server_factory.start(trusted_proxies="127.0.0.1", rate_limit_token=1, rate_limit_burst=2)
    same_64 = ["2001:db8:1:2::1", "2001:db8:1:2:ffff::7", "2001:db8:1:2::abcd"]
    calls = [grant_from(server, unique_email(), PASSWORD, client) for client in same_64]
    assert [c.status_code for c in calls[:2]] == [400, 400], [c.text for c in calls]
    assert_error(calls[2], 429, "over_request_rate_limit")
    other_64 = grant_from(server, unique_email(), PASSWORD, "2001:db8:1:3::1")
    assert other_64.status_code == 400, other_64.text


def test_the_ipv6_prefix_is_a_setting(server_factory):
    server = server_factory.start(trusted_proxies="127.0.0.1", rate_limit_token=1, rate_limit_burst=2,
                                  rate_limit_ipv6_prefix=128)
    calls = [grant_from(server, unique_email(), PASSWORD, f"2001:db8:1:2::{n}") for n in range(1, 4)]
    assert [c.status_code for c in calls] == [400, 400, 400], [c.text for c in calls]
