"""The pages and the console follow `prefers-color-scheme`. In the dark scheme the page, the card,
the console's surfaces, fields, tables and charts are dark and their text light; in the light
scheme every colour probed is the one the light design has always had (the values below were
read from the pages before the dark theme). WCAG AA in both schemes is test_accessibility.py's
job; this file also saves the dark screenshots the docs show (`console-*-dark`, `login-dark`)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from helpers import PASSWORD, confirmed_account, quoted, sign_in

WHITE = "rgb(255, 255, 255)"

# (selector, computed property, the light scheme's value, what the dark scheme makes of it: "dark"
# a dark surface, "light" light text or graphics, "changed" another colour, "same" the light
# value, "any" not checked). A selector that matches nothing fails.
LOGIN_LIGHT = [
    ("body", "backgroundColor", "rgb(4, 120, 87)", "dark"),
    ("body", "color", "rgb(31, 41, 55)", "light"),
    ("main.card", "backgroundColor", "rgba(255, 255, 255, 0.96)", "dark"),
    (".brand", "color", "rgb(6, 78, 59)", "light"),
    (".subtitle", "color", "rgb(71, 85, 105)", "light"),
    ("label[for=email]", "color", "rgb(55, 65, 81)", "light"),
    ("#email", "color", "rgb(17, 24, 39)", "light"),
    ("#email", "backgroundColor", WHITE, "dark"),
    ("#email", "borderTopColor", "rgb(107, 114, 128)", "changed"),
    (".check", "color", "rgb(55, 65, 81)", "light"),
    (".check input", "accentColor", "rgb(37, 99, 235)", "light"),
    (".forgot-link", "color", "rgb(71, 85, 105)", "light"),
    (".login-form .primary", "color", WHITE, "same"),
    (".login-form .primary", "backgroundColor", "rgb(0, 82, 204)", "same"),
    (".divider", "color", "rgb(71, 85, 105)", "light"),
    (".strong-link", "color", "rgb(37, 99, 235)", "light"),
]
BODY_GRADIENT = "linear-gradient(160deg, rgb(5, 150, 105) 0%, rgb(4, 120, 87) 100%)"
TIMEOUT_LIGHT = [
    (".banner-warning", "color", "rgb(146, 64, 14)", "light"),
    (".banner-warning", "backgroundColor", "rgb(255, 251, 235)", "dark"),
    (".banner-warning", "borderTopColor", "rgb(254, 227, 168)", "changed"),
]
ERRORS_LIGHT = [
    (".error-summary", "color", "rgb(153, 27, 27)", "light"),
    (".error-summary", "backgroundColor", "rgb(254, 226, 226)", "dark"),
    (".error-summary", "borderTopColor", "rgb(254, 202, 202)", "changed"),
    ("#password-error", "color", "rgb(220, 38, 38)", "light"),
    ("#password", "borderTopColor", "rgb(220, 38, 38)", "light"),
]
ACCOUNT_LIGHT = [
    (".page-title, .section-title", "color", "rgb(17, 24, 39)", "light"),
    (".panel + .panel", "borderTopColor", "rgb(226, 232, 240)", "dark"),
    (".details dt", "color", "rgb(71, 85, 105)", "light"),
    (".details dd", "color", "rgb(17, 24, 39)", "light"),
]
CONSOLE_LIGHT = [
    ("body.console", "backgroundColor", "rgb(243, 244, 246)", "dark"),
    ("body.console", "color", "rgb(17, 24, 39)", "light"),
    (".console-header", "backgroundColor", "rgb(17, 24, 39)", "dark"),
    (".console-nav a[aria-current]", "backgroundColor", "rgb(249, 250, 251)", "any"),
    (".console-signout .button", "backgroundColor", WHITE, "dark"),
    (".console-signout .button", "borderTopColor", "rgb(156, 163, 175)", "any"),
    (".overview-card", "backgroundColor", WHITE, "dark"),
    (".overview-card dt", "color", "rgb(55, 65, 81)", "light"),
    (".chart", "backgroundColor", WHITE, "dark"),
    (".chart", "borderTopColor", "rgb(229, 231, 235)", "dark"),
    (".chart-figure figcaption", "color", "rgb(55, 65, 81)", "light"),
    (".chart-data summary", "color", "rgb(29, 78, 216)", "light"),
    (".chart-svg text", "fill", "rgb(55, 65, 81)", "light"),
    ("#sign-ins-heading ~ figure .chart-bars", "fill", "rgb(29, 78, 216)", "light"),
    ("#failed-sign-ins-heading ~ figure .chart-bars", "fill", "rgb(185, 28, 28)", "light"),
    (".console-muted", "color", "rgb(75, 85, 99)", "light"),
]
OUTBOX_LIGHT = [
    (".console-table-wrap", "backgroundColor", WHITE, "dark"),
    (".console-table th", "backgroundColor", "rgb(249, 250, 251)", "dark"),
    (".console-table td", "borderTopColor", "rgb(229, 231, 235)", "dark"),
    (".console-tabs a[aria-current]", "backgroundColor", "rgb(17, 24, 39)", "any"),
    (".console-table a.button", "color", "rgb(17, 24, 39)", "light"),
]
REFUSED_LIGHT = [
    (".console-alert", "color", "rgb(127, 29, 29)", "light"),
    (".console-alert", "backgroundColor", "rgb(254, 242, 242)", "dark"),
    (".console-alert", "borderTopColor", "rgb(252, 165, 165)", "changed"),
]

READ = """(probes) => probes.map(([selector, property]) => {
  const el = document.querySelector(selector);
  return el ? getComputedStyle(el)[property] : null;
})"""
SCHEME_META = "() => (document.querySelector('meta[name=color-scheme]') || {}).content || ''"


def rgb(value: str) -> tuple[float, float, float, float]:
    parts = [float(p) for p in re.findall(r"[\d.]+", value)]
    assert len(parts) >= 3, value
    return parts[0], parts[1], parts[2], parts[3] if len(parts) > 3 else 1.0


def luminance(value: str) -> float:
    """WCAG relative luminance; a translucent colour is taken over black."""
    r, g, b, a = rgb(value)
    channels = [c * a for c in (r, g, b)]

    def linear(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(channels[0]) + 0.7152 * linear(channels[1]) + 0.0722 * linear(channels[2])


def read(page, probes) -> list[str]:
    values = page.evaluate(READ, [[selector, prop] for selector, prop, _, _ in probes])
    missing = [probe[0] for probe, value in zip(probes, values) if value is None]
    assert not missing, f"{page.url}: no element for {missing}"
    return values


def check_light(page, probes) -> None:
    """Exactly the light design's colours."""
    values = read(page, probes)
    wrong = [f"{selector} {prop}: {value} (was {want})" for (selector, prop, want, _), value in zip(probes, values) if value != want]
    assert not wrong, f"{page.url} (light): {wrong}"
    assert "light" in page.evaluate(SCHEME_META)


def check_dark(page, probes) -> None:
    """Surfaces dark (luminance under 0.06), text and graphics light (over 0.25), each colour
    other than the light one unless it stays the same on purpose."""
    values = read(page, probes)
    problems = []
    for (selector, prop, light, kind), value in zip(probes, values):
        level = luminance(value)
        if kind == "same" and value != light:
            problems.append(f"{selector} {prop} {value}, want {light} as in the light scheme")
        elif kind in ("dark", "light", "changed") and value == light:
            problems.append(f"{selector} {prop} unchanged: {value}")
        elif kind == "dark" and level > 0.06:
            problems.append(f"{selector} {prop} {value} is not dark (luminance {level:.2f})")
        elif kind == "light" and level < 0.25:
            problems.append(f"{selector} {prop} {value} is not light (luminance {level:.2f})")
    assert not problems, f"{page.url} (dark): {problems}"
    # The browser's own parts (scrollbars, the checkbox, autofill) follow the page's scheme.
    assert "dark" in page.evaluate(SCHEME_META)


@pytest.fixture
def pages(new_page):
    """(light page, dark page): two browsers of the same person, one per colour scheme."""
    return new_page(color_scheme="light"), new_page(color_scheme="dark")


def test_the_pages_turn_dark_and_the_light_scheme_is_unchanged(pages, server, shoot):
    light, dark = pages
    email = confirmed_account(server, "dark-mode")
    for page in pages:
        page.goto(server.url("/login"))
    check_light(light, LOGIN_LIGHT)
    assert BODY_GRADIENT in light.evaluate("() => getComputedStyle(document.body).backgroundImage")
    check_dark(dark, LOGIN_LIGHT)
    assert BODY_GRADIENT not in dark.evaluate("() => getComputedStyle(document.body).backgroundImage")
    shoot(dark, "login-dark")

    for page in pages:
        page.goto(server.url("/login?reason=timeout"))
    check_light(light, TIMEOUT_LIGHT)
    check_dark(dark, TIMEOUT_LIGHT)

    for page in pages:
        # An empty submit: the summary and both fields' errors at once.
        page.goto(server.url("/login"))
        page.get_by_role("button", name=re.compile("^sign in$", re.I)).click(force=True)
        expect(page.locator(".error-summary")).to_be_visible()
        expect(page.locator("#password-error")).not_to_be_empty()
    check_light(light, ERRORS_LIGHT)
    check_dark(dark, ERRORS_LIGHT)
    shoot(dark, "login-errors-dark")

    for page in pages:
        sign_in(page, server, email, PASSWORD)
    check_light(light, ACCOUNT_LIGHT)
    check_dark(dark, ACCOUNT_LIGHT)
    shoot(dark, "account-dark")


def test_the_console_turns_dark_and_the_light_scheme_is_unchanged(pages, start_server, shoot):
    from test_console_mail import console_sign_in, start_with_a_dead_email

    server, operator, victim = start_with_a_dead_email(start_server)
    light, dark = pages
    for page in pages:
        page.goto(server.url("/admin/login"))
        page.get_by_label("Email address").fill(operator)
        page.get_by_label("Password").fill("not the password")
        page.get_by_label("Password").press("Enter")
        expect(page.locator(".console-alert")).to_be_visible()
    check_light(light, REFUSED_LIGHT)
    check_dark(dark, REFUSED_LIGHT)
    dark.goto(server.url("/admin/login"))
    shoot(dark, "console-login-dark")

    for page in pages:
        console_sign_in(page, server, operator)
    check_light(light, CONSOLE_LIGHT)
    check_dark(dark, CONSOLE_LIGHT)
    # Each chart with data keeps a colour of its own in the dark (an empty chart draws no bars).
    fills = dark.evaluate("() => [...document.querySelectorAll('.chart-bars')].map(g => getComputedStyle(g).fill)")
    assert len(fills) >= 3 and len(set(fills)) == len(fills), fills
    shoot(dark, "console-overview-dark")

    for page in pages:
        page.goto(server.url("/admin/mail/outbox?state=dead"))
        expect(page.get_by_role("row").filter(has_text=victim)).to_be_visible()
    check_light(light, OUTBOX_LIGHT)
    check_dark(dark, OUTBOX_LIGHT)
    shoot(dark, "console-mail-dark")

    # The fields of a console form: white with the browser's black text in the light scheme, a
    # dark field with light text in the dark one.
    for page in pages:
        # The events an operator's sign-in left, as the light screenshot shows them.
        page.goto(server.url(f"/admin/events?action=login&email={quoted(operator)}"))
    field = light.locator(".console-filters input").first
    assert field.evaluate("e => getComputedStyle(e).backgroundColor") == WHITE
    assert field.evaluate("e => getComputedStyle(e).color") == "rgb(0, 0, 0)"
    field = dark.locator(".console-filters input").first
    assert luminance(field.evaluate("e => getComputedStyle(e).backgroundColor")) < 0.06
    assert luminance(field.evaluate("e => getComputedStyle(e).color")) > 0.5
    shoot(dark, "console-events-dark")

    dark.goto(server.url(f"/admin/accounts?q={victim}"))
    shoot(dark, "console-accounts-dark")
    dark.get_by_role("link", name=victim).first.click()
    expect(dark.get_by_role("heading", level=1)).to_have_text(victim)
    shoot(dark, "console-account-dark")
