/* Gatehouse web pages: progressive enhancement of plain HTML forms.
 *
 * Every page works without this file: forms post to the server, which validates with the
 * same rules (GatehouseCore's EmailAddress and PasswordPolicy) and renders errors. With it:
 * - fields are validated when they lose focus, and errors clear as soon as they are fixed;
 * - a form submits once: its button is disabled and shows its loading label ("Signing in...")
 *   until the answer arrives; the answer replaces the card in place (or the browser follows
 *   the redirect the server names);
 * - network failures, timeouts and server errors show the specs' texts, with a Retry button;
 * - "Send Another Email" stays disabled, with a visible countdown, for the server's window;
 * - the email typed on the login page is carried to the forgot-password page (sessionStorage).
 * Every text comes from the server (data-text-* attributes rendered from UserFacingText).
 */
(function () {
  "use strict";

  // The specs' pattern (login spec §8), as GatehouseCore's EmailAddress checks it.
  var EMAIL_PATTERN = /^[A-Za-z0-9._%+\-]+@[A-Za-z0-9.\-]+\.[A-Za-z]{2,}$/;
  var REQUEST_TIMEOUT_MS = 30000;
  var EMAIL_KEY = "gatehouse.email";

  function main() { return document.getElementById("main"); }
  function text(name) {
    var m = main();
    return (m && m.getAttribute("data-text-" + name)) || "";
  }
  function number(name, fallback) {
    var m = main();
    var value = m ? parseInt(m.getAttribute("data-" + name), 10) : NaN;
    return isNaN(value) ? fallback : value;
  }

  // ---- Storage of the address between pages (never across browser sessions) ----
  function storeEmail(value) {
    try {
      if (value) { sessionStorage.setItem(EMAIL_KEY, value); } else { sessionStorage.removeItem(EMAIL_KEY); }
    } catch (e) { /* storage disabled: prefill is a nicety */ }
  }
  function storedEmail() {
    try { return sessionStorage.getItem(EMAIL_KEY) || ""; } catch (e) { return ""; }
  }

  // ---- Validation: the same rules as the server ----
  function characterCount(value) {
    if (typeof Intl !== "undefined" && Intl.Segmenter) {
      var count = 0;
      var segments = new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(value);
      for (var it = segments[Symbol.iterator](), step = it.next(); !step.done; step = it.next()) { count += 1; }
      return count;
    }
    return Array.from(value).length;
  }
  function byteCount(value) {
    return new TextEncoder().encode(value).length;
  }

  /** The error text for `input`, or "" when valid. `submitting` adds the "required" checks. */
  function problemWith(input, submitting) {
    var kind = input.getAttribute("data-validate");
    var value = input.value;
    if (kind === "email") {
      var trimmed = value.trim();
      if (!trimmed) { return submitting ? text("email-required") : ""; }
      if (trimmed.length > number("email-max", 255) || !EMAIL_PATTERN.test(trimmed)) { return text("invalid-email"); }
      return "";
    }
    if (kind === "password") {
      if (!value) { return submitting ? text("password-required") : ""; }
      if (byteCount(value) > number("max-bytes", 72)) { return text("password-long"); }
      if (characterCount(value) < number("min-length", 8)) { return text("password-short"); }
      return "";
    }
    if (kind === "current") {
      return !value && submitting ? text("password-required") : "";
    }
    if (kind === "confirm") {
      var other = document.getElementById(input.getAttribute("data-match"));
      if (!value) { return submitting ? text("confirm-required") : ""; }
      return other && other.value !== value ? text("mismatch") : "";
    }
    return "";
  }

  function showFieldError(input, message) {
    var holder = document.getElementById(input.id + "-error");
    if (holder && holder.textContent !== message) { holder.textContent = message; }
    if (message) { input.setAttribute("aria-invalid", "true"); } else { input.removeAttribute("aria-invalid"); }
    var field = input.closest(".field");
    if (field) { field.classList.toggle("has-error", !!message); }
  }

  function validatedInputs(form) {
    return Array.prototype.slice.call(form.querySelectorAll("input[data-validate]"));
  }

  /** Whether every field would pass now (without showing anything). */
  function isComplete(form) {
    return validatedInputs(form).every(function (input) { return !problemWith(input, true); });
  }

  function refreshButton(form) {
    if (!form.hasAttribute("data-require-valid") || form.getAttribute("data-busy") === "1") { return; }
    var button = submitButton(form);
    if (!button) { return; }
    if (isComplete(form)) { button.removeAttribute("aria-disabled"); } else { button.setAttribute("aria-disabled", "true"); }
  }

  function submitButton(form) {
    return form.querySelector("button[type=submit], button:not([type])");
  }

  // ---- The alert region (error summary) ----
  function alertRegion(form) {
    var scope = form.closest("section") || main();
    return scope ? scope.querySelector(".alert-region") : null;
  }

  function clearSummary(form) {
    var region = alertRegion(form);
    if (region) { region.textContent = ""; }
  }

  function showSummary(form, message, retry) {
    showSummaryIn(alertRegion(form), message, "", retry ? form : null);
  }

  /** The error summary in `region`: `message`, an optional `detail` line, and a Retry button
   *  that sends `retryForm` again. */
  function showSummaryIn(region, message, detail, retryForm) {
    if (!region) { return; }
    var box = document.createElement("div");
    box.className = "error-summary";
    box.id = "error-summary";
    box.tabIndex = -1;
    var warning = document.getElementById("icon-warning");
    if (warning && warning.content) { box.appendChild(warning.content.cloneNode(true)); }
    var body = document.createElement("div");
    body.className = "error-summary-text";
    var title = document.createElement("p");
    title.className = "error-summary-title";
    title.textContent = message;
    body.appendChild(title);
    if (detail) {
      var more = document.createElement("p");
      more.textContent = detail;
      body.appendChild(more);
    }
    if (retryForm) {
      var again = document.createElement("button");
      again.type = "button";
      again.className = "retry";
      again.textContent = text("retry");
      again.addEventListener("click", function () { send(retryForm); });
      body.appendChild(again);
    }
    box.appendChild(body);
    box.appendChild(dismissButton());
    region.textContent = "";
    region.appendChild(box);
  }

  function dismissButton() {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "dismiss";
    button.setAttribute("aria-label", text("dismiss"));
    button.setAttribute("data-dismiss", "");
    var close = document.getElementById("icon-close");
    if (close && close.content) { button.appendChild(close.content.cloneNode(true)); } else { button.textContent = "\u2715"; }
    bindDismiss(button);
    return button;
  }

  function bindDismiss(button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      var box = button.closest(".error-summary");
      if (box) { box.remove(); }
    });
  }

  // ---- Submitting ----
  function setBusy(form, busy) {
    var button = submitButton(form);
    form.setAttribute("data-busy", busy ? "1" : "0");
    form.setAttribute("aria-busy", busy ? "true" : "false");
    if (button) {
      if (busy) {
        if (!button.hasAttribute("data-label")) { button.setAttribute("data-label", button.textContent); }
        button.disabled = true;
        button.setAttribute("aria-busy", "true");
        button.removeAttribute("aria-disabled");
        button.textContent = form.getAttribute("data-loading-label") || button.textContent;
      } else {
        button.disabled = false;
        button.removeAttribute("aria-busy");
        if (button.hasAttribute("data-label")) { button.textContent = button.getAttribute("data-label"); }
      }
    }
    Array.prototype.forEach.call(form.querySelectorAll("input:not([type=hidden])"), function (input) {
      if (input.type === "checkbox") { input.disabled = busy; } else { input.readOnly = busy; }
    });
    if (!busy) { refreshButton(form); }
  }

  function send(form) {
    if (form.getAttribute("data-busy") === "1") { return; }
    var body = new URLSearchParams(new FormData(form));
    setBusy(form, true);
    clearSummary(form);
    var controller = typeof AbortController !== "undefined" ? new AbortController() : null;
    var timedOut = false;
    var timer = setTimeout(function () {
      timedOut = true;
      if (controller) { controller.abort(); }
    }, REQUEST_TIMEOUT_MS);

    function fail(message) {
      clearTimeout(timer);
      setBusy(form, false);
      showSummary(form, message, true);
      var summary = document.getElementById("error-summary");
      if (summary) { summary.focus(); }
    }

    fetch(form.getAttribute("action"), {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "X-Gatehouse-Fetch": "1", "Accept": "text/html, application/json" },
      signal: controller ? controller.signal : undefined
    }).then(function (response) {
      if (response.status >= 500) { fail(text("server")); return; }
      var type = response.headers.get("Content-Type") || "";
      if (type.indexOf("application/json") === 0) {
        return response.json().then(function (answer) {
          clearTimeout(timer);
          if (answer && typeof answer.redirect === "string" && answer.redirect.charAt(0) === "/" && answer.redirect.charAt(1) !== "/") {
            window.location.assign(answer.redirect);
          } else {
            fail(text("server"));
          }
        });
      }
      return response.text().then(function (html) {
        clearTimeout(timer);
        if (!replaceCard(html)) { fail(text("server")); }
      });
    }).catch(function () {
      fail(timedOut ? text("timeout") : text("network"));
    });
  }

  /** Swaps the card for the one in `html` (a whole page from the server). */
  function replaceCard(html) {
    var parsed = new DOMParser().parseFromString(html, "text/html");
    var incoming = parsed.getElementById("main");
    var current = main();
    if (!incoming || !current) { return false; }
    var adopted = document.importNode(incoming, true);
    current.replaceWith(adopted);
    if (parsed.title) { document.title = parsed.title; }
    enhance(adopted);
    focusAfterSwap(adopted);
    return true;
  }

  function focusAfterSwap(root) {
    var invalid = root.querySelector("input[aria-invalid=true]");
    var summary = root.querySelector(".error-summary");
    var target = invalid || summary || root.querySelector("[data-focus]") || root.querySelector("h1");
    if (target) { target.focus(); }
  }

  // ---- Resend countdown ----
  function startCountdown(button) {
    var seconds = parseInt(button.getAttribute("data-cooldown"), 10);
    if (!(seconds > 0)) { return; }
    var label = button.textContent;
    var format = text("countdown") || (label + " ({s}s)");
    var hint = document.getElementById(button.getAttribute("aria-describedby") || "");
    var endsAt = Date.now() + seconds * 1000;
    button.disabled = true;
    button.setAttribute("data-counting", "1");
    function tick() {
      var left = Math.ceil((endsAt - Date.now()) / 1000);
      if (!document.body.contains(button)) { return; }
      if (left <= 0) {
        button.disabled = false;
        button.removeAttribute("data-counting");
        button.textContent = label;
        if (hint) { hint.setAttribute("aria-live", "polite"); hint.textContent = text("resend-now"); }
        // What the status line said ("Already sent, check inbox", "Email sent again") was about
        // the window that just ended: left beside "send another now", it would contradict it.
        var status = document.getElementById("resend-status");
        if (status) { status.textContent = ""; }
        return;
      }
      button.textContent = format.replace("{s}", String(left));
      setTimeout(tick, Math.min(1000, (endsAt - Date.now()) % 1000 || 1000));
    }
    tick();
  }

  // ---- Wiring ----
  function enhanceForm(form) {
    if (form.getAttribute("data-enhanced") === "1") { return; }
    form.setAttribute("data-enhanced", "1");
    validatedInputs(form).forEach(function (input) {
      input.addEventListener("blur", function () {
        if (form.getAttribute("data-busy") === "1") { return; }
        showFieldError(input, problemWith(input, false));
        if (input.getAttribute("data-validate") === "password") {
          var confirm = form.querySelector("input[data-validate=confirm]");
          if (confirm && confirm.value) { showFieldError(confirm, problemWith(confirm, false)); }
        }
      });
      input.addEventListener("input", function () {
        if (input.getAttribute("aria-invalid") === "true" && !problemWith(input, false)) { showFieldError(input, ""); }
        refreshButton(form);
      });
    });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (form.getAttribute("data-busy") === "1") { return; }
      var button = submitButton(form);
      if (button && (button.disabled || button.getAttribute("data-counting") === "1")) { return; }
      var firstInvalid = null;
      var emptyCount = 0;
      validatedInputs(form).forEach(function (input) {
        var problem = problemWith(input, true);
        showFieldError(input, problem);
        if (!input.value.trim()) { emptyCount += 1; }
        if (problem && !firstInvalid) { firstInvalid = input; }
      });
      if (firstInvalid) {
        if (form.hasAttribute("data-both-required") && emptyCount > 0) {
          showSummary(form, text("both-required"), false);
        }
        firstInvalid.focus();
        return;
      }
      var email = form.querySelector("input[data-validate=email]");
      if (email) { storeEmail(email.value.trim()); }
      send(form);
    });
    refreshButton(form);
  }

  function enhance(root) {
    Array.prototype.forEach.call(root.querySelectorAll("form[data-gh-form]"), enhanceForm);
    Array.prototype.forEach.call(root.querySelectorAll("[data-dismiss]"), bindDismiss);
    Array.prototype.forEach.call(root.querySelectorAll("button[data-cooldown]"), startCountdown);
    Array.prototype.forEach.call(root.querySelectorAll("input[data-prefill=email]"), function (input) {
      if (!input.value) { input.value = storedEmail(); }
      var form = input.form;
      if (form) { refreshButton(form); }
    });
    Array.prototype.forEach.call(root.querySelectorAll("a[data-carry-email]"), function (link) {
      link.addEventListener("click", function () {
        var email = document.getElementById("email");
        if (email && email.value.trim()) { storeEmail(email.value.trim()); }
      });
    });
    Array.prototype.forEach.call(root.querySelectorAll("a[data-forget-email]"), function (link) {
      link.addEventListener("click", function () { storeEmail(""); });
    });
    var remembered = root.getAttribute && root.getAttribute("data-remember-email");
    if (remembered) { storeEmail(remembered); }
    // Other scripts of the pages (passkeys.js) enhance the same card, also after a swap.
    document.dispatchEvent(new CustomEvent("gatehouse:enhanced", { detail: root }));
  }

  /** GoTrue's error fragment (`#error=…&error_code=…&error_description=…`), which the server
   *  never sees: said on the page's alert region, in the pages' own words (the description is
   *  anyone's to write into a link, so it is never shown). Not when the server has already
   *  said what happened (`?link=`). */
  function showLinkError(url, hash) {
    if (url.searchParams.has("link") || !(hash.get("error_code") || hash.get("error"))) { return; }
    var root = main();
    var region = root ? root.querySelector(".alert-region") : null;
    if (!region) { return; }
    var expired = hash.get("error_code") === "otp_expired";
    var message = expired ? text("link-invalid") : (region.getAttribute("data-text-link-unusable") || text("link-invalid"));
    showSummaryIn(region, message, region.getAttribute("data-text-link-detail") || "", null);
  }

  /** Query parameters and fragments that are read once: the timeout banner, confirmation
   *  results, what an emailed link did (`link`), the error a link comes back with, and an
   *  emailed link's token (the page's form carries it; the address bar, the history and
   *  anything that reads the location need not). */
  function tidyAddress() {
    var url = new URL(window.location.href);
    showLinkError(url, new URLSearchParams(url.hash.replace(/^#/, "")));
    var changed = false;
    ["reason", "code", "notice", "token", "oobCode", "link"].forEach(function (name) {
      if (url.searchParams.has(name)) { url.searchParams.delete(name); changed = true; }
    });
    if (url.hash) { url.hash = ""; changed = true; }
    if (changed && window.history && history.replaceState) {
      history.replaceState(null, "", url.pathname + (url.search === "?" ? "" : url.search));
    }
  }

  // What the pages' other scripts (passkeys.js) share with this one.
  window.Gatehouse = { text: text, setBusy: setBusy, showSummary: showSummary, replaceCard: replaceCard };

  var root = main();
  if (root) {
    enhance(root);
    tidyAddress();
  }
  // Back to a page kept in the back/forward cache: no form is still "Signing in...".
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) { return; }
    Array.prototype.forEach.call(document.querySelectorAll("form[data-busy='1']"), function (form) { setBusy(form, false); });
  });
})();
