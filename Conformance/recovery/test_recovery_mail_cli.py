"""`gatehouse mail test --to`: sends at once through the configured transport and says how it
went (exit 0 / exit 1), against aiosmtpd, a dead port, and a certificate it must not trust."""

from __future__ import annotations

from gatehouse_server import free_port
from recovery_support import RECOVERY_SETTINGS, run_gatehouse
from support import unique_email


def smtp_server(server_factory, port: int, **extra):
    settings = {**RECOVERY_SETTINGS, "mail_transport": "smtp", "smtp_host": "127.0.0.1", "smtp_port": port,
                "smtp_security": "plain", "smtp_timeout": 5}
    return server_factory.start(**{**settings, **extra})


def test_mail_test_delivers_over_plain_smtp(server_factory, smtp_sinks):
    sink = smtp_sinks.start()
    server = smtp_server(server_factory, sink.port)
    to = unique_email("cli")
    result = run_gatehouse(server, "mail", "test", "--to", to)
    assert result.returncode == 0, (result.stdout, result.stderr)
    assert f"sent to {to} with smtp" in result.stdout, result.stdout
    received = sink.messages(to)
    assert len(received) == 1, [m.rcpt_tos for m in sink.messages()]
    assert received[0].message.get_body(("plain",)).get_content().strip()


def test_mail_test_against_a_dead_port_fails(server_factory):
    server = smtp_server(server_factory, free_port())
    result = run_gatehouse(server, "mail", "test", "--to", unique_email("cli-dead"))
    assert result.returncode == 1, (result.returncode, result.stdout, result.stderr)
    assert result.stdout.startswith("failed: "), result.stdout
    assert "sent to" not in result.stdout


def test_mail_test_with_starttls_and_auth(server_factory, smtp_sinks, tls_files):
    sink = smtp_sinks.start(tls=tls_files, credentials=("cli-user", "cli-password"))
    server = smtp_server(server_factory, sink.port, smtp_security="starttls", smtp_ca_file=tls_files.ca,
                         smtp_username="cli-user", smtp_password="cli-password")
    to = unique_email("cli-tls")
    result = run_gatehouse(server, "mail", "test", "--to", to)
    assert result.returncode == 0, (result.stdout, result.stderr)
    [received] = sink.messages(to)
    assert received.tls and received.auth_user == "cli-user"


def test_mail_test_refuses_a_certificate_from_another_ca(server_factory, smtp_sinks, tls_files, other_tls_files):
    sink = smtp_sinks.start(tls=other_tls_files)
    server = smtp_server(server_factory, sink.port, smtp_security="starttls", smtp_ca_file=tls_files.ca)
    result = run_gatehouse(server, "mail", "test", "--to", unique_email("cli-untrusted"))
    assert result.returncode == 1, (result.stdout, result.stderr)
    assert result.stdout.startswith("failed: "), result.stdout
    assert sink.messages() == []


def test_mail_test_refuses_a_certificate_for_another_name(server_factory, smtp_sinks, wrong_name_tls_files):
    sink = smtp_sinks.start(tls=wrong_name_tls_files)
    server = smtp_server(server_factory, sink.port, smtp_security="starttls", smtp_ca_file=wrong_name_tls_files.ca)
    result = run_gatehouse(server, "mail", "test", "--to", unique_email("cli-wrong-name"))
    assert result.returncode == 1, (result.stdout, result.stderr)
    assert result.stdout.startswith("failed: "), result.stdout
    assert sink.messages() == []


def test_starttls_is_never_silently_skipped(server_factory, smtp_sinks, tls_files):
    """A relay that does not offer STARTTLS gets nothing in clear (no downgrade)."""
    sink = smtp_sinks.start()  # plain, no STARTTLS
    server = smtp_server(server_factory, sink.port, smtp_security="starttls", smtp_ca_file=tls_files.ca,
                         smtp_username="cli-user", smtp_password="cli-password")
    result = run_gatehouse(server, "mail", "test", "--to", unique_email("cli-downgrade"))
    assert result.returncode == 1, (result.stdout, result.stderr)
    assert result.stdout.startswith("failed: "), result.stdout
    assert sink.messages() == []


def test_mail_test_with_a_wrong_smtp_password_fails(server_factory, smtp_sinks, tls_files):
    sink = smtp_sinks.start(tls=tls_files, credentials=("cli-user", "cli-password"))
    server = smtp_server(server_factory, sink.port, smtp_security="starttls", smtp_ca_file=tls_files.ca,
                         smtp_username="cli-user", smtp_password="wrong")
    result = run_gatehouse(server, "mail", "test", "--to", unique_email("cli-badauth"))
    assert result.returncode == 1, (result.stdout, result.stderr)
    assert result.stdout.startswith("failed: "), result.stdout
    assert "wrong" not in result.stdout, "the password must not be printed"
    assert sink.messages() == []
