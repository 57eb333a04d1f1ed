"""The login page's states (login spec 002): validation on blur, the error summary, the
timeout banner, unconfirmed addresses, rate limits, network and server failures."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from helpers import unique_email, PASSWORD, confirmed_account, sign_in


def test_fields_validate_on_blur_and_errors_clear_when_fixed(page, server, shoot):
    page.goto(server.url("/login"))
    email = page.get_by_label("Email")
    password = page.get_by_label("Password", exact=True)
    button = page.get_by_role("button", name="Sign In")
    # Disabled (50 %) until both fields are valid, yet still focusable (aria-disabled).
    expect(button).to_have_attribute("aria-disabled", "true")

    email.fill("notanemail")
    password.focus()
    expect(page.locator("#email-error")).to_have_text("Invalid email address")
    expect(email).to_have_attribute("aria-invalid", "true")
    expect(email).to_have_attribute("aria-describedby", re.compile("email-error"))

    password.fill("short")
    page.get_by_label("Remember me").focus()
    expect(page.locator("#password-error")).to_have_text("Password must be at least 8 characters")
    expect(page.locator("#email-error")).to_have_text("Invalid email address")  # each field on its own
    shoot(page, "login-field-errors")

    email.fill("user+test@example.com")
    expect(page.locator("#email-error")).to_have_text("")
    expect(email).not_to_have_attribute("aria-invalid", "true")
    password.fill("long enough now")
    expect(page.locator("#password-error")).to_have_text("")
    expect(button).not_to_have_attribute("aria-disabled", "true")


def test_empty_submit_names_both_fields(page, server):
    page.goto(server.url("/login"))
    # aria-disabled, not disabled: it can still be pressed, and then says what is missing.
    page.get_by_role("button", name="Sign In").click(force=True)
    expect(page.locator(".error-summary")).to_contain_text("Email and password are required")
    expect(page.locator("#email-error")).to_have_text("Email is required")
    expect(page.locator("#password-error")).to_have_text("Password is required")
    expect(page.get_by_label("Email")).to_be_focused()


def test_wrong_password_shows_the_summary_and_the_form_stays_usable(page, server, shoot):
    email = confirmed_account(server, "wrong")
    page.goto(server.url("/login"))
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill("not the password")
    page.get_by_role("button", name="Sign In").click()
    summary = page.locator(".error-summary")
    expect(summary).to_contain_text("Invalid email or password")
    expect(summary).to_contain_text("Please check and try again")
    expect(page.locator("#form-alert")).to_have_attribute("role", "alert")
    expect(page.get_by_label("Email")).to_have_value(email)
    shoot(page, "login-invalid-credentials")
    # Unknown address: the very same words.
    page.get_by_label("Email").fill(unique_email("nobody"))
    page.get_by_label("Password", exact=True).fill("not the password")
    page.get_by_role("button", name="Sign In").click()
    expect(page.locator(".error-summary .error-summary-title")).to_have_text("Invalid email or password")
    # Dismissible.
    page.get_by_role("button", name="Dismiss").click()
    expect(page.locator(".error-summary")).to_have_count(0)
    # And the form still signs in.
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Sign In").click()
    expect(page).to_have_url(server.url("/account"))


def test_timeout_banner_shows_once_for_reason_timeout(page, server, shoot):
    page.goto(server.url("/login?reason=timeout"))
    banner = page.locator(".banner-warning")
    expect(banner).to_have_text("You were logged out due to inactivity. Please log in again.")
    assert banner.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(255, 251, 235)"
    assert banner.evaluate("e => getComputedStyle(e).color") == "rgb(146, 64, 14)"
    expect(page).to_have_url(server.url("/login"))  # read once: the parameter is tidied away
    shoot(page, "login-timeout")
    page.reload()
    expect(page.locator(".banner-warning")).to_have_count(0)
    page.goto(server.url("/login"))
    expect(page.locator(".banner-warning")).to_have_count(0)


def test_unconfirmed_address_is_asked_to_verify_and_can_resend(page, server):
    email = unique_email("unconfirmed")
    assert server.api("POST", "/signup", {"email": email, "password": PASSWORD})[0] == 200
    server.wait_for_messages(email, 1)
    page.goto(server.url("/login"))
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Sign In").click()
    expect(page.locator(".error-summary")).to_contain_text("Please verify your email. Check your inbox for a verification link.")
    page.get_by_role("button", name="Resend verification email").click()
    expect(page.get_by_role("heading", name="Check Your Email")).to_be_visible()
    expect(page.locator("#resend-status")).to_have_text(re.compile("Email sent again|Already sent, check inbox"))


def test_network_failure_and_server_error_show_the_specs_texts_with_retry(page, server, shoot):
    email = confirmed_account(server, "offline")
    page.goto(server.url("/login"))
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill(PASSWORD)

    page.route("**/login", lambda route: route.abort("internetdisconnected") if route.request.method == "POST" else route.continue_())
    page.get_by_role("button", name="Sign In").click()
    expect(page.locator(".error-summary")).to_contain_text("Network error. Please check your connection and try again.")
    expect(page.get_by_role("button", name="Sign In")).to_be_enabled()
    expect(page.get_by_label("Email")).to_have_value(email)
    shoot(page, "login-network-error")
    page.unroute("**/login")

    page.route("**/login", lambda route: route.fulfill(status=502, body="bad gateway") if route.request.method == "POST" else route.continue_())
    page.get_by_role("button", name="Retry").click()
    expect(page.locator(".error-summary")).to_contain_text("Server error. Please try again later.")
    page.unroute("**/login")

    page.get_by_role("button", name="Retry").click()
    expect(page).to_have_url(server.url("/account"))
    page.problems.console.clear()  # the aborted and failed requests were logged on purpose


def test_a_request_that_hangs_gives_up_after_30_seconds(page, server):
    """The login spec's timeout: no answer in 30 s → "Connection timed out" (a fake clock)."""
    page.clock.install()
    page.goto(server.url("/login"))
    page.get_by_label("Email").fill("someone@example.com")
    page.get_by_label("Password", exact=True).fill("long enough password")
    held = []
    page.route("**/login", lambda route: held.append(route) if route.request.method == "POST" else route.continue_())
    page.get_by_role("button", name="Sign In").click()
    expect(page.locator("form.login-form button[type=submit]")).to_have_text("Signing in...")
    page.clock.fast_forward(29_000)
    expect(page.locator(".error-summary")).to_have_count(0)
    page.clock.fast_forward(2_000)
    expect(page.locator(".error-summary-title")).to_have_text("Connection timed out. Check your network and try again.")
    expect(page.get_by_role("button", name="Retry")).to_be_visible()
    page.problems.console.clear()


def test_double_click_sends_one_request(page, server):
    email = confirmed_account(server, "double")
    page.goto(server.url("/login"))
    posts = []
    page.on("request", lambda request: posts.append(request.url) if request.method == "POST" else None)
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    button = page.get_by_role("button", name="Sign In")
    button.dblclick()
    expect(page).to_have_url(server.url("/account"))
    assert [url for url in posts if url.endswith("/login")] == [server.url("/login")]


def test_loading_label_while_signing_in(page, server):
    email = confirmed_account(server, "loading")
    page.goto(server.url("/login"))
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    release = []
    page.route("**/login", lambda route: release.append(route) if route.request.method == "POST" else route.continue_())
    page.get_by_role("button", name="Sign In").click()
    busy = page.locator("form.login-form button[type=submit]")
    expect(busy).to_have_text("Signing in...")
    expect(busy).to_be_disabled()
    expect(page.get_by_label("Email")).to_have_attribute("readonly", "")
    assert len(release) == 1
    release[0].continue_()
    expect(page).to_have_url(server.url("/account"))


def test_too_many_attempts_names_the_wait(new_page, start_server, shoot):
    limited = start_server(GATEHOUSE_RATE_LIMIT_TOKEN="1", GATEHOUSE_RATE_LIMIT_BURST="2")
    page = new_page()
    page.goto(limited.url("/login"))
    for _ in range(2):
        page.get_by_label("Email").fill("someone@example.com")
        page.get_by_label("Password", exact=True).fill("wrong password")
        page.get_by_role("button", name="Sign In").click()
        expect(page.locator(".error-summary")).to_contain_text("Invalid email or password")
    page.get_by_label("Password", exact=True).fill("wrong password")
    page.get_by_role("button", name="Sign In").click()
    expect(page.locator(".error-summary-title")).to_have_text("Too many login attempts. Please try again in 5 minutes.")
    shoot(page, "login-rate-limited")


def test_signed_in_browser_skips_the_login_page(page, server):
    email = confirmed_account(server, "skip")
    sign_in(page, server, email)
    page.goto(server.url("/login"))
    expect(page).to_have_url(server.url("/account"))
