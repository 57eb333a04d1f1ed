"""Where the sign-in, sign-up, confirmation and reset pages used to leave a person without a word:
the sign-in limit named as such, a confirmation that signs in (or says it worked and fills in the
address), a confirmation link opened again, a failed or half-done link, a magic link back to the
account page, the reset form that took the current password and named no account, "Forgot
password?" shown above the button it comes after, and "Sign In" written one way."""

from __future__ import annotations

import re
import urllib.parse

import pytest
from playwright.sync_api import expect

from helpers import PASSWORD, confirmed_account, mailbox_link, sign_in, sign_up_on_the_page, unique_email

NEW_PASSWORD = "staple gun 2 lantern"
CONFIRMED = "Your email address is confirmed. You can sign in now."
ALREADY_CONFIRMED = "This email address is already confirmed. You can sign in now."
LINK_INVALID = "This link is invalid or has expired"
EMAIL_CHANGE_HALF = "Your confirmation is recorded. Follow the link we sent to the other address to finish the change."


def sign_up_here(page, server) -> str:
    return sign_up_on_the_page(page, server, unique_email("deadend"))


def press_the_link_button(page, link: str) -> None:
    page.goto(link)
    page.locator("form[action='verify'] button[type=submit]").click()
    page.wait_for_load_state()


def email_change_link(server, address: str, subject_part: str, after: int = 0) -> str:
    """The /verify link of the email-change message to `address` whose subject has `subject_part`."""
    for _ in range(50):
        for message in server.wait_for_messages(address, after + 1):
            if subject_part in message["subject"]:
                match = re.search(r"https?://\S+type=email_change\S*", message["text"])
                assert match, message["text"]
                return match.group(0)
        after += 1
    raise AssertionError(f"no {subject_part!r} message to {address}")


# ---- 1. The sign-in limit ----------------------------------------------------------------------

def test_the_sign_in_limit_is_named_also_when_the_right_password_follows(new_page, start_server):
    limited = start_server(GATEHOUSE_SIGNIN_FAILURE_LIMIT="3")
    email = confirmed_account(limited, "limit")
    page = new_page()
    page.goto(limited.url("/login"))
    for _ in range(3):
        page.get_by_label("Email").fill(email)
        page.get_by_label("Password", exact=True).fill("wrong password")
        page.get_by_role("button", name="Sign In").click()
        expect(page.locator(".error-summary-title")).to_have_text("Invalid email or password")
    for password in ("wrong password", PASSWORD):
        page.get_by_label("Password", exact=True).fill(password)
        page.get_by_role("button", name="Sign In").click()
        expect(page.locator(".error-summary-title")).to_have_text("Too many login attempts. Please try again in 5 minutes.")
    expect(page).to_have_url(limited.url("/login"))


# ---- 2. and 3. Confirming a sign-up ------------------------------------------------------------

def test_confirming_a_sign_up_in_the_same_browser_signs_in(page, server, shoot):
    email = sign_up_here(page, server)
    press_the_link_button(page, mailbox_link(server, email, "/verify?token="))
    expect(page).to_have_url(server.url("/account"))
    expect(page.locator(".account-email")).to_have_text(email)


def test_confirming_in_another_browser_says_so_and_fills_in_the_address(new_page, server, shoot):
    signing_up = new_page()
    email = sign_up_here(signing_up, server)
    link = mailbox_link(server, email, "/verify?token=")
    elsewhere = new_page()
    press_the_link_button(elsewhere, link)
    expect(elsewhere).to_have_url(server.url("/login"))
    expect(elsewhere.locator(".banner-success")).to_have_text(CONFIRMED)
    expect(elsewhere.get_by_label("Email")).to_have_value(email)
    shoot(elsewhere, "login-confirmed")
    elsewhere.get_by_label("Password", exact=True).fill(PASSWORD)
    elsewhere.get_by_role("button", name="Sign In").click()
    expect(elsewhere).to_have_url(server.url("/account"))


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_a_confirmation_link_opened_again_says_the_address_is_confirmed(new_page, server, shoot, javascript):
    page = new_page(java_script_enabled=javascript)
    email = sign_up_here(page, server)
    link = mailbox_link(server, email, "/verify?token=")
    press_the_link_button(new_page(), link)
    page.goto(link)
    expect(page).to_have_url(re.compile(re.escape(server.url("/login"))))
    expect(page.locator(".banner-success")).to_have_text(ALREADY_CONFIRMED)
    expect(page.locator("#main")).not_to_contain_text(LINK_INVALID)
    expect(page.get_by_role("button", name="Sign In", exact=True)).to_be_visible()
    if javascript:
        shoot(page, "login-already-confirmed")


# ---- 4. Links that fail, and the two email-change confirmations ------------------------------

@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_a_failed_link_says_so_where_it_lands(new_page, server, shoot, javascript):
    page = new_page(java_script_enabled=javascript)
    page.goto(server.url("/auth/v1/verify?token=made-up-token&type=magiclink"))
    expect(page.get_by_role("link", name="Sign In", exact=True)).to_be_visible()  # the welcome page
    expect(page.get_by_role("alert")).to_contain_text(LINK_INVALID)
    if javascript:
        shoot(page, "welcome-link-invalid")


def test_the_welcome_page_reads_gotrue_s_error_fragment(page, server):
    page.goto(server.url("/#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired"))
    expect(page.get_by_role("alert")).to_contain_text(LINK_INVALID)
    assert "#" not in page.url  # read once, then tidied away
    page.goto(server.url("/signup"))  # a new document, not a change of the fragment alone
    page.goto(server.url("/#error=server_error&error_description=Call+555+now"))
    expect(page.get_by_role("alert")).to_contain_text("This link could not be used.")
    expect(page.locator("#main")).not_to_contain_text("Call 555")  # never the address bar's words


def test_each_email_change_confirmation_says_what_happened(page, server, shoot):
    old = confirmed_account(server, "landing-old")
    new = unique_email("landing-new")
    sign_in(page, server, old)
    page.get_by_label("New email address").fill(new)
    page.get_by_role("button", name="Change Email").click()
    expect(page.locator(".banner-success")).to_contain_text(new)

    # The old address's link asks it to let the change happen, not to confirm a new address.
    page.goto(email_change_link(server, old, "change of your", after=1))
    expect(page.get_by_role("heading", level=1)).to_have_text("Confirm the change of your email address")
    expect(page).not_to_have_title(re.compile("new email address"))
    assert not [m for m in server.messages(old) if "new" in m["subject"].lower()], server.messages(old)
    page.locator("form[action='verify'] button[type=submit]").click()
    expect(page.locator("#main")).to_contain_text(EMAIL_CHANGE_HALF)
    shoot(page, "welcome-email-change-first")
    press_the_link_button(page, email_change_link(server, new, "new"))
    expect(page.locator("#main")).to_contain_text(f"Your email address is now {new}.")
    expect(page.locator("#main")).to_contain_text(f"Signed in as {new}")


# ---- 5. A magic link back to the server's own account page -------------------------------------

def test_a_magic_link_to_the_account_page_signs_in(page, server):
    email = confirmed_account(server, "magic-account")
    query = urllib.parse.urlencode({"redirect_to": server.url("/account")})
    status, body = server.api("POST", "/auth/v1/magiclink?" + query, {"email": email})
    assert status == 200, body
    press_the_link_button(page, mailbox_link(server, email, "/verify?token=", count=2))
    expect(page).to_have_url(server.url("/account"))
    expect(page.locator(".account-email")).to_have_text(email)


def test_a_reset_link_to_the_servers_own_pages_opens_the_reset_form(new_page, start_server):
    """With `/verify` reset links (`GATEHOUSE_RECOVERY_LINK=verify`) and no app, the link would
    sign in where no page sets a password without the old one: it opens the reset form instead."""
    verify_links = start_server(GATEHOUSE_RECOVERY_LINK="verify")
    email = confirmed_account(verify_links, "reset-verify")
    status, body = verify_links.api("POST", "/auth/v1/recover", {"email": email})
    assert status == 200, body
    page = new_page()
    page.goto(mailbox_link(verify_links, email, "/verify?token=", count=2))
    expect(page.get_by_role("heading", name="Choose a New Password")).to_be_visible()
    expect(page.locator("#main")).to_contain_text(f"Choose a new password for {email}.")
    assert "token=" not in page.url
    page.get_by_label("New password", exact=True).fill(NEW_PASSWORD)
    page.get_by_label("Confirm new password").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Update Password").click()
    expect(page.get_by_role("heading", name="Password Changed")).to_be_visible()


# ---- 7. The reset form ---------------------------------------------------------------------------

def test_the_reset_form_names_the_account_and_refuses_the_current_password(page, server, shoot):
    email = confirmed_account(server, "reset-same")
    status, body = server.api("POST", "/auth/v1/recover", {"email": email})
    assert status == 200, body
    page.goto(mailbox_link(server, email, "/reset-password?token=", count=2))
    expect(page.locator("#main")).to_contain_text(f"Choose a new password for {email}.")
    shoot(page, "reset-password-account")
    page.get_by_label("New password", exact=True).fill(PASSWORD)
    page.get_by_label("Confirm new password").fill(PASSWORD)
    page.get_by_role("button", name="Update Password").click()
    expect(page.locator("#password-error")).to_have_text("New password should be different from the old password.")
    expect(page.locator("#main")).to_contain_text(f"Choose a new password for {email}.")
    page.get_by_label("New password", exact=True).fill(NEW_PASSWORD)
    page.get_by_label("Confirm new password").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Update Password").click()
    expect(page.get_by_role("heading", name="Password Changed")).to_be_visible()


# ---- 9. "Forgot password?" where the keyboard meets it -----------------------------------------

def test_forgot_password_is_shown_after_the_button_it_follows_in_tab_order(page, server):
    page.goto(server.url("/login"))
    page.get_by_label("Email").focus()
    order = []
    for _ in range(4):
        page.keyboard.press("Tab")
        order.append(page.evaluate("() => document.activeElement.id || document.activeElement.name || document.activeElement.textContent.trim()"))
    assert order == ["password", "remember", "Sign In", "Forgot password?"], order
    button = page.get_by_role("button", name="Sign In", exact=True).bounding_box()
    forgot = page.get_by_role("link", name="Forgot password?").bounding_box()
    assert forgot["y"] >= button["y"] + button["height"], (button, forgot)


# ---- 10. "Sign In", "Sign Out", "Sign Up" on buttons and links ---------------------------------

def test_buttons_and_links_write_sign_in_in_title_case(new_page, server):
    email = confirmed_account(server, "title-case")
    status, _ = server.api("POST", "/auth/v1/magiclink", {"email": email})
    assert status == 200
    magic = mailbox_link(server, email, "/verify?token=", count=2)
    page = new_page()
    seen = []
    for path in ("/", "/login", "/signup", "/forgot-password", "/reset-password?token=nope", magic):
        page.goto(path if path.startswith("http") else server.url(path))
        for control in page.locator("button:visible, a:visible").all():
            seen.append(" ".join(control.inner_text().split()))
    # "Sign in instead" is the forgot-password spec's own text (spec 000 §6).
    wrong = [t for t in seen if re.search(r"\bSign (in|out|up)\b", t) and t not in ("← Sign in instead", "Sign in instead")]
    assert not wrong, wrong
    assert "Sign In" in seen
