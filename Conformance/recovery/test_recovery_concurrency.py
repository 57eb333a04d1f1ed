"""Races: 50 simultaneous redemptions of one recovery token (exactly one wins, through POST
/verify and through the reset page), simultaneous requests inside one send window, and a burst
of code guesses that must not buy more than the five allowed."""

from __future__ import annotations

import time

import httpx

from recovery_support import (
    click_link,
    link_page_form,
    CHANGED_SUBJECT,
    admin_mail,
    ResetBrowser,
    dev_messages,
    fragment_of,
    http,
    link_in,
    pkce_pair,
    query_of,
    race,
    recovery_mail,
    register,
    request_recovery,
    says_link_invalid,
    wait_for_dev_mail,
)
from support import PASSWORD, assert_error, password_grant, unique_email

RACERS = 50


def test_fifty_concurrent_verifies_of_one_token_hash(mail_server):
    email = register(mail_server)
    request_recovery(mail_server, email)
    _, token, _ = recovery_mail(mail_server, email)
    url = f"{mail_server.auth_url}/verify"
    headers = {"X-Supabase-Api-Version": "2024-01-01"}
    responses = race([
        lambda c: c.post(url, json={"type": "recovery", "token_hash": token}, headers=headers)
    ] * RACERS)

    statuses = sorted(r.status_code for r in responses)
    assert statuses == [200] + [403] * (RACERS - 1), statuses
    for response in responses:
        if response.status_code == 403:
            assert_error(response, 403, "otp_expired")
    winner = next(r for r in responses if r.status_code == 200).json()
    assert winner["user"]["email"] == email


def test_fifty_concurrent_reset_form_posts_of_one_token(mail_server):
    email = register(mail_server)
    request_recovery(mail_server, email)
    link, _, _ = recovery_mail(mail_server, email)
    passwords = [f"racing-password-{i:02d}" for i in range(RACERS)]
    browsers = [ResetBrowser(mail_server) for _ in passwords]
    try:
        for browser in browsers:  # fifty tabs with the form open
            assert browser.open(link).status_code == 200
        responses = race([(lambda _, b=b, p=p: b.submit(p)) for b, p in zip(browsers, passwords)])
    finally:
        for browser in browsers:
            browser.client.close()

    statuses = [r.status_code for r in responses]
    assert sorted(statuses) == [200] + [400] * (RACERS - 1), sorted(statuses)
    assert all(says_link_invalid(r) for r in responses if r.status_code == 400)
    winner = passwords[statuses.index(200)]
    assert password_grant(mail_server, email, winner).status_code == 200
    assert_error(password_grant(mail_server, email, PASSWORD), 400, "invalid_credentials")
    loser = passwords[(statuses.index(200) + 1) % RACERS]
    assert_error(password_grant(mail_server, email, loser), 400, "invalid_credentials")

    wait_for_dev_mail(mail_server, email, CHANGED_SUBJECT)
    time.sleep(1.0)  # a duplicate would have arrived by now
    notices = [m for m in dev_messages(mail_server, email) if m["subject"] == CHANGED_SUBJECT]
    assert len(notices) == 1, f"{len(notices)} 'password changed' emails"


def test_one_send_window_admits_one_of_many_simultaneous_requests(server_factory):
    server = server_factory.start(email_send_window=60, mail_retry_base_ms=100)
    known = register(server, unique_email("window-race"))
    unknown = unique_email("window-race")
    url = f"{server.auth_url}/recover"
    for email in (known, unknown):
        responses = race([lambda c, e=email: c.post(url, json={"email": e})] * 20)
        statuses = sorted(r.status_code for r in responses)
        assert statuses == [200] + [429] * 19, (email == known, statuses)
    wait_for_dev_mail(server, known)
    time.sleep(1.0)
    assert len(dev_messages(server, known)) == 1
    assert dev_messages(server, unknown) == []


def test_a_burst_of_requests_is_delivered_as_one_batch_would_be(server_factory):
    """The worker handles a burst's jobs together (one lookup, one transaction for the tokens).
    Every registered address still gets exactly one working link of its own, and nobody else
    anything."""
    server = server_factory.start(email_send_window=60, mail_retry_base_ms=100)
    known = [register(server, unique_email("burst-known")) for _ in range(8)]
    unknown = [unique_email("burst-unknown") for _ in range(8)]
    url = f"{server.auth_url}/recover"
    responses = race([lambda c, e=email: c.post(url, json={"email": e}) for email in known + unknown])
    assert [r.status_code for r in responses] == [200] * 16, [r.text for r in responses if r.status_code != 200]

    tokens = {recovery_mail(server, email)[1] for email in known}
    assert len(tokens) == len(known), "two addresses got the same link"
    time.sleep(1.0)
    for email in known:
        assert len(dev_messages(server, email)) == 1, email
    for email in unknown:
        assert dev_messages(server, email) == [], email
    counts = admin_mail(server)
    assert (counts["sent"], counts["skipped"], counts["dead"]) == (8, 8, 0), counts
    with http() as client:
        for email in known:
            _, token, _ = recovery_mail(server, email)
            verified = client.post(f"{server.auth_url}/verify", json={"type": "recovery", "token_hash": token})
            assert verified.status_code == 200, verified.text
            assert verified.json()["user"]["email"] == email


def test_a_burst_of_guesses_gets_no_more_than_five(mail_server):
    """49 wrong codes and the right one, all at once, in several rounds. With the 5-guess limit
    the right code can win only when it is among the first five guesses counted, about one
    round in ten; a server that checks every guess of a burst lets it win nearly every round.
    Five or more wins in eight rounds has a chance of about 0.04 % when the limit holds."""
    rounds, wins = 8, 0
    url = f"{mail_server.auth_url}/verify"
    for _ in range(rounds):
        email = register(mail_server)
        request_recovery(mail_server, email)
        _, _, code = recovery_mail(mail_server, email)
        guesses = [f"{(int(code) + k) % 1_000_000:06d}" for k in range(1, RACERS)]
        guesses.insert(RACERS // 2, code)
        responses = race([
            (lambda c, g=g: c.post(url, json={"type": "recovery", "email": email, "token": g})) for g in guesses
        ])
        statuses = [r.status_code for r in responses]
        assert set(statuses) <= {200, 403}, sorted(set(statuses))
        assert statuses.count(200) <= 1
        wins += statuses.count(200)
        after = mail_server.request("POST", "verify", json={"type": "recovery", "email": email, "token": code})
        assert after.status_code == 403, "the token must be spent or burned after the burst"
    assert wins < 5, f"the right code won {wins} of {rounds} bursts of {RACERS} guesses"


def test_concurrent_opens_of_one_link_give_one_session(mail_server):
    email = register(mail_server)
    callback = f"{mail_server.root_url}/app/callback"
    request_recovery(mail_server, email, params={"redirect_to": callback})
    link = link_in(wait_for_dev_mail(mail_server, email)[0]["text"])
    # Twenty clicks of the link page's button at once (the page's GET spends nothing).
    with http() as browser:
        action, fields = link_page_form(browser.get(link))
    responses = race([lambda c: c.post(action, data=fields)] * 20)
    assert {r.status_code for r in responses} == {303}
    fragments = [fragment_of(r.headers["location"]) for r in responses]
    sessions = [f for f in fragments if "access_token" in f]
    assert len(sessions) == 1, f"{len(sessions)} sessions from one link"
    assert all(f.get("error_code") == "otp_expired" for f in fragments if "access_token" not in f)


def test_concurrent_pkce_exchanges_of_one_code(mail_server):
    email = register(mail_server)
    verifier, challenge = pkce_pair()
    request_recovery(mail_server, email, params={"redirect_to": f"{mail_server.root_url}/app/callback"},
                     code_challenge=challenge, code_challenge_method="s256")
    link = link_in(wait_for_dev_mail(mail_server, email)[0]["text"])
    code = query_of(click_link(link).headers["location"])["code"]
    url = f"{mail_server.auth_url}/token?grant_type=pkce"
    headers = {"X-Supabase-Api-Version": "2024-01-01"}
    responses = race([
        lambda c: c.post(url, json={"auth_code": code, "code_verifier": verifier}, headers=headers)
    ] * 20)
    statuses = sorted(r.status_code for r in responses)
    assert statuses == [200] + [404] * 19, statuses
    for response in responses:
        if response.status_code == 404:
            assert_error(response, 404, "flow_state_not_found")
