"""MFA with TOTP (gotrue-extended.md section 10) through supabase-py's `mfa` and
`admin.mfa` calls: enrol, challenge, verify (aal2, amr), assurance level, list, unenrol, the admin
list and delete, and the refusals (wrong and replayed codes, the per-factor attempt budget, the
factor limit, duplicate names, aal1 sessions of users with a verified factor)."""

from __future__ import annotations

import re
import time

import pyotp
import pytest
import zxingcpp

from support import PASSWORD, api_error, assert_error, is_uuid, new_user_with_session, password_grant, refresh_grant, unique_email


def signed_in(server, email: str | None = None):
    """A new user and the official client signed in as them."""
    email = email or unique_email("mfa")
    new_user_with_session(server, email)
    client = server.client()
    client.sign_in_with_password({"email": email, "password": PASSWORD})
    return client, email


def enroll(client, name: str | None = "phone"):
    return client.mfa.enroll({"factor_type": "totp", "friendly_name": name})


def wrong_code(secret: str) -> str:
    """A code valid for none of the steps the server accepts now."""
    totp = pyotp.TOTP(secret)
    now = time.time()
    accepted = {totp.at(now + delta) for delta in (-60, -30, 0, 30, 60)}
    return next(code for code in (f"{n:06d}" for n in range(1000)) if code not in accepted)


def enrolled_and_verified(server, name: str = "phone"):
    client, email = signed_in(server)
    factor = enroll(client, name)
    client.mfa.challenge_and_verify({"factor_id": factor.id, "code": pyotp.TOTP(factor.totp.secret).now()})
    return client, email, factor


def qr_matrix(svg: str) -> list[list[bool]]:
    """The dark modules of the server's SVG (unit squares `M x y h1v1h-1z` in a viewBox)."""
    side = int(re.search(r'viewBox="0 0 (\d+) \d+"', svg).group(1))
    matrix = [[False] * side for _ in range(side)]
    for x, y in re.findall(r"M(\d+) (\d+)h1v1h-1z", svg):
        matrix[int(y)][int(x)] = True
    return matrix


def decode_qr(matrix: list[list[bool]], scale: int = 6) -> list[str]:
    side = len(matrix) * scale
    pixels = bytearray(b"\xff" * (side * side))
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                for dy in range(scale):
                    start = (y * scale + dy) * side + x * scale
                    pixels[start:start + scale] = b"\x00" * scale
    image = memoryview(bytes(pixels)).cast("B", (side, side))
    return [(code.text, code.ec_level) for code in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)]


def test_enroll_answers_the_secret_uri_and_a_qr_code_of_the_uri(server):
    client, email = signed_in(server)
    factor = enroll(client, "my phone")
    assert is_uuid(factor.id)
    assert factor.type == "totp" and factor.friendly_name == "my phone"
    secret = factor.totp.secret
    assert re.fullmatch(r"[A-Z2-7]{32}", secret)
    host = server.auth_url.split("//")[1].split("/")[0]
    assert factor.totp.uri == (
        f"otpauth://totp/{host}:{email}?algorithm=SHA1&digits=6&issuer={host.replace(':', '%3A')}&period=30&secret={secret}"
    )
    # The client prefixes the raw SVG itself; the markup must not contain '#', which ends a data URL.
    assert factor.totp.qr_code.startswith("data:image/svg+xml;utf-8,<svg")
    svg = factor.totp.qr_code.removeprefix("data:image/svg+xml;utf-8,")
    assert "#" not in svg
    # An independent decoder reads the URI back, at level M.
    assert decode_qr(qr_matrix(svg)) == [(factor.totp.uri, "M")]


def test_challenge_verify_raises_the_session_to_aal2(server):
    client, _ = signed_in(server)
    before = client.mfa.get_authenticator_assurance_level()
    assert (before.current_level, before.next_level) == ("aal1", "aal1")
    old_refresh = client.get_session().refresh_token
    factor = enroll(client)
    challenge = client.mfa.challenge({"factor_id": factor.id})
    assert is_uuid(challenge.id) and challenge.factor_type == "totp"
    assert 290 <= challenge.expires_at - time.time() <= 301
    verified = client.mfa.verify(
        {"factor_id": factor.id, "challenge_id": challenge.id, "code": pyotp.TOTP(factor.totp.secret).now()}
    )
    claims = server.decode_access_token(verified.access_token)
    assert claims["aal"] == "aal2"
    assert [entry["method"] for entry in claims["amr"]] == ["totp", "password"]
    assert abs(claims["amr"][0]["timestamp"] - time.time()) < 5
    assert verified.user.factors[0].status == "verified"

    level = client.mfa.get_authenticator_assurance_level()
    assert (level.current_level, level.next_level) == ("aal2", "aal2")
    assert [entry.method for entry in level.current_authentication_methods] == ["totp", "password"]
    factors = client.mfa.list_factors()
    assert [f.id for f in factors.totp] == [factor.id] and len(factors.all) == 1

    # aal2 survives a refresh; the refresh token from before the verification is superseded.
    refreshed = refresh_grant(server, verified.refresh_token)
    assert refreshed.status_code == 200, refreshed.text
    assert server.decode_access_token(refreshed.json()["access_token"])["aal"] == "aal2"
    assert refresh_grant(server, old_refresh).status_code == 400


def test_a_new_password_sign_in_is_aal1_with_aal2_next(server):
    _, email, factor = enrolled_and_verified(server)
    client = server.client()
    client.sign_in_with_password({"email": email, "password": PASSWORD})
    level = client.mfa.get_authenticator_assurance_level()
    assert (level.current_level, level.next_level) == ("aal1", "aal2")
    assert [f.status for f in client.get_session().user.factors] == ["verified"]


def test_verifying_signs_out_the_users_other_aal1_sessions(server):
    client, email = signed_in(server)
    other = password_grant(server, email).json()
    factor = enroll(client)
    client.mfa.challenge_and_verify({"factor_id": factor.id, "code": pyotp.TOTP(factor.totp.secret).now()})
    assert_error(server.request("GET", "user", bearer=other["access_token"]), 403, "session_not_found")


def test_wrong_code(server):
    client, _ = signed_in(server)
    factor = enroll(client)
    with api_error(422, "mfa_verification_failed"):
        client.mfa.challenge_and_verify({"factor_id": factor.id, "code": wrong_code(factor.totp.secret)})
    assert client.mfa.list_factors().all[0].status == "unverified"


def test_a_code_works_once(server):
    client, _, factor = enrolled_and_verified(server)
    code = pyotp.TOTP(factor.totp.secret).now()
    # The code enrolled_and_verified used (or, at a step boundary, the one before it) is spent.
    used_step = int(time.time()) // 30
    with api_error(422, "mfa_verification_failed"):
        client.mfa.challenge_and_verify({"factor_id": factor.id, "code": pyotp.TOTP(factor.totp.secret).at(used_step * 30 - 30)})
    if int(time.time()) // 30 == used_step:
        with api_error(422, "mfa_verification_failed"):
            client.mfa.challenge_and_verify({"factor_id": factor.id, "code": code})


def test_a_challenge_works_once(server):
    client, _ = signed_in(server)
    factor = enroll(client)
    challenge = client.mfa.challenge({"factor_id": factor.id})
    totp = pyotp.TOTP(factor.totp.secret)
    client.mfa.verify({"factor_id": factor.id, "challenge_id": challenge.id, "code": totp.now()})
    with api_error(422, "mfa_ip_address_mismatch"):
        client.mfa.verify({"factor_id": factor.id, "challenge_id": challenge.id, "code": totp.at(time.time() + 30)})


def test_the_attempt_budget_per_factor(server_factory):
    server = server_factory.start(mfa_verify_attempts=3)
    client, _ = signed_in(server)
    factor = enroll(client)
    bad = wrong_code(factor.totp.secret)
    for _ in range(3):
        with api_error(422, "mfa_verification_failed"):
            client.mfa.challenge_and_verify({"factor_id": factor.id, "code": bad})
    # Spent: even the right code is not checked until the window ends.
    with api_error(429, "over_request_rate_limit"):
        client.mfa.challenge_and_verify({"factor_id": factor.id, "code": pyotp.TOTP(factor.totp.secret).now()})


def test_unverified_factor_limit(server_factory):
    server = server_factory.start(mfa_max_enrolled_factors=2)
    client, _ = signed_in(server)
    enroll(client, "one")
    enroll(client, "two")
    with api_error(422, "too_many_enrolled_mfa_factors"):
        enroll(client, "three")


def test_duplicate_friendly_name(server):
    client, _ = signed_in(server)
    enroll(client, "same")
    with api_error(422, "mfa_factor_name_conflict"):
        enroll(client, "same")


def test_enroll_refusals(server):
    client, _ = signed_in(server)
    token = client.get_session().access_token
    assert_error(server.request("POST", "factors", json={"factor_type": "sms"}, bearer=token), 400, "validation_failed")
    assert_error(server.request("POST", "factors", json={"factor_type": "totp"}), 401, "no_authorization")
    assert_error(server.request("POST", "factors/not-a-uuid/challenge", bearer=token), 404, "validation_failed")
    other, _ = signed_in(server)
    foreign = enroll(other)
    assert_error(server.request("POST", f"factors/{foreign.id}/challenge", bearer=token), 404, "mfa_factor_not_found")


def test_unenroll_an_unverified_factor_at_aal1(server):
    client, _ = signed_in(server)
    factor = enroll(client)
    client.mfa.challenge({"factor_id": factor.id})
    assert [f.id for f in client.mfa.list_factors().all] == [factor.id]
    assert client.mfa.unenroll({"factor_id": factor.id}).id == factor.id
    assert client.mfa.list_factors().all == []
    assert "factors" not in server.request("GET", "user", bearer=client.get_session().access_token).json()


def test_aal1_sessions_of_a_user_with_a_verified_factor(server):
    _, email, factor = enrolled_and_verified(server)
    client = server.client()
    client.sign_in_with_password({"email": email, "password": PASSWORD})
    with api_error(422, "insufficient_aal"):
        client.mfa.unenroll({"factor_id": factor.id})
    with api_error(403, "insufficient_aal"):
        enroll(client, "another")
    with api_error(401, "insufficient_aal"):
        client.update_user({"password": "a-new-password-1"})


def test_unenroll_at_aal2_lowers_the_session(server):
    client, _, factor = enrolled_and_verified(server)
    assert client.mfa.unenroll({"factor_id": factor.id}).id == factor.id
    refreshed = refresh_grant(server, client.get_session().refresh_token)
    assert refreshed.status_code == 200, refreshed.text
    claims = server.decode_access_token(refreshed.json()["access_token"])
    assert claims["aal"] == "aal1"
    assert [entry["method"] for entry in claims["amr"]] == ["password"]


def test_admin_list_and_delete_factors(server, admin):
    client, _, factor = enrolled_and_verified(server, "test_otp")
    user_id = client.get_session().user.id
    listed = admin.mfa.list_factors({"user_id": user_id})  # py parses a bare list
    assert [(f.id, f.friendly_name, f.factor_type, f.status) for f in listed] == [(factor.id, "test_otp", "totp", "verified")]
    assert [f["id"] for f in admin.get_user_by_id(user_id).user.model_dump()["factors"]] == [factor.id]
    deleted = admin.mfa.delete_factor({"id": factor.id, "user_id": user_id})
    assert deleted.id == factor.id
    assert admin.mfa.list_factors({"user_id": user_id}) == []
    raw = server.request("GET", f"admin/users/{user_id}/factors", bearer=server.service_role_jwt())
    assert raw.status_code == 200 and raw.json() == []
    assert_error(
        server.request("DELETE", f"admin/users/{user_id}/factors/{factor.id}", bearer=server.service_role_jwt()),
        404, "mfa_factor_not_found",
    )


def test_deleting_the_user_deletes_its_factors(server, admin):
    client, _, factor = enrolled_and_verified(server)
    user_id = client.get_session().user.id
    admin.delete_user(user_id)
    assert_error(
        server.request("GET", f"admin/users/{user_id}/factors", bearer=server.service_role_jwt()), 404, "user_not_found"
    )


def test_admin_renames_a_factor(server):
    client, _ = signed_in(server)
    first = enroll(client, "one")
    enroll(client, "two")
    user_id = client.get_session().user.id
    token = server.service_role_jwt()
    renamed = server.request("PUT", f"admin/users/{user_id}/factors/{first.id}", json={"friendly_name": "laptop"}, bearer=token)
    assert renamed.status_code == 200, renamed.text
    assert (renamed.json()["id"], renamed.json()["friendly_name"]) == (first.id, "laptop")
    assert_error(
        server.request("PUT", f"admin/users/{user_id}/factors/{first.id}", json={"friendly_name": "two"}, bearer=token),
        422, "mfa_factor_name_conflict",
    )
    assert sorted(f.friendly_name for f in client.mfa.list_factors().all) == ["laptop", "two"]
