"""Firebase's provider sign-in with an ID token: REST `accounts:signInWithIdp` and the iOS SDK's
v3 `verifyAssertion` (`postBody` with `id_token`, `providerId`, `nonce`; `requestUri`;
`returnSecureToken`), with Apple's and Google's token shapes from a loopback issuer. The ID
token firebase-admin verifies, new and returning users, one account for both protocols, a
refused link answered with `needConfirmation`, a bad token, and `accounts:lookup`."""

from __future__ import annotations

import urllib.parse

import pytest

from firebase_support import PASSWORD, admin_client, firebase_error, v1, v3
from oidc_issuers import (  # noqa: F401 (apple_issuer, google_issuer are fixtures)
    LoopbackIssuer,
    apple_claims,
    apple_issuer,
    apple_sub,
    google_claims,
    google_issuer,
    provider_settings,
    raw_nonce,
    relay_email,
)
from support import unique_email


@pytest.fixture(scope="module")
def idp_server(module_servers, apple_issuer, google_issuer):
    # Autoconfirm off: a GoTrue sign-up leaves its address unconfirmed, as a squatter's would.
    return module_servers.start(autoconfirm=False, **provider_settings(apple_issuer, google_issuer))


@pytest.fixture(scope="module")
def firebase_auth(idp_server):
    with admin_client(idp_server) as client:
        yield client


def idp_body(token: str, provider_id: str, nonce: str | None) -> dict:
    """The request as the SDKs build it: the credential form-encoded in `postBody`."""
    fields = {"providerId": provider_id, "id_token": token}
    if nonce is not None:
        fields["nonce"] = nonce
    return {"postBody": urllib.parse.urlencode(fields), "requestUri": "http://localhost",
            "returnSecureToken": True, "returnIdpCredential": True}


def apple_sign_in(server, issuer: LoopbackIssuer, *, sub: str, email: str, verified="true", **claims):
    nonce = raw_nonce()
    token = issuer.mint(apple_claims(issuer, sub=sub, email=email, email_verified=verified, nonce=nonce, **claims))
    return v1(server, "signInWithIdp", idp_body(token, "apple.com", nonce))


def signed_in(response) -> dict:
    assert response.status_code == 200, response.text
    body = response.json()
    assert not body.get("needConfirmation"), body
    assert body["idToken"] and body["refreshToken"], body
    return body


def lookup(server, id_token: str) -> dict:
    response = v1(server, "lookup", {"idToken": id_token})
    assert response.status_code == 200, response.text
    return response.json()["users"][0]


def test_apple_sign_in_new_then_returning(idp_server, apple_issuer, firebase_auth):
    sub, email = apple_sub(), relay_email()
    first = signed_in(apple_sign_in(idp_server, apple_issuer, sub=sub, email=email))
    assert first["kind"] == "identitytoolkit#VerifyAssertionResponse"
    assert first["isNewUser"] is True
    assert first["providerId"] == "apple.com"
    assert first["federatedId"].endswith(sub), first["federatedId"]
    assert first["email"] == email
    assert first["emailVerified"] is True
    assert int(first["expiresIn"]) > 0 and isinstance(first["expiresIn"], str)

    decoded = firebase_auth.verify_id_token(first["idToken"])
    assert decoded["uid"] == first["localId"]
    assert decoded["email"] == email
    assert decoded["firebase"]["sign_in_provider"] == "apple.com"
    assert decoded["firebase"]["identities"]["apple.com"] == [sub]

    again = signed_in(apple_sign_in(idp_server, apple_issuer, sub=sub, email=email))
    assert again["isNewUser"] is False
    assert again["localId"] == first["localId"]


def test_lookup_shows_the_provider(idp_server, apple_issuer):
    sub, email = apple_sub(), relay_email()
    body = signed_in(apple_sign_in(idp_server, apple_issuer, sub=sub, email=email))
    user = lookup(idp_server, body["idToken"])
    assert user["localId"] == body["localId"]
    apple = [info for info in user["providerUserInfo"] if info["providerId"] == "apple.com"]
    assert len(apple) == 1, user["providerUserInfo"]
    assert apple[0]["rawId"] == sub
    assert apple[0]["federatedId"].endswith(sub)
    assert apple[0]["email"] == email


def test_google_through_the_ios_sdks_verify_assertion(idp_server, google_issuer, firebase_auth):
    claims = google_claims(google_issuer)
    response = v3(idp_server, "verifyAssertion", idp_body(google_issuer.mint(claims), "google.com", None))
    body = signed_in(response)
    assert body["isNewUser"] is True
    assert body["providerId"] == "google.com"
    assert body["email"] == claims["email"]
    decoded = firebase_auth.verify_id_token(body["idToken"])
    assert decoded["firebase"]["sign_in_provider"] == "google.com"
    assert decoded["firebase"]["identities"]["google.com"] == [claims["sub"]]
    google = next(info for info in lookup(idp_server, body["idToken"])["providerUserInfo"]
                  if info["providerId"] == "google.com")
    assert google["rawId"] == claims["sub"]
    assert google["displayName"] == claims["name"]
    assert google["photoUrl"] == claims["picture"]


def test_one_account_for_both_protocols(idp_server, apple_issuer):
    sub, email = apple_sub(), relay_email()
    firebase_first = signed_in(apple_sign_in(idp_server, apple_issuer, sub=sub, email=email))
    nonce = raw_nonce()
    token = apple_issuer.mint(apple_claims(apple_issuer, sub=sub, email=email, nonce=nonce))
    gotrue = idp_server.client().sign_in_with_id_token({"provider": "apple", "token": token, "nonce": nonce})
    assert gotrue.user.id == firebase_first["localId"]

    sub, email = apple_sub(), relay_email()
    nonce = raw_nonce()
    token = apple_issuer.mint(apple_claims(apple_issuer, sub=sub, email=email, nonce=nonce))
    gotrue_first = idp_server.client().sign_in_with_id_token({"provider": "apple", "token": token, "nonce": nonce})
    firebase_after = signed_in(apple_sign_in(idp_server, apple_issuer, sub=sub, email=email))
    assert firebase_after["isNewUser"] is False
    assert firebase_after["localId"] == gotrue_first.user.id


def test_a_verified_address_joins_the_confirmed_account(idp_server, apple_issuer, firebase_auth):
    email, sub = unique_email("fb-link"), apple_sub()
    account = firebase_auth.create_user(email=email, email_verified=True, password=PASSWORD)
    body = signed_in(apple_sign_in(idp_server, apple_issuer, sub=sub, email=email, is_private_email=None))
    assert body["isNewUser"] is False
    assert body["localId"] == account.uid
    providers = sorted(info["providerId"] for info in lookup(idp_server, body["idToken"])["providerUserInfo"])
    assert providers == ["apple.com", "password"]


def test_a_refused_link_needs_confirmation(idp_server, apple_issuer, firebase_auth):
    email = unique_email("fb-squatted")
    made = idp_server.request("POST", "signup", json={"email": email, "password": PASSWORD})
    assert made.status_code == 200, made.text
    squatter_id = made.json()["id"]

    response = apple_sign_in(idp_server, apple_issuer, sub=apple_sub(), email=email, is_private_email=None)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["needConfirmation"] is True
    for token in ("idToken", "refreshToken"):
        assert not body.get(token), body
    assert "apple.com" not in [p.provider_id for p in firebase_auth.get_user(squatter_id).provider_data]


@pytest.mark.parametrize("failure", ["audience", "nonce", "signature"])
def test_a_bad_token_is_an_invalid_idp_response(idp_server, apple_issuer, failure):
    nonce = raw_nonce()
    claims = apple_claims(apple_issuer, nonce=nonce)
    if failure == "audience":
        token = apple_issuer.mint({**claims, "aud": "com.example.someone-else"})
    elif failure == "nonce":
        token, nonce = apple_issuer.mint(claims), raw_nonce()
    else:
        token = apple_issuer.forged_with_foreign_key(claims)
    response = v1(idp_server, "signInWithIdp", idp_body(token, "apple.com", nonce))
    firebase_error(response, "INVALID_IDP_RESPONSE")
    assert token not in response.text
