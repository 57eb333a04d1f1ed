"""The admin console's Mail page in Chromium: an operator sees a dead email with its
error, retries it (confirmation, then the notice), and sends a test email that arrives in the
dev mailbox. Keyboard-usable, no script needed, CSP-clean (the fixtures fail on a violation)."""

from __future__ import annotations

import sys

from playwright.sync_api import expect

from conftest import REPO_ROOT
from gatehouse_server import free_port
from helpers import PASSWORD, WebServer, unique_email

sys.path.append(str(REPO_ROOT / "Conformance" / "recovery"))
from recovery_support import run_gatehouse, wait_until  # noqa: E402


def make_operator(server: WebServer) -> str:
    email = unique_email("operator")
    response = server.request("POST", "admin/users", bearer=server.service_role_jwt(),
                              json={"email": email, "password": PASSWORD, "email_confirm": True})
    assert response.status_code == 200, response.text
    promoted = run_gatehouse(server, "users", "promote", email)
    assert promoted.returncode == 0, promoted.stderr
    return email


def console_sign_in(page, server: WebServer, email: str) -> None:
    page.goto(server.url("/admin/login"))
    page.get_by_label("Email address").fill(email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page).to_have_url(server.url("/admin"))


def dead_count(server: WebServer) -> int:
    response = server.request("GET", "admin/mail", bearer=server.service_role_jwt())
    return response.json()["dead"]


def start_with_a_dead_email(start_server) -> tuple[WebServer, str, str]:
    """A console server whose outbox holds one dead recovery email: (server, operator, victim)."""
    # A relay that is not there and one attempt allowed: the recovery email dies at once.
    server = start_server(GATEHOUSE_ADMIN_CONSOLE="on", GATEHOUSE_MAIL_TRANSPORT="smtp", GATEHOUSE_SMTP_HOST="127.0.0.1",
                          GATEHOUSE_SMTP_PORT=str(free_port()), GATEHOUSE_SMTP_SECURITY="plain",
                          GATEHOUSE_MAIL_MAX_ATTEMPTS="1", GATEHOUSE_EMAIL_SEND_WINDOW="0")
    operator = make_operator(server)
    victim = unique_email("dead")
    response = server.request("POST", "admin/users", bearer=server.service_role_jwt(),
                              json={"email": victim, "password": PASSWORD, "email_confirm": True})
    assert response.status_code == 200, response.text
    assert server.request("POST", "recover", json={"email": victim}).status_code == 200
    wait_until(lambda: dead_count(server) >= 1, "the recovery email to be dead")
    return server, operator, victim


def test_an_operator_sees_a_dead_email_and_retries_it(start_server, page, shoot):
    server, operator, victim = start_with_a_dead_email(start_server)
    console_sign_in(page, server, operator)
    page.get_by_role("navigation", name="Console").get_by_role("link", name="Mail").click()
    page.get_by_role("navigation", name="Outbox states").get_by_role("link", name="Dead").click()
    row = page.get_by_role("row").filter(has_text=victim)
    expect(row).to_contain_text("recovery")
    expect(row).to_contain_text("SMTP")
    shoot(page, "console-mail")

    row.get_by_role("link", name=f"Retry the recovery email to {victim}").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Retry an email")
    expect(page.get_by_text(victim)).to_be_visible()
    # The keyboard reaches and presses the button.
    page.get_by_role("button", name="Retry this email").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("status")).to_contain_text("back in the queue")
    assert "/admin/mail/outbox?state=dead&notice=retried" in page.url


def test_an_operator_sends_a_test_email_to_the_dev_mailbox(start_server, page, shoot):
    server = start_server(GATEHOUSE_ADMIN_CONSOLE="on")
    operator = make_operator(server)
    console_sign_in(page, server, operator)
    page.goto(server.url("/admin/mail/outbox"))
    page.get_by_role("link", name="Send a test email").click()
    field = page.get_by_label("Send to")
    expect(field).to_have_value(operator)
    shoot(page, "console-mail-test")

    field.fill("not an address")
    page.get_by_role("button", name="Send the test email").click()
    expect(page.get_by_text("Invalid email address")).to_be_visible()
    expect(page.get_by_label("Send to")).to_have_attribute("aria-invalid", "true")

    target = unique_email("test-mail")
    page.get_by_label("Send to").fill(target)
    page.get_by_role("button", name="Send the test email").click()
    expect(page.get_by_role("status")).to_contain_text("test email is queued")
    message = server.wait_for_messages(target, 1)[0]
    assert message["subject"] == "Test email from the Gatehouse admin console"
    assert "http" not in message["text"]
