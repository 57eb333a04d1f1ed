"""Native ID-token sign-in over GoTrue (`POST /token?grant_type=id_token`) with the official
client's `sign_in_with_id_token`: Apple's and Google's token shapes from a loopback issuer, and
a real OpenID provider (oidc-provider-mock) as the custom provider `mock`. Then every check of a
token, each failed alone by a token that is otherwise the one that signs in."""

from __future__ import annotations

import time
import uuid

import pytest
from cryptography.hazmat.primitives.asymmetric import rsa
from supabase_auth.errors import AuthApiError

from oidc_issuers import (  # noqa: F401 (apple_issuer, google_issuer, oidc_mock are fixtures)
    APPLE_CLIENT_IDS,
    MOCK_PROVIDER,
    LoopbackIssuer,
    apple_claims,
    apple_issuer,
    apple_sub,
    google_claims,
    google_issuer,
    google_sub,
    hashed,
    oidc_mock,
    provider_settings,
    raw_nonce,
    relay_email,
)
from support import api_error, is_uuid, unique_email

BAD_TOKEN = (400, "bad_id_token")


@pytest.fixture(scope="module")
def federated_server(module_servers, apple_issuer, google_issuer, oidc_mock):
    return module_servers.start(**provider_settings(apple_issuer, google_issuer, oidc_mock))


def sign_in(server, provider: str, token: str, nonce: str | None = None):
    """The official client's call; returns (client, AuthResponse)."""
    client = server.client()
    return client, client.sign_in_with_id_token({"provider": provider, "token": token, "nonce": nonce})


def apple_token(issuer: LoopbackIssuer, **claims) -> tuple[str, str]:
    """A valid Apple token and the raw nonce the app sends with it."""
    nonce = raw_nonce()
    return issuer.mint(apple_claims(issuer, nonce=nonce, **claims)), nonce


# ----- signing in --------------------------------------------------------------------------


def test_sign_in_with_apple(federated_server, apple_issuer):
    sub, email = apple_sub(), relay_email()
    token, nonce = apple_token(apple_issuer, sub=sub, email=email)
    client, response = sign_in(federated_server, "apple", token, nonce)

    assert response.session is not None
    user = response.user
    assert user.email == email
    assert user.email_confirmed_at is not None, "Apple's email_verified \"true\" (a string) is a verified address"
    assert user.app_metadata["provider"] == "apple"
    assert user.app_metadata["providers"] == ["apple"]
    assert len(user.identities) == 1, user.identities
    identity = user.identities[0]
    assert identity.provider == "apple"
    assert identity.id == sub
    assert identity.user_id == user.id
    assert is_uuid(identity.identity_id)
    assert identity.identity_data["sub"] == sub
    assert identity.identity_data["email"] == email

    claims = federated_server.decode_access_token(response.session.access_token)
    assert claims["sub"] == user.id
    assert claims["email"] == email
    assert claims["app_metadata"]["provider"] == "apple"
    assert claims["amr"][0]["method"] == "oauth"  # GoTrue's method for every provider sign-in

    assert client.get_user().user.id == user.id
    refreshed = client.refresh_session()
    assert refreshed.user.id == user.id
    assert refreshed.session.refresh_token != response.session.refresh_token

    again_token, again_nonce = apple_token(apple_issuer, sub=sub, email=email)
    _, again = sign_in(federated_server, "apple", again_token, again_nonce)
    assert again.user.id == user.id
    assert [i.provider for i in again.user.identities] == ["apple"]


def test_sign_in_with_google(federated_server, google_issuer):
    sub, email = google_sub(), unique_email("google")
    claims = google_claims(google_issuer, sub=sub, email=email)
    # No nonce on either side: Google Sign-In sends one only when the app asks.
    client, response = sign_in(federated_server, "google", google_issuer.mint(claims))

    user = response.user
    assert response.session is not None
    assert user.email == email
    assert user.email_confirmed_at is not None
    assert user.app_metadata["provider"] == "google"
    identity = user.identities[0]
    assert (identity.provider, identity.id) == ("google", sub)
    assert identity.identity_data["email"] == email
    assert identity.identity_data["name"] == claims["name"]
    assert identity.identity_data["picture"] == claims["picture"]
    assert client.get_user().user.id == user.id

    _, again = sign_in(federated_server, "google", google_issuer.mint(google_claims(google_issuer, sub=sub, email=email)))
    assert again.user.id == user.id
    assert len(again.user.identities) == 1


def test_sign_in_with_a_real_openid_provider(federated_server, oidc_mock):
    sub, email, nonce = f"mock-{uuid.uuid4().hex}", unique_email("mock"), raw_nonce()
    token = oidc_mock.id_token(sub, {"email": email, "email_verified": True, "name": "Mock Person"}, nonce=nonce)
    client, response = sign_in(federated_server, MOCK_PROVIDER, token, nonce)

    user = response.user
    assert response.session is not None
    assert user.email == email
    assert user.email_confirmed_at is not None
    assert user.app_metadata["provider"] == MOCK_PROVIDER
    identity = user.identities[0]
    assert (identity.provider, identity.id) == (MOCK_PROVIDER, sub)
    assert identity.identity_data["email"] == email
    assert client.get_user().user.id == user.id
    assert client.refresh_session().user.id == user.id

    nonce = raw_nonce()
    token = oidc_mock.id_token(sub, {"email": email, "email_verified": True, "name": "Mock Person"}, nonce=nonce)
    _, again = sign_in(federated_server, MOCK_PROVIDER, token, nonce)
    assert again.user.id == user.id


def test_a_real_provider_token_for_another_client_is_refused(federated_server, oidc_mock):
    sub, nonce = f"mock-{uuid.uuid4().hex}", raw_nonce()
    token = oidc_mock.id_token(sub, {"email": unique_email("mock"), "email_verified": True}, nonce=nonce,
                               client_id="some-other-app")
    client = federated_server.client()
    with api_error(*BAD_TOKEN):
        client.sign_in_with_id_token({"provider": MOCK_PROVIDER, "token": token, "nonce": nonce})
    assert client.get_session() is None


def test_an_es256_signed_token_signs_in(federated_server, google_issuer):
    claims = google_claims(google_issuer)
    _, response = sign_in(federated_server, "google", google_issuer.mint(claims, kid=google_issuer.ec_kid))
    assert response.session is not None
    assert response.user.identities[0].id == claims["sub"]


@pytest.mark.parametrize("audience", [APPLE_CLIENT_IDS[1], ["com.example.other", APPLE_CLIENT_IDS[0]]],
                         ids=["the services id", "a list naming the bundle id"])
def test_every_configured_client_id_is_an_accepted_audience(federated_server, apple_issuer, audience):
    token, nonce = apple_token(apple_issuer, aud=audience)
    _, response = sign_in(federated_server, "apple", token, nonce)
    assert response.session is not None


def test_apple_booleans_are_read_as_booleans_too(federated_server, apple_issuer):
    token, nonce = apple_token(apple_issuer, email_verified=True, is_private_email=True)
    _, response = sign_in(federated_server, "apple", token, nonce)
    assert response.user.email_confirmed_at is not None


# ----- each check alone ----------------------------------------------------------------------


def token_failing(issuer: LoopbackIssuer, check: str) -> tuple[str, str | None]:
    """The valid Apple token and nonce of `test_the_unchanged_token_signs_in`, changed only so
    that `check` fails ("none": unchanged)."""
    nonce = raw_nonce()
    claims = apple_claims(issuer, nonce=nonce)
    now = int(time.time())
    if check == "none":
        return issuer.mint(claims), nonce
    if check == "signature":
        return issuer.forged_with_foreign_key(claims), nonce
    if check == "issuer":
        return issuer.mint({**claims, "iss": issuer.url + "/elsewhere"}), nonce
    if check == "audience":
        return issuer.mint({**claims, "aud": "com.example.someone-else"}), nonce
    if check == "expiry":
        return issuer.mint({**claims, "iat": now - 7200, "auth_time": now - 7200, "exp": now - 3600}), nonce
    if check == "issued in the future":
        return issuer.mint({**claims, "iat": now + 3600, "auth_time": now + 3600, "exp": now + 7200}), nonce
    if check == "nonce only in the token":
        return issuer.mint(claims), None
    if check == "nonce only in the request":
        return issuer.mint({k: v for k, v in claims.items() if k != "nonce"}), nonce
    if check == "raw nonce in the token":
        return issuer.mint({**claims, "nonce": nonce}), nonce
    if check == "hashed nonce in the request":
        return issuer.mint(claims), hashed(nonce)
    if check == "subject":
        return issuer.mint({k: v for k, v in claims.items() if k != "sub"}), nonce
    if check == "unknown kid":
        foreign = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        return issuer.mint(claims, kid="apple-rsa-never-published", key=foreign), nonce
    if check == "HS256 keyed with the public key":
        return issuer.hs256_keyed_with_public_key(claims), nonce
    if check == "alg none":
        return issuer.unsigned(claims), nonce
    if check == "ES256 under the RSA key's kid":
        return issuer.mint(claims, kid=issuer.rsa_kid, key=issuer.private_key(issuer.ec_kid)), nonce
    raise ValueError(check)


CHECKS = [
    "signature", "issuer", "audience", "expiry", "issued in the future", "nonce only in the token",
    "nonce only in the request", "raw nonce in the token", "hashed nonce in the request", "subject",
    "unknown kid", "HS256 keyed with the public key", "alg none", "ES256 under the RSA key's kid",
]


def test_the_unchanged_token_signs_in(federated_server, apple_issuer):
    token, nonce = token_failing(apple_issuer, "none")
    _, response = sign_in(federated_server, "apple", token, nonce)
    assert response.session is not None


@pytest.mark.parametrize("check", CHECKS)
def test_each_check_refuses_alone(federated_server, apple_issuer, check):
    token, nonce = token_failing(apple_issuer, check)
    client = federated_server.client()
    with api_error(*BAD_TOKEN) as error:
        client.sign_in_with_id_token({"provider": "apple", "token": token, "nonce": nonce})
    assert client.get_session() is None
    assert token not in error.value.message


def test_a_disabled_provider_is_refused(server_factory, apple_issuer):
    server = server_factory.start(**{**provider_settings(apple_issuer), "external_apple_enabled": False})
    token, nonce = apple_token(apple_issuer)
    client = server.client()
    with api_error(400, "provider_disabled"):
        client.sign_in_with_id_token({"provider": "apple", "token": token, "nonce": nonce})
    assert client.get_session() is None


def test_an_unknown_provider_is_refused(federated_server, apple_issuer):
    token, nonce = apple_token(apple_issuer)
    response = federated_server.request("POST", "token", params={"grant_type": "id_token"},
                                        json={"provider": "myspace", "id_token": token, "nonce": nonce})
    assert response.status_code == 400, response.text
    # GoTrue names it `validation_failed` on this grant, `oauth_provider_not_supported` on /authorize.
    assert response.json()["code"] in ("validation_failed", "oauth_provider_not_supported"), response.text
    assert "access_token" not in response.json()


# ----- the issuer's keys ------------------------------------------------------------------------

ROTATION_WAIT = 45.0  # seconds: the server asks the issuer again at most every 30 s


def test_keys_are_cached_and_fetched_again_for_a_new_kid(server_factory):
    """Takes about 30 s: a made-up `kid` must not send the server to the issuer each time, so a
    rotated key is picked up at the first sign-in after the server's refetch interval."""
    issuer = LoopbackIssuer("rotating", "/keys")
    try:
        server = server_factory.start(**provider_settings(apple=issuer))
        for _ in range(3):
            token, nonce = apple_token(issuer)
            assert sign_in(server, "apple", token, nonce)[1].session is not None
        assert issuer.jwks_requests == 1, "the keys are fetched once, not per sign-in"

        for _ in range(5):
            nonce = raw_nonce()
            forged = issuer.mint(apple_claims(issuer, nonce=nonce), kid=f"made-up-{uuid.uuid4().hex[:8]}",
                                 key=rsa.generate_private_key(public_exponent=65537, key_size=2048))
            with api_error(*BAD_TOKEN):
                sign_in(server, "apple", forged, nonce)
        assert issuer.jwks_requests <= 2, "made-up key ids sent the server to the issuer every time"

        rotated = issuer.add_key("rsa")  # the issuer rotates: a key the server has not seen
        deadline = time.monotonic() + ROTATION_WAIT
        while True:
            nonce = raw_nonce()
            token = issuer.mint(apple_claims(issuer, nonce=nonce), kid=rotated)
            try:
                assert sign_in(server, "apple", token, nonce)[1].session is not None
                break
            except AuthApiError as error:
                assert (error.status, error.code) == BAD_TOKEN, error
                assert time.monotonic() < deadline, f"the rotated key was not picked up within {ROTATION_WAIT} s"
                time.sleep(1.0)
        assert issuer.jwks_requests <= 3
    finally:
        issuer.stop()
