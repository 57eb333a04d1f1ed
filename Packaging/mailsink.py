"""Messages out of the SMTP sink container (images/mailsink: Python's smtpd DebuggingServer, which
prints each message it accepts between two marker lines, each line as a bytes literal)."""

from __future__ import annotations

import ast

from packaging_support import Mail, container_logs, parse_mail

BEGIN = "---------- MESSAGE FOLLOWS ----------"
END = "------------ END MESSAGE ------------"


def messages_in(logs: str) -> list[Mail]:
    found, lines = [], None
    for line in logs.splitlines():
        if line == BEGIN:
            lines = []
        elif line == END and lines is not None:
            found.append(parse_mail(b"\r\n".join(lines)))
            lines = None
        elif lines is not None and line.startswith(("b'", 'b"')):
            value = ast.literal_eval(line)
            if not value.startswith(b"X-Peer: "):
                lines.append(value)
    return found


def mails_to(container_id: str, address: str) -> list[Mail]:
    return [m for m in messages_in(container_logs(container_id)) if address in " ".join(m.to)]
