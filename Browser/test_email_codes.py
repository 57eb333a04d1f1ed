"""The 6-digit codes in the emails: the sign-up page's "Check Your Email" takes the code (a wrong
one said, the right one signs in, the verify limit applies); its email says to enter the code on
that page. Emails whose flows no page takes a code for (a reset, an email change) say the code is
for an app."""

from __future__ import annotations

from playwright.sync_api import expect

from helpers import PASSWORD, confirmed_account, sign_in, sign_up_on_the_page, unique_email

CODE_INVALID = "This code is invalid or has expired. Request a new one."


def code_of(message: dict) -> str:
    return next(word.strip(".") for word in message["text"].split() if word.strip(".").isdigit() and len(word.strip(".")) == 6)


def sign_up(page, server) -> str:
    return sign_up_on_the_page(page, server, unique_email("code"))


def enter_code(page, code: str) -> None:
    page.get_by_label("Code from the email").fill(code)
    page.get_by_role("button", name="Confirm", exact=True).click()


def test_the_check_your_email_page_takes_the_code(page, server, shoot):
    email = sign_up(page, server)
    message = server.wait_for_messages(email, 1)[0]
    code = code_of(message)
    shoot(page, "signup-sent-code")
    enter_code(page, "000000" if code != "000000" else "111111")
    expect(page.locator("#code-error")).to_have_text(CODE_INVALID)
    expect(page.get_by_label("Code from the email")).to_be_focused()
    enter_code(page, code)
    expect(page).to_have_url(server.url("/account"))
    expect(page.locator(".account-email")).to_have_text(email)


def test_the_code_works_without_javascript(new_page, server):
    page = new_page(java_script_enabled=False)
    email = sign_up(page, server)
    enter_code(page, code_of(server.wait_for_messages(email, 1)[0]))
    expect(page).to_have_url(server.url("/account"))


def test_the_code_field_is_held_to_the_verify_limit(new_page, start_server):
    limited = start_server(GATEHOUSE_RATE_LIMIT_VERIFY="1", GATEHOUSE_RATE_LIMIT_BURST="1")
    page = new_page()
    email = sign_up(page, limited)
    code = code_of(limited.wait_for_messages(email, 1)[0])
    enter_code(page, "000000" if code != "000000" else "111111")
    expect(page.locator("#code-error")).to_have_text(CODE_INVALID)
    enter_code(page, code)
    expect(page.locator("#code-error")).to_contain_text("Too many attempts. Please try again in")
    expect(page).not_to_have_url(limited.url("/account"))


def test_the_sign_up_email_sends_the_code_to_the_page(page, server):
    email = sign_up(page, server)
    text = server.wait_for_messages(email, 1)[0]["text"]
    assert "Or enter this code on the page that asked you to check your email:" in text, text
    assert "in the app" not in text, text


def test_emails_whose_code_no_page_takes_say_it_is_for_an_app(page, server):
    email = confirmed_account(server, "code-reset")
    page.goto(server.url("/forgot-password"))
    page.get_by_label("Email").fill(email)
    page.get_by_role("button", name="Send Reset Link").click()
    expect(page.get_by_role("heading", name="Check Your Email")).to_be_visible()
    reset = server.wait_for_messages(email, 2)[0]
    assert "Resetting in an app? Then enter this code in the app:" in reset["text"], reset["text"]
    assert "Resetting in an app?" in reset["html"], reset["html"]

    new = unique_email("code-new")
    sign_in(page, server, email)
    page.get_by_label("New email address").fill(new)
    page.get_by_role("button", name="Change Email").click()
    expect(page.locator(".banner-success")).to_contain_text(new)
    for address, count in ((new, 1), (email, 3)):
        change = server.wait_for_messages(address, count)[0]
        assert "Changing it in an app? Then enter this code in the app:" in change["text"], change["text"]
        assert "Changing it in an app?" in change["html"], change["html"]
