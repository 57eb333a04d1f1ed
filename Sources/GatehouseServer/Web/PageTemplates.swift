/// The pages' Mustache templates and stylesheet (the specs' design system: emerald gradient
/// background, white card with a 16 px radius, blue primary button, red field errors).
enum PageTemplates {
    static let sources: [String: String] = [
        "layout": """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="no-referrer">
            <title>{{title}}</title>
            <link rel="stylesheet" href="/assets/gatehouse.css">
            </head>
            <body>
            <main class="card">
            {{{content}}}
            </main>
            </body>
            </html>
            """,
        "reset_password": """
            <h1>Set a new password</h1>
            {{#error}}<div class="error-summary" role="alert" aria-live="assertive">{{error}}</div>{{/error}}
            <form method="post" action="/reset-password" novalidate>
            <input type="hidden" name="token" value="{{token}}">
            <label for="password">New password</label>
            <input id="password" name="password" type="password" autocomplete="new-password" minlength="{{minimum}}" maxlength="255" required
              aria-describedby="password-hint{{#passwordError}} password-error{{/passwordError}}"{{#passwordError}} aria-invalid="true"{{/passwordError}}>
            <p id="password-hint" class="hint">At least {{minimum}} characters.</p>
            {{#passwordError}}<p id="password-error" class="field-error" aria-live="polite">{{passwordError}}</p>{{/passwordError}}
            <label for="confirm">Confirm new password</label>
            <input id="confirm" name="confirm" type="password" autocomplete="new-password" maxlength="255" required
              {{#confirmError}}aria-describedby="confirm-error" aria-invalid="true"{{/confirmError}}>
            {{#confirmError}}<p id="confirm-error" class="field-error" aria-live="polite">{{confirmError}}</p>{{/confirmError}}
            <button type="submit" class="primary">Set New Password</button>
            </form>
            """,
        "reset_password_invalid": """
            <h1>Reset link expired</h1>
            <div class="error-summary" role="alert">{{message}}</div>
            <p>Reset links work once and expire after a while. Ask for a new one.</p>
            <p><a class="primary" href="/forgot-password">Send a new link</a></p>
            """,
        "reset_password_done": """
            <h1>Password changed</h1>
            <div class="success" role="status" aria-live="polite">{{message}}</div>
            <p>Every other device was signed out. You can now sign in with your new password.</p>
            <p><a class="primary" href="/login">Back to sign in</a></p>
            """,
        "dev_mailbox": """
            <h1>Dev mailbox</h1>
            <p class="hint">Messages Gatehouse sent in development mode, newest first. JSON: <code>/_dev/mail/api/messages</code>.</p>
            {{#empty}}<p>No messages yet.</p>{{/empty}}
            {{#messages}}
            <article class="message">
            <h2>{{subject}}</h2>
            <p class="hint">To {{to}} · {{created_at}}</p>
            <pre>{{text}}</pre>
            </article>
            {{/messages}}
            """,
    ]

    static let stylesheet = """
        *{box-sizing:border-box}
        body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;
          font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#0f172a;
          background:linear-gradient(135deg,#059669 0%,#10b981 50%,#34d399 100%)}
        .card{width:100%;max-width:420px;background:#fff;border-radius:16px;padding:32px;box-shadow:0 10px 25px rgba(15,23,42,.15)}
        h1{font-size:1.5rem;margin:0 0 16px}
        label{display:block;font-weight:600;margin:16px 0 6px}
        input[type=email],input[type=password],input[type=text]{width:100%;min-height:44px;padding:10px 12px;font-size:1rem;
          border:1px solid #cbd5e1;border-radius:8px}
        input:focus{outline:3px solid #93c5fd;outline-offset:1px;border-color:#2563eb}
        input[aria-invalid=true]{border-color:#dc2626}
        .hint{color:#475569;font-size:.875rem;margin:6px 0 0}
        .field-error{color:#b91c1c;font-size:.875rem;margin:6px 0 0}
        .error-summary{background:#fef2f2;border:1px solid #fecaca;color:#991b1b;border-radius:8px;padding:12px;margin:0 0 16px}
        .success{background:#ecfdf5;border:1px solid #a7f3d0;color:#065f46;border-radius:8px;padding:12px;margin:0 0 16px}
        .primary{display:inline-block;width:100%;min-height:44px;margin-top:24px;padding:12px;border:0;border-radius:8px;
          background:#2563eb;color:#fff;font-size:1rem;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
        .primary:hover{background:#1d4ed8}
        .primary:disabled{background:#94a3b8;cursor:not-allowed}
        a{color:#1d4ed8}
        .message{border-top:1px solid #e2e8f0;padding-top:12px;margin-top:12px}
        .message h2{font-size:1rem;margin:0}
        pre{white-space:pre-wrap;word-break:break-word;font-size:.875rem;background:#f8fafc;padding:8px;border-radius:8px}
        """
}
