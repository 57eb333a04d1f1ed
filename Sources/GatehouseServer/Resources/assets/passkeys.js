/* Gatehouse web pages: passkeys (WebAuthn), on top of gatehouse.js.
 *
 * - Login page: the "Sign in with a passkey" form (hidden in the HTML) is shown when the browser
 *   has PublicKeyCredential; where the browser offers conditional mediation, passkeys are also
 *   offered in the email field's autofill (`autocomplete="username webauthn"`).
 * - Account page: the "Add a passkey" form (hidden in the HTML: adding needs this script).
 *
 * Each ceremony: the options from the page's own route (a CSRF-checked post), then
 * navigator.credentials.get/create, then a post of the credential (JSON in a form field) to the
 * form's action. The server answers like any form of the pages: a redirect (JSON, followed here)
 * or the page again (swapped in place by gatehouse.js), with the server's texts. Listing,
 * renaming and removing are plain forms and need none of this.
 */
(function () {
  "use strict";

  var ui = window.Gatehouse;

  function supported() {
    return !!(window.PublicKeyCredential && navigator.credentials && navigator.credentials.get && navigator.credentials.create);
  }

  // ---- base64url <-> bytes (the options' and credential's binary fields) ----
  function fromBase64url(value) {
    var base64 = String(value).replace(/-/g, "+").replace(/_/g, "/");
    while (base64.length % 4) { base64 += "="; }
    var binary = atob(base64);
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i += 1) { bytes[i] = binary.charCodeAt(i); }
    return bytes.buffer;
  }
  function toBase64url(buffer) {
    if (!buffer) { return undefined; }
    var bytes = new Uint8Array(buffer);
    var binary = "";
    for (var i = 0; i < bytes.length; i += 1) { binary += String.fromCharCode(bytes[i]); }
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function withIds(list) {
    return (list || []).map(function (item) {
      var copy = Object.assign({}, item);
      copy.id = fromBase64url(item.id);
      return copy;
    });
  }

  /** The server's request options (JSON) as navigator.credentials.get takes them. */
  function requestOptions(json) {
    var options = Object.assign({}, json);
    options.challenge = fromBase64url(json.challenge);
    if (json.allowCredentials) { options.allowCredentials = withIds(json.allowCredentials); }
    return options;
  }

  /** The server's creation options (JSON) as navigator.credentials.create takes them. */
  function creationOptions(json) {
    var options = Object.assign({}, json);
    options.challenge = fromBase64url(json.challenge);
    options.user = Object.assign({}, json.user, { id: fromBase64url(json.user.id) });
    if (json.excludeCredentials) { options.excludeCredentials = withIds(json.excludeCredentials); }
    return options;
  }

  /** The W3C JSON form of a credential (RegistrationResponseJSON / AuthenticationResponseJSON). */
  function credentialJSON(credential) {
    var response = credential.response;
    var json = {
      id: credential.id,
      rawId: toBase64url(credential.rawId),
      type: credential.type,
      authenticatorAttachment: credential.authenticatorAttachment || undefined,
      clientExtensionResults: credential.getClientExtensionResults ? credential.getClientExtensionResults() : {},
      response: { clientDataJSON: toBase64url(response.clientDataJSON) }
    };
    if (response.attestationObject) {
      json.response.attestationObject = toBase64url(response.attestationObject);
      if (response.getTransports) { json.response.transports = response.getTransports(); }
    } else {
      json.response.authenticatorData = toBase64url(response.authenticatorData);
      json.response.signature = toBase64url(response.signature);
      json.response.userHandle = toBase64url(response.userHandle);
    }
    return JSON.stringify(json);
  }

  // ---- Talking to the pages' routes ----
  /** Posts `fields` as a form; resolves with {json} or {html} or {status} for anything else. */
  function post(url, fields) {
    return fetch(url, {
      method: "POST",
      body: new URLSearchParams(fields),
      credentials: "same-origin",
      headers: { "X-Gatehouse-Fetch": "1", "Accept": "text/html, application/json" }
    }).then(function (response) {
      var type = response.headers.get("Content-Type") || "";
      if (response.status >= 500) { return { status: response.status }; }
      if (type.indexOf("application/json") === 0) {
        return response.json().then(function (json) { return { status: response.status, json: json }; });
      }
      if (type.indexOf("text/html") === 0) {
        return response.text().then(function (html) { return { status: response.status, html: html }; });
      }
      return { status: response.status };
    });
  }

  /** Follows the server's answer to the credential's post: a redirect or the page again. */
  function finish(form, answer) {
    if (answer.json && typeof answer.json.redirect === "string" && answer.json.redirect.charAt(0) === "/" &&
        answer.json.redirect.charAt(1) !== "/") {
      window.location.assign(answer.json.redirect);
      return;
    }
    if (answer.html && ui.replaceCard(answer.html)) { return; }
    fail(form, ui.text("server"));
  }

  function fail(form, message) {
    ui.setBusy(form, false);
    if (!document.body.contains(form)) { return; }
    ui.showSummary(form, message, false);
    var summary = document.getElementById("error-summary");
    if (summary) { summary.focus(); }
  }

  /** A ceremony's options, or null when the server answered with a page (shown, unless `quiet`:
   *  the autofill's request never replaces the page the person is typing in). */
  function fetchOptions(form, quiet) {
    return post(form.getAttribute("data-options"), { csrf: form.elements.csrf.value }).then(function (answer) {
      if (answer.json && answer.json.options && answer.json.challenge_id) { return answer.json; }
      if (quiet) { return null; }
      if (answer.json && answer.json.redirect) { finish(form, answer); return null; }
      if (answer.html && ui.replaceCard(answer.html)) { return null; }
      throw new Error("options");
    });
  }

  function sendCredential(form, challengeId, credential) {
    form.elements.challenge_id.value = challengeId;
    form.elements.credential.value = credentialJSON(credential);
    return post(form.getAttribute("action"), new FormData(form)).then(function (answer) { finish(form, answer); });
  }

  /** A browser refusal: the person cancelled, the request timed out, or no passkey matched. */
  function isRefusal(error) {
    return error && (error.name === "NotAllowedError" || error.name === "AbortError" || error.name === "InvalidStateError");
  }

  // ---- Sign-in (login page) ----
  // The autofill's pending request (one per page: the browser allows one at a time), and whether
  // it already produced a passkey (after a refusal it is not started again by itself).
  var autofill = null;
  var autofillAnswered = false;

  function signIn(form, mediation, signal) {
    return fetchOptions(form, !!mediation).then(function (answer) {
      if (!answer) { return null; }
      var request = { publicKey: requestOptions(answer.options) };
      if (mediation) { request.mediation = mediation; }
      if (signal) { request.signal = signal; }
      return navigator.credentials.get(request).then(function (credential) {
        if (!credential) { throw new Error("no credential"); }
        if (mediation) { autofillAnswered = true; }
        ui.setBusy(form, true);
        return sendCredential(form, answer.challenge_id, credential);
      });
    });
  }

  /** Ends the autofill's request; resolves once the browser has let it go. */
  function stopAutofill() {
    var pending = autofill;
    autofill = null;
    if (!pending) { return Promise.resolve(); }
    pending.controller.abort();
    return pending.settled;
  }

  function startAutofill(form) {
    var email = document.querySelector("input[autocomplete~=webauthn]");
    if (autofillAnswered || !email || !window.AbortController || !PublicKeyCredential.isConditionalMediationAvailable) { return; }
    stopAutofill().then(function () {
      return PublicKeyCredential.isConditionalMediationAvailable();
    }).then(function (available) {
      if (!available || !document.body.contains(form)) { return; }
      var controller = new AbortController();
      var settled = signIn(form, "conditional", controller.signal).catch(function (error) {
        if (controller.signal.aborted || isRefusal(error)) { return; }
        fail(form, form.getAttribute("data-text-failed"));
      });
      autofill = { controller: controller, settled: settled };
    }).catch(function () { /* no autofill: the button remains */ });
  }

  function enhanceSignIn(form) {
    if (form.getAttribute("data-enhanced") === "1") { return; }
    form.setAttribute("data-enhanced", "1");
    form.hidden = false;
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (form.getAttribute("data-busy") === "1") { return; }
      ui.setBusy(form, true);
      stopAutofill().then(function () {
        return signIn(form, null, null);
      }).catch(function (error) {
        fail(form, isRefusal(error) ? form.getAttribute("data-text-cancelled") : form.getAttribute("data-text-failed"));
      });
    });
    // Passkeys in the email field's autofill, where the browser supports it.
    startAutofill(form);
  }

  // ---- Adding a passkey (account page) ----
  /** The page's earlier successes ("Your passkey was added"): stale beside this failure. */
  function clearNotices() {
    Array.prototype.forEach.call(document.querySelectorAll("#main .banner-success"), function (notice) { notice.remove(); });
  }

  function enhanceAdd(form) {
    if (form.getAttribute("data-enhanced") === "1") { return; }
    form.setAttribute("data-enhanced", "1");
    form.hidden = false;
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (form.getAttribute("data-busy") === "1") { return; }
      ui.setBusy(form, true);
      fetchOptions(form, false).then(function (answer) {
        if (!answer) { return; }
        return navigator.credentials.create({ publicKey: creationOptions(answer.options) }).then(function (credential) {
          if (!credential) { throw new Error("no credential"); }
          return sendCredential(form, answer.challenge_id, credential);
        });
      }).catch(function (error) {
        // InvalidStateError: this authenticator already holds one of the user's passkeys.
        var name = error && error.name === "InvalidStateError" ? "data-text-exists"
          : isRefusal(error) ? "data-text-cancelled" : "data-text-failed";
        clearNotices();
        fail(form, form.getAttribute(name));
      });
    });
  }

  function enhance(root) {
    if (!root || !root.querySelectorAll || !ui || !supported()) { return; }
    Array.prototype.forEach.call(root.querySelectorAll("form[data-passkey-signin]"), enhanceSignIn);
    Array.prototype.forEach.call(root.querySelectorAll("form[data-passkey-add]"), enhanceAdd);
    Array.prototype.forEach.call(root.querySelectorAll("[data-passkey-needs-script]"), function (note) { note.hidden = true; });
  }

  document.addEventListener("gatehouse:enhanced", function (event) { enhance(event.detail); });
  enhance(document.getElementById("main"));
})();
