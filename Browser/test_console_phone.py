"""The operator console on a phone (390 × 844 CSS px): the charts open on today with a cue that
earlier days are further left, an empty chart's message is whole and readable, addresses wrap
between their parts (never inside a word), and the header leaves the screen to the page."""

from __future__ import annotations

import urllib.parse

import pytest
from playwright.sync_api import expect

from helpers import confirmed_account
from test_console_accounts import console_sign_in, operator
from test_console_ux import MID_WORD_BREAKS

PHONE = {"width": 390, "height": 844}

# The nearest ancestor that scrolls sideways (the chart's own scroller).
SCROLLER = """(element) => {
  for (let e = element.parentElement; e; e = e.parentElement) {
    const overflow = getComputedStyle(e).overflowX;
    if ((overflow === 'auto' || overflow === 'scroll') && e.scrollWidth > e.clientWidth) {
      const r = e.getBoundingClientRect();
      return {left: r.left, right: r.right};
    }
  }
  return null;
}"""


@pytest.fixture(scope="module")
def server(start_server):
    """Nothing failed on this server: the "Emails failed" chart is empty."""
    return start_server(GATEHOUSE_ADMIN_CONSOLE="on")


def inside(box: dict, left: float, right: float) -> bool:
    return box["x"] >= left - 0.5 and box["x"] + box["width"] <= right + 0.5


def test_the_overview_on_a_phone(new_page, server):
    admin = operator(server, "phone-overview")
    page = new_page(viewport=PHONE)
    console_sign_in(page, server, admin)

    header = page.locator("header.console-header").bounding_box()
    assert header["height"] <= 0.2 * PHONE["height"], f"the header takes {header['height']:.0f} of {PHONE['height']} px"

    # The sign-in just now is the last bar, the hour under way: in view, with a cue to scroll back.
    chart = page.locator("section.chart", has=page.get_by_role("heading", name="Sign-ins", exact=True))
    today = chart.locator("rect").last
    scroller = today.evaluate(SCROLLER)
    assert scroller, "the chart fits the phone: nothing to scroll"
    assert inside(today.bounding_box(), scroller["left"], scroller["right"]), "the chart opens on its oldest days"
    expect(chart.get_by_text("Earlier days", exact=False)).to_be_visible()

    # No email failed: the message is whole, inside the screen, and big enough to read.
    message = page.get_by_text("No emails failed in these 7 days")
    box = message.bounding_box()
    empty = page.locator("section.chart", has=page.get_by_role("heading", name="Emails failed", exact=True))
    frame = empty.locator("figure").bounding_box()
    assert inside(box, max(0, frame["x"]), min(PHONE["width"], frame["x"] + frame["width"])), box
    assert box["height"] >= 11, f"{box['height']:.1f} px tall text"


def test_addresses_wrap_between_their_parts_on_a_phone(new_page, server):
    admin = operator(server, "phone-tables")
    member = confirmed_account(server, "phone-table-member-with-a-long-address")
    page = new_page(viewport=PHONE)
    console_sign_in(page, server, admin)

    page.goto(server.url(f"/admin/accounts?q={urllib.parse.quote(member)}"))
    page.get_by_role("link", name=member).click()
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_have_text(member)
    assert heading.evaluate(MID_WORD_BREAKS) == [], "the address is cut inside a word"
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0

    page.goto(server.url("/admin/mail/outbox?state=sent"))
    cell = page.locator("table.console-table tbody td").filter(has_text=member).first
    expect(cell).to_be_visible()
    assert cell.evaluate(MID_WORD_BREAKS) == [], "the recipient is cut inside a word"
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
