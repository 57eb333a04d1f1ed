"""Guessing the 6-digit code: every try is counted in the database before it is compared (one
conditional update, so a burst of parallel guesses cannot buy more than the token's five), a
per-account budget bounds guesses across successive codes, and wrong guesses never spend the
emailed link (an attacker must not be able to cancel someone else's recovery)."""

from __future__ import annotations

import sqlite3
import subprocess

import httpx

from recovery_support import race, recovery_mail, register, request_recovery
from support import assert_error

TOKEN_TRIES = 5
ACCOUNT_TRIES = 10


def verify_code(server, email, code):
    return server.request("POST", "verify", json={"type": "recovery", "email": email, "token": code})


def verify_hash(server, token):
    return server.request("POST", "verify", json={"type": "recovery", "token_hash": token})


def wrong(code: str, k: int = 1) -> str:
    return f"{(int(code) + k) % 1_000_000:06d}"


def stored_attempts(server, email: str) -> list[int]:
    """The `attempts` column of the account's one-time tokens, read from the server's database."""
    sql = ("SELECT t.attempts FROM one_time_tokens t JOIN users u ON u.id = t.user_id "
           f"WHERE u.email = '{email}' ORDER BY t.created_at")
    if server.config.db == "postgres":
        url = server._pg._url_for(server._database)
        result = subprocess.run([server.config.psql, "-X", "-A", "-t", "-d", url, "-c", sql],
                                capture_output=True, text=True, timeout=30, check=True)
        return [int(line) for line in result.stdout.split()]
    with sqlite3.connect(server.workdir / "data" / "gatehouse.sqlite", timeout=10) as connection:
        return [row[0] for row in connection.execute(sql)]


def test_thirty_parallel_wrong_codes_and_the_right_one_count_at_most_five(mail_server):
    """The issue's race: 30 wrong codes and the right one at once. However they interleave, at
    most five tries are counted (and compared); the right code wins only as one of those five,
    and once the five are spent it is refused."""
    email = register(mail_server)
    request_recovery(mail_server, email)
    _, _, code = recovery_mail(mail_server, email)
    url = f"{mail_server.auth_url}/verify"
    headers = {"X-Supabase-Api-Version": "2024-01-01"}
    guesses = [wrong(code, k) for k in range(1, 31)]
    guesses.insert(15, code)
    responses = race([
        (lambda c, g=g: c.post(url, json={"type": "recovery", "email": email, "token": g}, headers=headers))
        for g in guesses
    ])
    statuses = [r.status_code for r in responses]
    assert set(statuses) <= {200, 403}, sorted(set(statuses))
    assert statuses.count(200) <= 1
    for response in responses:
        if response.status_code == 403:
            assert_error(response, 403, "otp_expired")
    attempts = stored_attempts(mail_server, email)
    assert attempts and max(attempts) <= TOKEN_TRIES, f"{attempts} tries counted, at most {TOKEN_TRIES} allowed"
    if statuses.count(200) == 0:
        assert_error(verify_code(mail_server, email, code), 403, "otp_expired")


def test_five_wrong_codes_spend_the_code_but_not_the_link(mail_server):
    email = register(mail_server)
    request_recovery(mail_server, email)
    _, token, code = recovery_mail(mail_server, email)
    for k in range(1, TOKEN_TRIES + 1):
        assert_error(verify_code(mail_server, email, wrong(code, k)), 403, "otp_expired")
    assert_error(verify_code(mail_server, email, code), 403, "otp_expired")
    linked = verify_hash(mail_server, token)
    assert linked.status_code == 200, "wrong guesses must not cancel the emailed link: " + linked.text
    assert linked.json()["user"]["email"] == email


def test_the_account_budget_spans_successive_codes(mail_server):
    """Five wrong tries on each of two codes spend the account's ten: a third code, right as it
    is, answers exactly as a wrong one, while its link still works."""
    email = register(mail_server)
    for round_ in range(ACCOUNT_TRIES // TOKEN_TRIES):
        request_recovery(mail_server, email)
        _, _, code = recovery_mail(mail_server, email, count=round_ + 1)
        for k in range(1, TOKEN_TRIES + 1):
            assert_error(verify_code(mail_server, email, wrong(code, k)), 403, "otp_expired")
    request_recovery(mail_server, email)
    _, token, code = recovery_mail(mail_server, email, count=ACCOUNT_TRIES // TOKEN_TRIES + 1)
    refused = verify_code(mail_server, email, code)
    invalid = verify_code(mail_server, email, wrong(code))
    assert_error(refused, 403, "otp_expired")
    assert refused.json() == invalid.json(), "the spent budget must answer exactly like a wrong code"
    assert verify_hash(mail_server, token).status_code == 200


def test_a_right_code_within_the_budget_works_and_starts_it_again(mail_server):
    """Four wrong tries and the right code, three times over: fifteen tries in all, more than the
    account's ten, yet each right code works because a success starts the budget again."""
    email = register(mail_server)
    for round_ in range(3):
        request_recovery(mail_server, email)
        _, _, code = recovery_mail(mail_server, email, count=round_ + 1)
        for k in range(1, TOKEN_TRIES):
            assert_error(verify_code(mail_server, email, wrong(code, k)), 403, "otp_expired")
        right = verify_code(mail_server, email, code)
        assert right.status_code == 200, (round_, right.text)
