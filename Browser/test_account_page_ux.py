"""The account page as a person uses it: after "Set up an authenticator app", turning it on,
removing it or a passkey, focus (and so the scroll) moves to the QR code or the result, with
JavaScript and without (the forms' addresses carry a fragment); a reload during the setup shows
the same QR code again; the authenticator app lists the product's name, not host:port; a new
passkey is named after its browser and platform (numbered when the name is taken); a new notice
replaces a stale one; removals are styled as destructive; the page's buttons say "Sign Out" and
its section "Two-factor authentication"."""

from __future__ import annotations

import re
import urllib.parse

import pyotp
import pytest
from playwright.sync_api import expect

from helpers import PASSWORD, confirmed_account
from test_accessibility import audit

PRODUCT = "Recruiting Compass"
# Chromium's virtual authenticator answers a conditional (autofill) request at once; the login
# page's autofill is switched off so that signing in is the password's.
NO_AUTOFILL = "PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);"
# `.button.danger`: white on red 700 (6.5:1).
DANGER_BACKGROUND = "rgb(185, 28, 28)"


@pytest.fixture(scope="module")
def ux_server(start_server):
    return start_server(GATEHOUSE_PASSKEY_ENABLED="true", GATEHOUSE_PRODUCT_NAME=PRODUCT)


def local(server, path: str) -> str:
    # WebAuthn needs a secure context: `localhost` is one, 127.0.0.1 is not for RP id `localhost`.
    return f"http://localhost:{server.port}{path}"


def sign_in(page, server, email: str) -> None:
    page.goto(local(server, "/login"))
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Sign In", exact=True).click()
    expect(page).to_have_url(local(server, "/account"))


def focus_is_within(page, selector: str) -> bool:
    return page.evaluate("(s) => !!document.activeElement && !!document.activeElement.closest(s)", selector)


def set_up(page) -> str:
    page.get_by_role("button", name="Set up an authenticator app").click()
    expect(page.get_by_role("img", name="QR code for your authenticator app")).to_be_visible()
    return page.locator("#mfa-secret").inner_text()


class Authenticator:
    """A virtual platform authenticator (DevTools protocol `WebAuthn` domain) on one page."""

    def __init__(self, page):
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("WebAuthn.enable", {"enableUI": False})
        self.id = self._add()

    def _add(self) -> str:
        options = {
            "protocol": "ctap2", "transport": "internal", "hasResidentKey": True, "hasUserVerification": True,
            "isUserVerified": True, "automaticPresenceSimulation": True,
        }
        return self.cdp.send("WebAuthn.addVirtualAuthenticator", {"options": options})["authenticatorId"]

    def replace(self) -> None:
        """Another device: the next passkey is made by a new authenticator."""
        self.cdp.send("WebAuthn.removeVirtualAuthenticator", {"authenticatorId": self.id})
        self.id = self._add()


def test_setting_up_turning_on_and_removing_an_app_bring_the_result_into_view(page, ux_server):
    email = confirmed_account(ux_server, "ux-mfa")
    sign_in(page, ux_server, email)
    page.get_by_label("Name (optional)").fill("Phone")
    secret = set_up(page)
    # Focus moved to the setup (its QR code and key), scrolled into view; not the page's title.
    assert focus_is_within(page, ".mfa-pending"), page.evaluate("document.activeElement.outerHTML.slice(0, 200)")
    expect(page.get_by_role("img", name="QR code for your authenticator app")).to_be_in_viewport(ratio=1)

    # Authenticator apps list the product's name (GATEHOUSE_PRODUCT_NAME), not host:port; on a
    # phone the same details open the app.
    link = page.get_by_role("link", name="Open in your authenticator app")
    uri = urllib.parse.unquote(link.get_attribute("href"))
    assert uri.startswith(f"otpauth://totp/{PRODUCT}:{email}?"), uri
    assert f"issuer={PRODUCT}&" in uri and f"secret={secret}" in uri, uri
    assert f"localhost:{ux_server.port}" not in uri and f"127.0.0.1:{ux_server.port}" not in uri
    audit(page, "account page during an app's setup")

    page.get_by_label("6-digit code").fill(pyotp.TOTP(secret).now())
    page.get_by_role("button", name="Confirm", exact=True).click()
    notice = page.locator("[aria-labelledby=mfa-title] .banner-success")
    expect(notice).to_have_text("Two-factor authentication is on.")
    expect(notice).to_be_focused()
    expect(notice).to_be_in_viewport()
    expect(page.locator(".banner-success")).to_have_count(1)

    # Removing the app is destructive, and looks it; its result comes into view too.
    remove = page.get_by_role("button", name="Remove Phone")
    expect(remove).to_have_css("background-color", DANGER_BACKGROUND)
    remove.click()
    expect(notice).to_have_text("The authenticator app was removed.")
    expect(notice).to_be_focused()
    expect(notice).to_be_in_viewport()


def test_reloading_during_the_setup_shows_the_same_qr_code_again(page, ux_server):
    email = confirmed_account(ux_server, "ux-reload")
    sign_in(page, ux_server, email)
    secret = set_up(page)
    page.reload()
    # Not "Not confirmed yet" with only Remove: the same setup, its QR code and key.
    expect(page.get_by_role("img", name="QR code for your authenticator app")).to_be_visible()
    expect(page.locator("#mfa-secret")).to_have_text(secret)
    expect(page.locator(".mfa-factor")).to_have_count(1)
    page.get_by_label("6-digit code").fill(pyotp.TOTP(secret).now())
    page.get_by_role("button", name="Confirm", exact=True).click()
    expect(page.locator(".banner-success")).to_have_text("Two-factor authentication is on.")
    expect(page.locator(".mfa-factor")).to_contain_text("Active")
    expect(page.locator(".mfa-qr")).to_have_count(0)


def test_without_javascript_each_answer_lands_at_its_result(new_page, ux_server):
    email = confirmed_account(ux_server, "ux-nojs")
    page = new_page(java_script_enabled=False)
    sign_in(page, ux_server, email)
    secret = set_up(page)
    expect(page.get_by_role("img", name="QR code for your authenticator app")).to_be_in_viewport(ratio=1)
    page.get_by_label("6-digit code").fill(pyotp.TOTP(secret).now())
    page.get_by_role("button", name="Confirm", exact=True).click()
    notice = page.locator(".banner-success")
    expect(notice).to_have_text("Two-factor authentication is on.")
    expect(notice).to_be_in_viewport()
    page.get_by_role("button", name="Remove Authenticator app").click()
    expect(notice).to_have_text("The authenticator app was removed.")
    expect(notice).to_be_in_viewport()


def test_passkeys_are_named_after_their_browser_and_their_results_come_into_view(new_page, ux_server, shoot):
    page = new_page()
    page.add_init_script(NO_AUTOFILL)
    authenticator = Authenticator(page)
    email = confirmed_account(ux_server, "ux-passkey")
    sign_in(page, ux_server, email)
    section = page.locator("[data-passkeys]")

    page.get_by_role("button", name="Add a passkey").click()
    expect(section.locator(".banner-success")).to_have_text("Your passkey was added. You can use it to sign in.")
    expect(section.locator(".banner-success")).to_be_focused()
    expect(section.locator(".banner-success")).to_be_in_viewport()
    # Headless Chromium on Linux, whose virtual authenticator names no provider.
    expect(page.locator(".passkey-name")).to_have_text("Chrome on Linux")

    # The same authenticator again: refused by the browser, and the earlier "was added" goes.
    page.get_by_role("button", name="Add a passkey").click()
    expect(section.locator(".error-summary")).to_contain_text("That passkey is already added.")
    expect(page.locator(".banner-success")).to_have_count(0)

    # Another device of the same kind: numbered.
    authenticator.replace()
    page.get_by_role("button", name="Add a passkey").click()
    expect(section.locator(".banner-success")).to_have_text("Your passkey was added. You can use it to sign in.")
    expect(section.locator(".error-summary")).to_have_count(0)
    expect(page.locator(".passkey-name")).to_have_text(["Chrome on Linux", "Chrome on Linux 2"])

    # Its removal is asked first, in view, and the confirming button is styled as destructive.
    page.get_by_role("button", name="Remove Chrome on Linux 2").click()
    question = page.locator(".passkey-confirm")
    expect(question).to_have_text("Remove “Chrome on Linux 2”? You will no longer be able to sign in with it.")
    expect(question).to_be_focused()
    expect(question).to_be_in_viewport()
    confirm = page.get_by_role("button", name="Remove Chrome on Linux 2")
    expect(confirm).to_have_css("background-color", DANGER_BACKGROUND)
    audit(page, "a passkey's removal asked")
    shoot(page, "account-passkey-remove-confirm")
    confirm.click()
    notice = section.locator(".banner-success")
    expect(notice).to_have_text("The passkey was removed. It can no longer sign you in.")
    expect(notice).to_be_focused()
    expect(notice).to_be_in_viewport()
    expect(page.locator(".passkey-name")).to_have_text(["Chrome on Linux"])


def test_the_account_pages_buttons_and_terms(page, ux_server):
    email = confirmed_account(ux_server, "ux-texts")
    sign_in(page, ux_server, email)
    expect(page.get_by_role("heading", name="Two-factor authentication", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Sign Out", exact=True)).to_be_visible()
    labels = page.locator("main button, main a").all_inner_texts()
    for label in labels:
        # Buttons and links say "Sign In", "Sign Out", "Sign Up"; never the lower-case forms.
        assert not re.search(r"\bSign (in|out|up)\b", label), label
    text = page.locator("main").inner_text()
    assert "Two-step" not in text and "two-step" not in text
