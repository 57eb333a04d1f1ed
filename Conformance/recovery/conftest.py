"""Fixtures for the recovery and mail tests (Conformance/recovery).

  mail_server        a module-wide server with the dev mailbox, no send window, quick retries
  tls_files          a throwaway CA and a server certificate for 127.0.0.1 (openssl CLI)
  other_tls_files    the same from another CA (a certificate Gatehouse must not trust)
  wrong_name_tls_files  a certificate from tls_files' CA for another host name
  smtp_sinks         a per-test factory of aiosmtpd servers on 127.0.0.1, all stopped after it
  black_holes        a per-test factory of TCP listeners that never answer (a hung relay)
  mailersend_sinks   a per-test factory of fake MailerSend APIs on 127.0.0.1, all stopped after it

Needs `aiosmtpd` in the venv and the `openssl` command.
"""

from __future__ import annotations

import shutil

import pytest

from mailersend_sink import MailerSendSink
from recovery_support import RECOVERY_SETTINGS
from smtp_sink import BlackHole, SMTPSink, issue_server_certificate, make_tls_files


@pytest.fixture(scope="module")
def mail_server(module_servers):
    return module_servers.start(**RECOVERY_SETTINGS)


def _tls(tmp_path_factory, name: str):
    if shutil.which("openssl") is None:
        pytest.fail("the openssl command is needed to make test certificates (apt-get install openssl)")
    return make_tls_files(tmp_path_factory.mktemp(name.replace(" ", "-")), name=name)


@pytest.fixture(scope="session")
def tls_files(tmp_path_factory):
    return _tls(tmp_path_factory, "Gatehouse Test CA")


@pytest.fixture(scope="session")
def other_tls_files(tmp_path_factory):
    return _tls(tmp_path_factory, "Some Other CA")


@pytest.fixture(scope="session")
def wrong_name_tls_files(tls_files, tmp_path_factory):
    """A certificate from the trusted CA (tls_files.ca), but for another host name."""
    return issue_server_certificate(tls_files, tmp_path_factory.mktemp("wrong-name"), "DNS:mail.elsewhere.test")


class _Sinks:
    def __init__(self, make):
        self.make = make
        self.started = []

    def start(self, *args, **kwargs):
        sink = self.make(*args, **kwargs)
        self.started.append(sink)
        return sink.start()

    def stop_all(self):
        for sink in self.started:
            sink.stop()
        self.started.clear()


@pytest.fixture
def smtp_sinks():
    """`smtp_sinks.start(port=None, tls=None, credentials=None)` -> a running SMTPSink."""
    sinks = _Sinks(SMTPSink)
    try:
        yield sinks
    finally:
        sinks.stop_all()


@pytest.fixture
def black_holes():
    """`black_holes.start(port=None)` -> a running BlackHole."""
    sinks = _Sinks(BlackHole)
    try:
        yield sinks
    finally:
        sinks.stop_all()


@pytest.fixture
def mailersend_sinks():
    """`mailersend_sinks.start(api_key, statuses=[...])` -> a running MailerSendSink."""
    sinks = _Sinks(MailerSendSink)
    try:
        yield sinks
    finally:
        sinks.stop_all()
