"""Signing in with a provider on the pages, through a real OpenID Connect provider's form:
`oidc-provider-mock` (Conformance/oidc_issuers.py starts it on a free 127.0.0.1 port) is the
server's custom provider `mock`, shown as "Mock ID". "Continue with Mock ID" on the login page
leads to the provider's form; authorizing there lands signed in on the account page, which lists
the identity; "Deny" comes back to the login page saying so. The buttons and the account page's
section pass the accessibility audit in the light and the dark scheme."""

from __future__ import annotations

import re
import urllib.parse
import uuid

import httpx
import pytest
from playwright.sync_api import expect

from helpers import unique_email
from oidc_issuers import oidc_mock, provider_settings  # noqa: F401  (oidc_mock is a fixture)
from test_accessibility import audit

DISPLAY_NAME = "Mock ID"
# The provider mock's pages load a stylesheet from a CDN: nothing leaves the machine.
OFF_MACHINE = re.compile(r"^https?://(?!127\.0\.0\.1[:/])")


def settled_audit(page, where: str) -> None:
    """The accessibility audit once the page has loaded everything (a redirect chain just ended)."""
    page.wait_for_load_state("networkidle")
    audit(page, where)


@pytest.fixture(scope="module")
def provider_server(start_server, oidc_mock):  # noqa: F811
    settings = {f"GATEHOUSE_{name.upper()}": value for name, value in provider_settings(mock=oidc_mock).items()}
    return start_server(GATEHOUSE_EXTERNAL_OIDC_DISPLAY_NAME=DISPLAY_NAME, **settings)


@pytest.fixture(params=["light", "dark"])
def scheme(request) -> str:
    return request.param


@pytest.fixture
def browser_page(new_page, scheme):
    page = new_page(color_scheme=scheme)
    page.context.route(OFF_MACHINE, lambda route: route.abort())
    return page


def person_at_provider(mock, email: str, name: str = "Ada Mock") -> str:
    """A person the provider knows: their claims stored under a new subject."""
    sub = f"person-{uuid.uuid4().hex[:12]}"
    with httpx.Client(base_url=mock.url, timeout=10.0, trust_env=False) as client:
        stored = client.put(f"/users/{urllib.parse.quote(sub, safe='')}", json={
            "email": email, "email_verified": True, "name": name,
        })
        assert stored.status_code == 204, stored.text
    return sub


def continue_with_provider(page, server, sub: str, start: str = "/login") -> None:
    """Clicks "Continue with Mock ID" on `start` and authorizes `sub` on the provider's form."""
    page.goto(server.url(start))
    page.get_by_role("link", name=f"Continue with {DISPLAY_NAME}").click()
    expect(page.get_by_role("heading", name="Authorize Client")).to_be_visible()
    page.get_by_placeholder("sub").fill(sub)
    page.get_by_role("button", name="Authorize").click()


def test_sign_in_through_the_providers_form(browser_page, provider_server, oidc_mock, shoot, scheme):  # noqa: F811
    page, server = browser_page, provider_server
    page.goto(server.url("/login"))
    button = page.get_by_role("link", name=f"Continue with {DISPLAY_NAME}")
    expect(button).to_be_visible()
    settled_audit(page, "login with a provider button")
    if scheme == "light":
        shoot(page, "login-providers")
    page.goto(server.url("/signup"))
    expect(page.get_by_role("link", name=f"Continue with {DISPLAY_NAME}")).to_be_visible()
    settled_audit(page, "sign-up with a provider button")

    email = unique_email("provider")
    continue_with_provider(page, server, person_at_provider(oidc_mock, email))
    expect(page).to_have_url(server.url("/account"))
    section = page.get_by_role("region", name="Sign-in providers")
    expect(section).to_contain_text(DISPLAY_NAME)
    expect(section).to_contain_text(email)
    expect(section.get_by_role("button", name=f"Unlink {DISPLAY_NAME}")).to_be_visible()
    expect(page.locator(".account-email")).to_have_text(email)
    settled_audit(page, "account with a provider identity")
    if scheme == "light":
        shoot(page, "account-identities")

    # The identity is the account's only way in: unlinking it is refused, and said.
    section.get_by_role("button", name=f"Unlink {DISPLAY_NAME}").click()
    expect(page.get_by_role("alert")).to_contain_text(f"{DISPLAY_NAME} is the only way to sign in to your account.")
    settled_audit(page, "account refusing to unlink the last way in")

    # Signed out, the same button signs the same account in again.
    page.get_by_role("button", name="Sign Out").click()
    expect(page).to_have_url(re.compile(r"/login"))
    page.get_by_role("link", name=f"Continue with {DISPLAY_NAME}").click()
    page.get_by_role("button", name=re.compile(r"^person-")).first.click()
    expect(page).to_have_url(server.url("/account"))
    expect(page.locator(".account-email")).to_have_text(email)


def test_denying_at_the_provider_is_told_on_the_login_page(browser_page, provider_server, scheme):
    page, server = browser_page, provider_server
    page.goto(server.url("/login"))
    page.get_by_role("link", name=f"Continue with {DISPLAY_NAME}").click()
    page.get_by_role("button", name="Deny").click()
    expect(page).to_have_url(re.compile(r"/login\?provider=mock&provider_error=access_denied"))
    expect(page.locator(".error-summary")).to_contain_text(f"Signing in with {DISPLAY_NAME} was cancelled.")
    settled_audit(page, "login after a cancelled provider sign-in")


def test_a_password_account_links_and_unlinks_the_provider(browser_page, provider_server, oidc_mock, scheme):  # noqa: F811
    from helpers import confirmed_account, sign_in

    page, server = browser_page, provider_server
    email = confirmed_account(server, "linker")
    sign_in(page, server, email)
    section = page.get_by_role("region", name="Sign-in providers")
    section.get_by_role("link", name=f"Link {DISPLAY_NAME}").click()
    page.get_by_placeholder("sub").fill(person_at_provider(oidc_mock, unique_email("elsewhere")))
    page.get_by_role("button", name="Authorize").click()
    expect(page).to_have_url(re.compile(r"/account\?linked=mock"))
    expect(page.get_by_role("status").filter(has_text=f"{DISPLAY_NAME} was linked.")).to_be_visible()
    settled_audit(page, "account after linking a provider")
    section.get_by_role("button", name=f"Unlink {DISPLAY_NAME}").click()
    expect(page.get_by_role("status").filter(has_text=f"{DISPLAY_NAME} was unlinked.")).to_be_visible()
    expect(section.get_by_role("link", name=f"Link {DISPLAY_NAME}")).to_be_visible()
