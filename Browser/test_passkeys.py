"""Passkeys in the web pages, in Chromium with its virtual authenticator (DevTools
protocol `WebAuthn` domain: a CTAP2 platform authenticator with resident keys and user
verification, presence simulated): add a passkey on the account page, sign in with it from the
login page (the button, and the email field's autofill), rename and remove it; a page on an
origin the server does not accept and a passkey removed on the server are refused with the
pages' text and no session; list, rename and remove work without JavaScript; the forms refuse
posts without their CSRF token.

WebAuthn needs a secure context: the pages are opened on `http://localhost:<port>` (the server
listens on 127.0.0.1; Chromium resolves `localhost` and `*.localhost` to loopback), and a
server with passkeys on and no RP settings serves RP id `localhost` with that origin
(development defaults)."""

from __future__ import annotations

import base64
import re

import pytest
from playwright.sync_api import expect

from helpers import PASSWORD, FormClient, confirmed_account

SIGN_IN_FAILED = "We couldn't sign you in with that passkey. Try again or use your password."

# Chromium's virtual authenticator answers a conditional (autofill) request at once when it holds
# a passkey for the site, so the tests of the button switch the autofill off in the page.
NO_AUTOFILL = "PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);"


@pytest.fixture(scope="module")
def passkey_server(start_server):
    # No per-IP limit on the sign-in options: every login page with autofill asks for a challenge.
    return start_server(GATEHOUSE_PASSKEY_ENABLED="true", GATEHOUSE_RATE_LIMIT_PASSKEY="0")


def local(server, path: str, host: str = "localhost") -> str:
    return f"http://{host}:{server.port}{path}"


class Authenticator:
    """A virtual platform authenticator attached to one page (DevTools protocol)."""

    def __init__(self, page):
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("WebAuthn.enable", {"enableUI": False})
        answer = self.cdp.send(
            "WebAuthn.addVirtualAuthenticator",
            {
                "options": {
                    "protocol": "ctap2",
                    "transport": "internal",
                    "hasResidentKey": True,
                    "hasUserVerification": True,
                    "isUserVerified": True,
                    "automaticPresenceSimulation": True,
                }
            },
        )
        self.id = answer["authenticatorId"]

    def credentials(self) -> list[dict]:
        return self.cdp.send("WebAuthn.getCredentials", {"authenticatorId": self.id})["credentials"]


def password_sign_in(page, server, email: str, host: str = "localhost") -> None:
    page.goto(local(server, "/login", host))
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Sign In", exact=True).click()
    expect(page).to_have_url(local(server, "/account", host))


def sign_out(page, server, host: str = "localhost") -> None:
    page.get_by_role("button", name="Sign Out").click()
    expect(page).to_have_url(re.compile(re.escape(local(server, "/login", host))))


def add_passkey(page) -> None:
    page.get_by_role("button", name="Add a passkey").click()
    expect(page.locator("[data-passkeys] .banner-success")).to_have_text("Your passkey was added. You can use it to sign in.")


def user_id(server, email: str) -> str:
    status, body = server.api("POST", "/token?grant_type=password", {"email": email, "password": PASSWORD})
    assert status == 200, body
    return body["user"]["id"]


def test_add_a_passkey_sign_out_and_sign_in_with_it(new_page, passkey_server, shoot):
    server = passkey_server
    page = new_page()
    page.add_init_script(NO_AUTOFILL)
    authenticator = Authenticator(page)
    email = confirmed_account(server, "passkey")
    password_sign_in(page, server, email)
    expect(page.locator("#passkeys-title")).to_have_text("Passkeys")
    expect(page.locator(".passkey-none")).to_have_text("You have no passkeys yet.")
    expect(page.locator("[data-passkey-needs-script]")).to_be_hidden()

    add_passkey(page)
    item = page.locator(".passkey")
    expect(item).to_have_count(1)
    # Named after the browser and platform (headless Chromium on Linux; its virtual authenticator
    # names no provider): test_account_page_ux.py
    expect(item.locator(".passkey-name")).to_have_text("Chrome on Linux")
    expect(item).to_contain_text("Last used")
    expect(item.locator("dd").nth(1)).to_have_text("Never")
    shoot(page, "account-passkeys")
    # The authenticator holds a discoverable passkey for RP `localhost` whose user handle is the
    # UTF-8 of the user's UUID string (what the server's options named).
    [credential] = authenticator.credentials()
    assert credential["rpId"] == "localhost" and credential["isResidentCredential"]
    assert base64.b64decode(credential["userHandle"]).decode() == user_id(server, email)

    sign_out(page, server)
    button = page.get_by_role("button", name="Sign in with a passkey")
    expect(button).to_be_visible()
    shoot(page, "login-passkey")
    button.click()
    expect(page).to_have_url(local(server, "/account"))
    expect(page.locator(".account-email")).to_have_text(email)
    # The sign-in was recorded: the passkey's "Last used" is a date now.
    expect(page.locator(".passkey dd").nth(1)).to_have_text(re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d UTC$"))


def test_the_email_fields_autofill_offers_the_passkey(new_page, passkey_server):
    server = passkey_server
    page = new_page()
    Authenticator(page)
    email = confirmed_account(server, "passkey-autofill")
    page.goto(local(server, "/login"))
    expect(page.locator("#email")).to_have_attribute("autocomplete", "username webauthn")
    password_sign_in(page, server, email)
    add_passkey(page)
    expect(page.locator(".passkey dd").nth(1)).to_have_text("Never")
    # Signing out lands on the login page, which starts a conditional request; the virtual
    # authenticator picks the passkey as a person would from the email field's suggestions, and
    # the page signs in with it, back to the account page.
    page.get_by_role("button", name="Sign Out").click()
    expect(page.locator(".passkey dd").nth(1)).to_have_text(re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d UTC$"))
    expect(page).to_have_url(local(server, "/account"))
    expect(page.locator(".account-email")).to_have_text(email)


def test_rename_and_remove_a_passkey(new_page, passkey_server, shoot):
    server = passkey_server
    page = new_page()
    page.add_init_script(NO_AUTOFILL)
    Authenticator(page)
    email = confirmed_account(server, "passkey-manage")
    password_sign_in(page, server, email)
    add_passkey(page)

    page.get_by_label("Name", exact=True).fill("   ")
    page.get_by_role("button", name="Rename").click()
    expect(page.locator(".passkey .field-error")).to_have_text("Enter a name for the passkey.")
    page.get_by_label("Name", exact=True).fill("x" * 119 + "é")  # 121 bytes: over GoTrue's 120-byte cap
    page.get_by_role("button", name="Rename").click()
    expect(page.locator(".passkey .field-error")).to_have_text("That name is too long. Use a shorter one.")
    page.get_by_label("Name", exact=True).fill("Work laptop")
    page.get_by_role("button", name="Rename").click()
    expect(page.locator("[data-passkeys] .banner-success")).to_have_text("The passkey was renamed.")
    expect(page.locator(".passkey-name")).to_have_text("Work laptop")

    page.get_by_role("button", name="Remove Work laptop").click()
    expect(page.locator(".passkey-confirm")).to_have_text("Remove “Work laptop”? You will no longer be able to sign in with it.")
    shoot(page, "account-passkey-remove")
    page.get_by_role("link", name="Cancel").click()
    expect(page.locator(".passkey-name")).to_have_text("Work laptop")
    page.get_by_role("button", name="Remove Work laptop").click()
    page.get_by_role("button", name="Remove Work laptop").click()
    expect(page.locator("[data-passkeys] .banner-success")).to_have_text("The passkey was removed. It can no longer sign you in.")
    expect(page.locator(".passkey-none")).to_have_text("You have no passkeys yet.")


def test_a_passkey_removed_on_the_server_cannot_sign_in(new_page, passkey_server):
    server = passkey_server
    page = new_page()
    page.add_init_script(NO_AUTOFILL)
    authenticator = Authenticator(page)
    email = confirmed_account(server, "passkey-removed")
    password_sign_in(page, server, email)
    add_passkey(page)
    page.get_by_role("button", name="Remove Chrome on Linux").click()
    page.get_by_role("button", name="Remove Chrome on Linux").click()
    expect(page.locator(".passkey-none")).to_be_visible()
    assert len(authenticator.credentials()) == 1  # still in the authenticator

    sign_out(page, server)
    page.get_by_role("button", name="Sign in with a passkey").click()
    expect(page.locator("#error-summary")).to_contain_text(SIGN_IN_FAILED)
    expect(page).to_have_url(local(server, "/login"))
    page.goto(local(server, "/account"))
    expect(page).to_have_url(local(server, "/login"))


def test_a_page_on_an_origin_the_server_does_not_accept_gets_no_session(new_page, start_server, tmp_path):
    # Two servers on one database: `right` accepts its own origin (the development default),
    # `wrong` accepts only `http://localhost:1`, so a page served by `wrong` (RP id `localhost`,
    # which the browser allows there) is on an origin that server refuses.
    database = f"sqlite:///{tmp_path / 'shared.sqlite'}"
    right = start_server(GATEHOUSE_PASSKEY_ENABLED="true", GATEHOUSE_DATABASE_URL=database)
    # The accounts are made before `wrong` starts: its outbox worker would share the emails.
    email = confirmed_account(right, "passkey-origin")
    newcomer = confirmed_account(right, "passkey-origin-new")
    wrong = start_server(
        GATEHOUSE_PASSKEY_ENABLED="true", GATEHOUSE_DATABASE_URL=database, GATEHOUSE_WEBAUTHN_RP_ORIGINS="http://localhost:1"
    )
    page = new_page()
    page.add_init_script(NO_AUTOFILL)
    authenticator = Authenticator(page)
    password_sign_in(page, right, email)
    add_passkey(page)
    sign_out(page, right)

    page.goto(local(wrong, "/login"))
    page.get_by_role("button", name="Sign in with a passkey").click()
    expect(page.locator("#error-summary")).to_contain_text(SIGN_IN_FAILED)
    # The server refused it (its log says why), not the browser.
    assert "Passkey sign-in refused" in wrong.log_tail() and "origin" in wrong.log_tail().lower()
    page.goto(local(wrong, "/account"))
    expect(page).to_have_url(local(wrong, "/login"))

    # Registering from there is refused too: the browser makes the passkey, the server refuses
    # its origin and stores nothing (a fresh account, so the options exclude no credential).
    password_sign_in(page, wrong, newcomer)
    page.get_by_role("button", name="Add a passkey").click()
    expect(page.locator("[data-passkey-error]")).to_have_text("We couldn't add that passkey. Try again.")
    expect(page.locator(".passkey")).to_have_count(0)
    assert len(authenticator.credentials()) == 2
    assert "Passkey registration refused" in wrong.log_tail()


def test_list_rename_and_remove_work_without_javascript(new_page, passkey_server):
    server = passkey_server
    page = new_page()
    page.add_init_script(NO_AUTOFILL)
    Authenticator(page)
    email = confirmed_account(server, "passkey-nojs")
    password_sign_in(page, server, email)
    add_passkey(page)

    plain = new_page(java_script_enabled=False)
    password_sign_in(plain, server, email)
    expect(plain.locator(".passkey-name")).to_have_text("Chrome on Linux")
    expect(plain.get_by_role("button", name="Add a passkey")).to_be_hidden()
    expect(plain.locator("[data-passkey-needs-script]")).to_have_text("Adding a passkey needs JavaScript in your browser.")
    plain.get_by_label("Name", exact=True).fill("Phone")
    plain.get_by_role("button", name="Rename").click()
    expect(plain.locator("[data-passkeys] .banner-success")).to_have_text("The passkey was renamed.")
    plain.get_by_role("button", name="Remove Phone").click()
    plain.get_by_role("button", name="Remove Phone").click()
    expect(plain.locator(".passkey-none")).to_have_text("You have no passkeys yet.")


def test_the_login_page_offers_no_passkey_when_they_are_off(page, server):
    page.goto(local(server, "/login"))
    expect(page.locator("#email")).to_have_attribute("autocomplete", "username")
    expect(page.get_by_role("button", name="Sign in with a passkey")).to_have_count(0)


def test_the_passkey_forms_refuse_a_post_without_its_token(passkey_server):
    server = passkey_server
    email = confirmed_account(server, "passkey-csrf")
    client = FormClient(server)
    refused = client.post("/login/passkey/options", {})
    assert refused.status == 403 and "This form has expired. Please try again." in refused.body
    refused = client.post("/login/passkey", {"challenge_id": "x", "credential": "{}"})
    assert refused.status == 403 and client.cookie("gatehouse_session") is None

    token = client.get("/login").csrf()
    assert client.post("/login", {"csrf": token, "email": email, "password": PASSWORD}).status == 303
    own = client.get("/account").csrf()
    for path in ("/account/passkeys/options", "/account/passkeys/add", "/account/passkeys/rename", "/account/passkeys/remove"):
        missing = client.post(path, {"passkey": "x", "name": "y"})
        assert missing.status == 403 and "This form has expired. Please try again." in missing.body, path
        foreign = client.post(path, {"csrf": own, "passkey": "x", "name": "y"}, headers={"Origin": "https://evil.example"})
        assert foreign.status == 403, path
    # With its token, the options route answers the script's JSON: a registration challenge.
    started = client.post("/account/passkeys/options", {"csrf": client.get("/account").csrf()}, headers={"Origin": server.base})
    assert started.status == 200 and started.headers["Content-Type"].startswith("application/json")
    assert '"challenge_id"' in started.body and '"rp"' in started.body


def test_a_two_factor_user_needs_a_code_verified_session_to_add_or_remove_one(page, passkey_server):
    import pyotp

    server = passkey_server
    page.add_init_script(NO_AUTOFILL)
    Authenticator(page)
    email = confirmed_account(server, "passkey-aal")
    password_sign_in(page, server, email)
    page.get_by_role("button", name="Set up an authenticator app").click()
    secret = page.locator("#mfa-secret").inner_text()
    page.get_by_label("6-digit code").fill(pyotp.TOTP(secret).now())
    page.get_by_role("button", name="Confirm").click()
    expect(page.locator(".banner-success")).to_contain_text("Two-factor authentication is on.")
    # This browser's session was raised to aal2 by the code: it may add a passkey.
    add_passkey(page)

    # A passkey sign-in is aal1 (as GoTrue's): adding and removing are refused, and said so.
    # (A password sign-in asks for the code before the account page: test_mfa_pages.py.)
    sign_out(page, server)
    page.get_by_role("button", name="Sign in with a passkey").click()
    expect(page).to_have_url(local(server, "/account"))
    gate = "Confirm a code from your authenticator app first."
    page.get_by_role("button", name="Add a passkey").click()
    expect(page.locator("[data-passkey-error]")).to_have_text(gate)
    page.get_by_role("button", name="Remove Chrome on Linux").click()
    page.get_by_role("button", name="Remove Chrome on Linux").click()
    expect(page.locator("[data-passkey-error]")).to_have_text(gate)
    expect(page.locator(".passkey")).to_have_count(1)
