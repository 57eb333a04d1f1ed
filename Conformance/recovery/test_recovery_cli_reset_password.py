"""`gatehouse reset-password`: the link from the email is a secret, so it is read
from standard input (a piped line, or a hidden prompt), never taken as an argument where `ps`
and the shell's history would show it. The same holds for the emailed code."""

from __future__ import annotations

import subprocess

from recovery_support import CLI_TIMEOUT, recovery_mail, register, request_recovery, server_env
from support import OTHER_PASSWORD, PASSWORD, api_error, unique_email


def reset_password(server, tmp_path, *args: str, stdin: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(server.config.binary), "reset-password", "--url", server.root_url, "--state-directory", str(tmp_path), *args],
        env=server_env(server),
        cwd=server.workdir,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=CLI_TIMEOUT,
    )


def assert_password(server, email: str, works: str, fails: str) -> None:
    session = server.client().sign_in_with_password({"email": email, "password": works}).session
    assert session is not None and session.user.email == email
    with api_error(400, "invalid_credentials"):
        server.client().sign_in_with_password({"email": email, "password": fails})


def test_a_piped_link_resets_the_password(mail_server, tmp_path):
    email = register(mail_server, unique_email("cli-link"))
    request_recovery(mail_server, email)
    link, _, _ = recovery_mail(mail_server, email)
    result = reset_password(mail_server, tmp_path, stdin=f"{link}\n{OTHER_PASSWORD}\n{OTHER_PASSWORD}\n")
    assert result.returncode == 0, (result.stdout, result.stderr)
    assert "Your password has been changed" in result.stdout, result.stdout
    # Not echoed back either: the transcript of a script run holds no link.
    assert link not in result.stdout and link not in result.stderr
    assert_password(mail_server, email, works=OTHER_PASSWORD, fails=PASSWORD)


def test_a_piped_code_resets_the_password(mail_server, tmp_path):
    email = register(mail_server, unique_email("cli-code"))
    request_recovery(mail_server, email)
    _, _, code = recovery_mail(mail_server, email)
    result = reset_password(mail_server, tmp_path, "--email", email, stdin=f"{code}\n{OTHER_PASSWORD}\n{OTHER_PASSWORD}\n")
    assert result.returncode == 0, (result.stdout, result.stderr)
    assert code not in result.stdout
    assert_password(mail_server, email, works=OTHER_PASSWORD, fails=PASSWORD)


def test_the_link_and_the_code_are_not_arguments(mail_server, tmp_path):
    email = register(mail_server, unique_email("cli-argv"))
    request_recovery(mail_server, email)
    link, _, code = recovery_mail(mail_server, email)
    for args in (["--link", link], ["--email", email, "--code", code]):
        result = reset_password(mail_server, tmp_path, *args, stdin=f"{OTHER_PASSWORD}\n{OTHER_PASSWORD}\n")
        assert result.returncode != 0, (args, result.stdout)
        assert "standard input" in result.stderr, (args, result.stderr)
    # Refused before anything was sent: the link still works, the password did not change.
    assert_password(mail_server, email, works=PASSWORD, fails=OTHER_PASSWORD)
    result = reset_password(mail_server, tmp_path, stdin=f"{link}\n{OTHER_PASSWORD}\n{OTHER_PASSWORD}\n")
    assert result.returncode == 0, (result.stdout, result.stderr)


def test_help_says_to_pipe_the_link(mail_server, tmp_path):
    result = subprocess.run([str(mail_server.config.binary), "reset-password", "--help"], capture_output=True, text=True,
                            timeout=CLI_TIMEOUT)
    assert result.returncode == 0, result.stderr
    assert "--link" not in result.stdout and "--code" not in result.stdout, result.stdout
    assert "standard input" in result.stdout, result.stdout
