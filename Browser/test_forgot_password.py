"""The forgot-password page (spec 000): the sent state with the address, the resend countdown
(the server's per-address window, 5 s in this suite), "Use a different email address", one
request per double click, the same page for registered and unknown addresses, rate limits."""

from __future__ import annotations

import re
import time

from playwright.sync_api import expect

from helpers import unique_email, confirmed_account


def request_link(page, server, email: str) -> None:
    page.goto(server.url("/forgot-password"))
    page.get_by_label("Email").fill(email)
    page.get_by_role("button", name="Send Reset Link").click()
    expect(page.get_by_role("heading", name="Check Your Email")).to_be_visible()


def test_invalid_address_is_refused_on_blur_and_on_submit(page, server, shoot):
    page.goto(server.url("/forgot-password"))
    email = page.get_by_label("Email")
    email.fill("user@example")
    email.blur()
    expect(page.locator("#email-error")).to_have_text("Invalid email address")
    shoot(page, "forgot-password-invalid")
    page.get_by_role("button", name="Send Reset Link").click(force=True)
    expect(page.get_by_role("heading", name="Reset Your Password")).to_be_visible()
    expect(email).to_be_focused()


def test_resend_waits_out_the_window_with_a_countdown(page, server, shoot):
    email = confirmed_account(server, "resend")
    request_link(page, server, email)
    resend = page.locator(".resend-form button")
    expect(resend).to_be_disabled()
    expect(resend).to_have_text(re.compile(r"^Send Another Email \([1-5]s\)$"))
    expect(page.locator("#resend-hint")).to_have_text("You can send another email in 5 seconds.")
    first = resend.text_content()
    page.wait_for_timeout(1200)
    assert resend.text_content() != first, "the countdown moves"
    expect(resend).to_be_enabled(timeout=8000)
    expect(resend).to_have_text("Send Another Email")
    expect(page.locator("#resend-hint")).to_have_text("You can send another email now.")
    server.wait_for_messages(email, 2)  # confirmation + first reset link
    resend.click()
    expect(page.locator("#resend-status")).to_have_text("Email sent again")
    expect(page.locator(".resend-form button")).to_be_disabled()
    server.wait_for_messages(email, 3)
    shoot(page, "forgot-password-resent")


def test_a_second_request_inside_the_window_says_already_sent(page, server):
    email = unique_email("again")
    request_link(page, server, email)
    page.get_by_role("link", name="Use a different email address").click()
    expect(page.get_by_role("heading", name="Reset Your Password")).to_be_visible()
    expect(page.get_by_label("Email")).to_have_value("")  # the form starts over
    page.get_by_label("Email").fill(email)
    page.get_by_role("button", name="Send Reset Link").click()
    expect(page.locator("#resend-status")).to_have_text("Already sent, check inbox")
    expect(page.locator(".resend-form button")).to_be_disabled()


def test_registered_and_unknown_addresses_get_the_same_page(new_page, server):
    registered = confirmed_account(server, "known")
    unknown = unique_email("unknown")
    texts = []
    for email in (registered, unknown):
        page = new_page()
        request_link(page, server, email)
        texts.append(page.locator("#main").inner_text().replace(email, "ADDRESS"))
        # Countdown seconds may differ by one between the two pages.
        texts[-1] = re.sub(r"\(\d+s\)", "(Ns)", texts[-1])
    assert texts[0] == texts[1]
    time.sleep(1.0)
    assert len(server.messages(unknown)) == 0


def test_double_click_sends_one_request_and_one_email(page, server):
    email = confirmed_account(server, "dbl")
    page.goto(server.url("/forgot-password"))
    posts = []
    page.on("request", lambda request: posts.append(request.url) if request.method == "POST" else None)
    page.get_by_label("Email").fill(email)
    page.get_by_role("button", name="Send Reset Link").dblclick()
    expect(page.get_by_role("heading", name="Check Your Email")).to_be_visible()
    assert posts == [server.url("/forgot-password")]
    server.wait_for_messages(email, 2)
    time.sleep(1.0)
    assert len(server.messages(email)) == 2  # the confirmation and one reset link


def test_sending_label_while_the_request_runs(page, server):
    page.goto(server.url("/forgot-password"))
    page.get_by_label("Email").fill(unique_email("label"))
    held = []
    page.route("**/forgot-password", lambda route: held.append(route) if route.request.method == "POST" else route.continue_())
    page.get_by_role("button", name="Send Reset Link").click()
    button = page.locator("form button[type=submit]")
    expect(button).to_have_text("Sending...")
    expect(button).to_be_disabled()
    held[0].continue_()
    expect(page.get_by_role("heading", name="Check Your Email")).to_be_visible()


def test_too_many_requests_names_the_wait(new_page, start_server, shoot):
    limited = start_server(GATEHOUSE_RATE_LIMIT_OTP="1", GATEHOUSE_RATE_LIMIT_BURST="1")
    page = new_page()
    request_link(page, limited, unique_email("limit-a"))
    page.goto(limited.url("/forgot-password"))
    page.get_by_label("Email").fill(unique_email("limit-b"))
    page.get_by_role("button", name="Send Reset Link").click()
    expect(page.locator(".error-summary-title")).to_have_text("Too many reset requests. Try again in 5 minutes.")
    shoot(page, "forgot-password-rate-limited")
