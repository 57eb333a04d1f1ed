"""Labels, live regions, focus order, 44 px targets, WCAG AA contrast, focus appearance, and
reflow at 375 px, at 200 % zoom and at 320 px (400 % of 1280), on every page — each test in the
light and the dark colour scheme (`prefers-color-scheme`), the audit at 1280 and at 390 px wide."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from helpers import confirmed_account, mailbox_link, sign_in

SCHEMES = ["light", "dark"]


@pytest.fixture(params=SCHEMES)
def page(request, new_page):
    """Every test of this file runs twice: in the light and in the dark colour scheme."""
    return new_page(color_scheme=request.param)


# Pages reachable without state; the signed-in and token pages are added per test.
PUBLIC = ["/", "/login", "/login?reason=timeout", "/signup", "/forgot-password", "/reset-password?token=nope"]

# Shared by the audits below: visibility, colours (computed `rgb()`/`rgba()`), WCAG luminance and
# contrast, and an element's effective background (its own and its ancestors' layers).
COLOURS = """
  const visible = e => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none' && !e.closest('.visually-hidden'); };
  const parse = c => { const m = (c || '').match(/rgba?\\(([^)]+)\\)/); if (!m) return null; const p = m[1].split(',').map(Number); return {r:p[0], g:p[1], b:p[2], a: p.length > 3 ? p[3] : 1}; };
  const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }; return 0.2126*f(c.r) + 0.7152*f(c.g) + 0.0722*f(c.b); };
  const contrast = (x, y) => { const [hi, lo] = [lum(x), lum(y)].sort((a, b) => b - a); return (hi + 0.05) / (lo + 0.05); };
  const over = (top, bottom) => ({r: top.r*top.a + bottom.r*(1-top.a), g: top.g*top.a + bottom.g*(1-top.a), b: top.b*top.a + bottom.b*(1-top.a), a: 1});
  const background = el => { const layers = []; for (let e = el; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor); if (c && c.a > 0) { layers.push(c); if (c.a >= 1) break; } }
    let color = {r: 4, g: 120, b: 87, a: 1}; for (const layer of layers.reverse()) color = over(layer, color); return color; };
  const describe = el => `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''} "${(el.textContent || el.value || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`;
"""

AUDIT = """
() => {""" + COLOURS + """
  const problems = [];
  // Every input has a label (or an accessible name).
  for (const input of document.querySelectorAll('input:not([type=hidden])')) {
    if (!(input.labels && input.labels.length) && !input.getAttribute('aria-label')) problems.push('unlabelled input #' + input.id);
    const described = (input.getAttribute('aria-describedby') || '').split(/\\s+/).filter(Boolean);
    for (const id of described) if (!document.getElementById(id)) problems.push('describedby target missing: ' + id);
  }
  // 44 × 44 CSS px targets (a checkbox's target is its label).
  for (const el of document.querySelectorAll('a[href], button, input:not([type=hidden]), .check')) {
    if (!visible(el) || el.closest('.message-body')) continue;
    if (el.matches('.check input')) continue;
    const r = el.getBoundingClientRect();
    if (r.height < 44 - 0.5 || r.width < 44 - 0.5) problems.push(`small target ${el.tagName} "${(el.textContent||el.id).trim().slice(0,30)}" ${r.width.toFixed(0)}×${r.height.toFixed(0)}`);
  }
  // Contrast of every visible text run against its effective background (an SVG text's ink is
  // its fill).
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !visible(el) || el.closest('[aria-disabled=true], :disabled, template, noscript')) continue;
    const style = getComputedStyle(el);
    const ink = parse(el instanceof SVGElement ? style.fill : style.color);
    if (!ink) continue;
    const bg = background(el);
    const fg = over(ink, bg);
    const ratio = contrast(fg, bg);
    const size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight) >= 700;
    const needed = (size >= 24 || (bold && size >= 18.66)) ? 3 : 4.5;
    if (ratio < needed) problems.push(`contrast ${ratio.toFixed(2)} < ${needed} for "${node.textContent.trim().slice(0, 40)}"`);
  }
  // The console's chart bars are graphics that carry the numbers: 3:1 against their background
  // (WCAG 1.4.11).
  for (const bars of document.querySelectorAll('.chart-bars')) {
    const fill = parse(getComputedStyle(bars).fill);
    const ratio = fill ? contrast(fill, background(bars)) : 0;
    if (ratio < 3) problems.push(`chart bars ${bars.closest('section') ? bars.closest('section').getAttribute('aria-labelledby') : ''}: contrast ${ratio.toFixed(2)} < 3`);
  }
  return problems;
}
"""

# What a keyboard user focuses: the focus indicator of every visible control (text fields,
# checkboxes, buttons, links, selects, disclosure summaries) is an outline at least 2 CSS px
# thick with at least 3:1 against the colours next to it — the background the control sits on
# and, when the outline touches the control, the control's border (WCAG 2.2 2.4.13, and 2.4.11's
# 3:1). The style is read with the control forced into :focus and :focus-visible (no event
# fires: a blur would start the pages' validation).
FOCUSABLE = "input:not([type=hidden]), button, a[href], select, summary, textarea"
FOCUS_RING = """
([selector, index]) => {""" + COLOURS + """
  const el = document.querySelectorAll(selector)[index];
  if (!el || !visible(el) || el.disabled || el.closest('template, noscript')) return '';
  const style = getComputedStyle(el);
  const width = parseFloat(style.outlineWidth) || 0;
  if (style.outlineStyle === 'none' || style.outlineStyle === 'auto' || width < 2)
    return `${describe(el)}: focus outline ${style.outlineStyle} ${style.outlineWidth}, want 2 px or more`;
  const outside = background(el.parentElement);
  const ring = over(parse(style.outlineColor), outside);
  const adjacent = [['background', outside]];
  if ((parseFloat(style.outlineOffset) || 0) < 1) {
    const border = parse(style.borderTopColor);
    adjacent.push(parseFloat(style.borderTopWidth) >= 1 && border && border.a > 0
      ? ['border', over(border, background(el))] : ['control', background(el)]);
  }
  const weak = adjacent.filter(([, colour]) => contrast(ring, colour) < 3)
    .map(([name, colour]) => `${name} ${contrast(ring, colour).toFixed(2)}`);
  return weak.length ? `${describe(el)}: focus outline ${style.outlineColor} below 3:1 against ${weak.join(', ')}` : '';
}
"""


def focus_problems(page) -> list[str]:
    """The FOCUS_RING check of every control, each forced into focus through the DevTools protocol."""
    session = page.context.new_cdp_session(page)
    problems = []
    try:
        session.send("DOM.enable")
        session.send("CSS.enable")
        root = session.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        nodes = session.send("DOM.querySelectorAll", {"nodeId": root, "selector": FOCUSABLE})["nodeIds"]
        for index, node in enumerate(nodes):
            session.send("CSS.forcePseudoState", {"nodeId": node, "forcedPseudoClasses": ["focus", "focus-visible"]})
            try:
                problem = page.evaluate(FOCUS_RING, [FOCUSABLE, index])
            finally:
                session.send("CSS.forcePseudoState", {"nodeId": node, "forcedPseudoClasses": []})
            if problem:
                problems.append(problem)
    finally:
        session.detach()
    return problems

OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
# The elements that reach past the viewport's right edge (outside any scrolling box), for the
# failure message; empty when it is a long unbreakable text that overflows its box.
OVERFLOWING = """() => [...document.body.querySelectorAll('*')]
  .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
  .filter(e => { for (let a = e.parentElement; a && a !== document.body; a = a.parentElement)
    if (getComputedStyle(a).overflowX !== 'visible') return false; return true; })
  .slice(0, 8).map(e => `${e.tagName.toLowerCase()}.${e.className} ${Math.round(e.getBoundingClientRect().right)}px`)"""


def audit(page, where: str) -> None:
    scheme = page.evaluate("() => matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'")
    for width, height in ((1280, 800), (390, 844)):
        # 390 px: a phone's width, where the small-screen rules apply.
        page.set_viewport_size({"width": width, "height": height})
        problems = page.evaluate(AUDIT) + focus_problems(page)
        assert not problems, f"{where} ({scheme}, {width} px): {problems}"
    for width, height in ((375, 812), (640, 400), (320, 640), (390, 844)):
        # 640 px wide is a 1280 px window at 200 % zoom; 320 px is WCAG's reflow width (400 %).
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate(OVERFLOW) <= 0, f"{where} ({scheme}): horizontal scrolling at {width} px: {page.evaluate(OVERFLOWING)}"
    page.set_viewport_size({"width": 1280, "height": 800})


@pytest.mark.parametrize("path", PUBLIC)
def test_public_pages(page, server, path):
    page.goto(server.url(path))
    audit(page, path)


def test_pages_with_state(page, server):
    email = confirmed_account(server, "a11y")
    page.goto(server.url("/login"))
    page.get_by_label("Email").fill("broken")
    page.get_by_label("Password", exact=True).fill("x")
    page.get_by_role("button", name="Sign In").click(force=True)
    expect(page.locator("#email-error")).to_have_text("Invalid email address")
    audit(page, "login with field errors")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill("wrong password")
    page.get_by_role("button", name="Sign In").click()
    expect(page.locator(".error-summary")).to_be_visible()
    audit(page, "login with the error summary")

    page.goto(server.url("/forgot-password"))
    page.get_by_label("Email").fill(email)
    page.get_by_role("button", name="Send Reset Link").click()
    expect(page.get_by_role("heading", name="Check Your Email")).to_be_visible()
    audit(page, "forgot-password sent")

    page.goto(mailbox_link(server, email, "/reset-password?token=", count=2))
    audit(page, "reset-password")

    sign_in(page, server, email)
    audit(page, "account")
    page.goto(server.url("/_dev/mail"))
    audit(page, "dev mailbox")


def test_login_focus_order_follows_the_spec(page, server):
    """Tab order: email → password → remember me → Sign In (login spec §9)."""
    page.goto(server.url("/login"))
    page.get_by_label("Email").focus()
    order = ["email"]
    for _ in range(3):
        page.keyboard.press("Tab")
        order.append(page.evaluate("() => document.activeElement.id || document.activeElement.name || document.activeElement.textContent.trim()"))
    assert order == ["email", "password", "remember", "Sign In"]
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.textContent.trim()") == "Forgot password?"


def test_errors_are_announced(page, server):
    page.goto(server.url("/login"))
    expect(page.locator("#email-error")).to_have_attribute("aria-live", "polite")
    expect(page.locator("#password-error")).to_have_attribute("aria-live", "polite")
    expect(page.locator("#form-alert")).to_have_attribute("role", "alert")
    page.get_by_label("Email").fill("someone@example.com")
    page.get_by_label("Password", exact=True).fill("wrong password")
    page.get_by_role("button", name="Sign In").click()
    summary = page.locator("#form-alert .error-summary")
    expect(summary).to_contain_text("Invalid email or password")
    expect(summary).to_be_focused()  # focus moves to the message, which is read out


def test_console_pages(start_server, page):
    """The operator console's pages, the Mail pages with a dead email among them (its row, its
    Retry link, the retry's confirmation), pass the same audit as the public pages."""
    from test_console_mail import console_sign_in, start_with_a_dead_email

    server, operator, victim = start_with_a_dead_email(start_server)
    console_sign_in(page, server, operator)
    audit(page, "console overview")
    for path in ["/admin/accounts", f"/admin/accounts?q={victim}", "/admin/events", "/admin/mail/outbox",
                 "/admin/mail/outbox?state=dead", "/admin/mail/test"]:
        page.goto(server.url(path))
        audit(page, path)
    page.goto(server.url(f"/admin/accounts?q={victim}"))
    page.get_by_role("link", name=victim).first.click()
    audit(page, "an account")
    page.goto(server.url("/admin/mail/outbox?state=dead"))
    page.get_by_role("link", name=f"Retry the recovery email to {victim}").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Retry an email")
    audit(page, "the retry's confirmation")
