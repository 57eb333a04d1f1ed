"""The operator console as an operator reads it: the outbox lists each email under the address it
went to (an email change's two messages under the old and the new address); the events table
fits 1280 px, wraps user agents between words, names who acted ("operator …", the account's
address, "system"), shows times, actions, job kinds and assurance levels in words and opens
Mail on a tab with something in it; no heading repeats the one before it; the account page shows
a pending email change and removes a passkey after a confirmation; the console says "Sign In",
"Sign Out" and "Two-factor authentication"."""

from __future__ import annotations

import re
import urllib.parse

import pyotp
import pytest
from playwright.sync_api import expect

from helpers import PASSWORD, confirmed_account, unique_email
from test_console_accounts import console_sign_in, operator

# A time as people read it: `25 Nov 2026, 10:42 UTC`.
PEOPLE_TIME = re.compile(r"^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC$")

# The places inside an element's text where a line ends between two letters or digits: a word cut
# in two. Whitespace and punctuation are fair places to wrap.
MID_WORD_BREAKS = """(element) => {
  const chars = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.textContent.length; i++) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rects = range.getClientRects();
      if (rects.length) chars.push({c: node.textContent[i], top: rects[0].top});
    }
  }
  const cuts = [];
  for (let i = 1; i < chars.length; i++) {
    const word = /[A-Za-z0-9]/;
    if (chars[i].top > chars[i - 1].top + 2 && word.test(chars[i].c) && word.test(chars[i - 1].c)) {
      cuts.push(chars.slice(Math.max(0, i - 8), i).map(x => x.c).join('') + '|' + chars.slice(i, i + 8).map(x => x.c).join(''));
    }
  }
  return cuts;
}"""


@pytest.fixture(scope="module")
def server(start_server):
    """This module's own server: its outbox and audit log hold only what these tests did."""
    return start_server(GATEHOUSE_ADMIN_CONSOLE="on", GATEHOUSE_PASSKEY_ENABLED="true", GATEHOUSE_RATE_LIMIT_PASSKEY="0")


def access_token(server, email: str) -> str:
    status, session = server.api("POST", "/token?grant_type=password", {"email": email, "password": PASSWORD})
    assert status == 200, session
    return session["access_token"]


def request_email_change(server, old: str, new: str) -> dict[str, str]:
    """`PUT /user {email}` for `old`; the token hash of each side's link, by address."""
    response = server.request("PUT", "user", bearer=access_token(server, old), json={"email": new}, root=True)
    assert response.status_code == 200, response.text
    hashes = {}
    for address in (old, new):
        for _ in range(50):
            texts = [m["text"] for m in server.wait_for_messages(address, 1) if "type=email_change" in m["text"]]
            if texts:
                break
            server.wait_for_messages(address, len(server.messages(address)) + 1)
        link = re.search(r"https?://\S+type=email_change\S*", texts[0]).group(0)
        hashes[address] = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)["token"][0]
    return hashes


def confirm_email_change(server, token_hash: str) -> None:
    response = server.request("POST", "verify", json={"type": "email_change", "token_hash": token_hash}, root=True)
    assert response.status_code == 200, response.text


def open_account(page, server, email: str) -> None:
    page.goto(server.url(f"/admin/accounts?q={urllib.parse.quote(email)}"))
    page.get_by_role("link", name=email).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(email)


def column(page, header: str) -> int:
    """The index of the visible table's column headed `header`."""
    headers = [text.strip() for text in page.locator("table.console-table thead th").all_inner_texts()]
    assert header in headers, headers
    return headers.index(header)


def test_the_outbox_lists_each_email_under_the_address_it_went_to(page, server):
    admin = operator(server, "ux-outbox")
    old = confirmed_account(server, "ux-old")
    new = unique_email("ux-new")
    for token_hash in request_email_change(server, old, new).values():
        confirm_email_change(server, token_hash)

    console_sign_in(page, server, admin)
    page.goto(server.url("/admin/mail/outbox?state=sent"))
    recipient = column(page, "Recipient")
    to_old = page.locator("table.console-table tbody tr").filter(has_text="email_change_current")
    to_new = page.locator("table.console-table tbody tr").filter(has_text="email_change_new")
    expect(to_old.locator("td").nth(recipient)).to_have_text(old)
    expect(to_new.locator("td").nth(recipient)).to_have_text(new)
    expect(to_old).to_contain_text("Email change, to the current address")


def test_the_events_and_mail_pages_read_as_people_read(page, server):
    admin = operator(server, "ux-events")
    member = confirmed_account(server, "ux-member")
    access_token(server, member)
    console_sign_in(page, server, admin)

    # An operator's action, then the worker's email, then the member's own sign-in.
    open_account(page, server, member)
    page.get_by_role("link", name="Send recovery email…").click()
    page.get_by_role("button", name="Send recovery email").click()
    server.wait_for_messages(member, 2)

    page.goto(server.url(f"/admin/events?email={urllib.parse.quote(member)}"))
    rows = page.locator("table.console-table tbody tr")
    by = column(page, "By")
    recovery = rows.filter(has_text="Password recovery requested").first
    expect(recovery.locator("td").nth(by)).to_have_text(f"operator {admin}")
    expect(rows.filter(has_text="Email sent").first.locator("td").nth(by)).to_have_text("system")
    expect(rows.filter(has_text="Signed in").first.locator("td").nth(by)).to_have_text(member)
    stamp = recovery.locator("time")
    assert PEOPLE_TIME.match(stamp.inner_text()), stamp.inner_text()
    assert re.match(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$", stamp.get_attribute("datetime"))
    assert stamp.get_attribute("title"), "the exact instant on hover"
    # The filter names actions in words too, and still filters by the stored code.
    page.get_by_label("Action").select_option(label="Signed in")
    page.get_by_role("button", name="Filter").click()
    expect(page).to_have_url(re.compile(r"action=login(&|$)"))

    # The whole table fits 1280 px, Details included (the emails' job ids are its longest lines).
    page.goto(server.url(f"/admin/events?email={urllib.parse.quote(member)}"))
    wrap = page.locator(".console-table-wrap")
    assert wrap.evaluate("e => e.scrollWidth - e.clientWidth") <= 1, "the table scrolls sideways at 1280 px"
    details = page.locator("table.console-table thead th").last.bounding_box()
    assert details["x"] + details["width"] <= wrap.bounding_box()["x"] + wrap.bounding_box()["width"] + 1
    # The operator's own console sign-in: its browser's user agent.
    page.goto(server.url(f"/admin/events?email={urllib.parse.quote(admin)}"))
    agent = page.get_by_text("Mozilla/5.0").first
    assert agent.evaluate(MID_WORD_BREAKS) == [], "the user agent wraps inside a word"

    # Mail opens on a tab with emails in it; kinds in words.
    page.get_by_role("navigation", name="Console").get_by_role("link", name="Mail").click()
    current = page.locator(".console-tabs a[aria-current=page]")
    expect(current).not_to_contain_text("(0)")
    expect(page.locator("table.console-table tbody tr").filter(has_text=member).first).to_contain_text("Password recovery")

    # The account page: the assurance in words, and no heading saying again what the one above said.
    open_account(page, server, member)
    expect(page.get_by_role("table", name="Active sessions, most recently seen first")).to_contain_text("One factor")
    headings = [t.strip().lower() for t in page.locator("main h1, main h2, main h3, main caption").all_inner_texts()]
    repeats = [a for a, b in zip(headings, headings[1:]) if a == b]
    assert repeats == [], headings


def test_the_account_page_shows_a_pending_email_change(page, server):
    admin = operator(server, "ux-pending")
    old = confirmed_account(server, "ux-pending-old")
    new = unique_email("ux-pending-new")
    hashes = request_email_change(server, old, new)
    console_sign_in(page, server, admin)
    open_account(page, server, old)

    pending = page.get_by_role("region", name="Pending email change")
    expect(pending.get_by_role("row", name=re.compile("^New address"))).to_contain_text(new)
    assert PEOPLE_TIME.match(pending.get_by_role("row", name=re.compile("^Emails sent")).locator("time").inner_text())
    waiting = pending.get_by_role("row", name=re.compile("^Still to confirm"))
    expect(waiting).to_contain_text(f"the new address ({new})")
    expect(waiting).to_contain_text(f"the current address ({old})")

    confirm_email_change(server, hashes[new])
    page.reload()
    expect(waiting).to_contain_text(f"the current address ({old})")
    expect(waiting).not_to_contain_text("the new address")
    confirm_email_change(server, hashes[old])
    page.goto(server.url(f"/admin/accounts?q={urllib.parse.quote(new)}"))
    page.get_by_role("link", name=new).click()
    expect(page.get_by_role("region", name="Pending email change")).to_have_count(0)


def test_an_operator_removes_a_users_passkey_after_confirming(new_page, server):
    from test_passkeys import Authenticator, add_passkey, local, password_sign_in

    admin = operator(server, "ux-passkey-admin")
    member = confirmed_account(server, "ux-passkey")
    own = new_page()
    authenticator = Authenticator(own)
    password_sign_in(own, server, member)
    add_passkey(own)
    assert len(authenticator.credentials()) == 1

    page = new_page()
    page.goto(local(server, "/admin/login"))
    page.get_by_label("Email address").fill(admin)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign In").click()
    page.goto(local(server, f"/admin/accounts?q={urllib.parse.quote(member)}"))
    page.get_by_role("link", name=member).click()
    account_url = page.url
    passkeys = page.get_by_role("region", name="Passkeys")
    passkeys.get_by_role("link", name=re.compile("^Remove")).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("passkey")
    expect(page.get_by_role("button", name="Remove passkey")).to_have_class(re.compile("danger"))
    page.get_by_role("button", name="Remove passkey").click()
    expect(page).to_have_url(account_url + "?notice=passkey-removed")
    expect(page.get_by_role("status")).to_contain_text("The passkey is removed.")
    expect(page.get_by_role("region", name="Passkeys")).to_contain_text("No passkeys.")
    expect(page.get_by_role("table", name="Latest events, newest first")).to_contain_text("Passkey removed")


def test_the_console_says_sign_in_sign_out_and_two_factor_authentication(page, server):
    admin = operator(server, "ux-words")
    token = access_token(server, admin)
    enrolled = server.request("POST", "factors", bearer=token, json={"factor_type": "totp"}, root=True).json()
    challenge = server.request("POST", f"factors/{enrolled['id']}/challenge", bearer=token, root=True).json()
    code = pyotp.TOTP(enrolled["totp"]["secret"]).now()
    verified = server.request(
        "POST", f"factors/{enrolled['id']}/verify", bearer=token, json={"challenge_id": challenge["id"], "code": code}, root=True)
    assert verified.status_code == 200, verified.text

    page.goto(server.url("/admin/login"))
    expect(page.get_by_role("button", name="Sign In", exact=True)).to_be_visible()
    page.get_by_label("Email address").fill(admin)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign In", exact=True).click()
    expect(page).to_have_url(server.url("/admin/login/factor"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Two-factor authentication")
    expect(page.locator("body")).not_to_contain_text(re.compile("two-step", re.IGNORECASE))

    other = operator(server, "ux-words-plain")
    page.get_by_role("button", name="Cancel and sign out").click()
    console_sign_in(page, server, other)
    expect(page.get_by_role("button", name="Sign Out", exact=True)).to_be_visible()
