"""The development mailbox: its JSON API, and that it exists only in development with the
dev-mailbox transport (it holds live reset links)."""

from __future__ import annotations

import pytest

from gatehouse_server import ServerStartError, free_port
from recovery_support import RECOVERY_SETTINGS, http, register, request_recovery, wait_for_dev_mail
from support import ISO_8601_UTC


def test_the_message_shape(mail_server):
    email = register(mail_server)
    request_recovery(mail_server, email)
    message = wait_for_dev_mail(mail_server, email)[0]
    assert set(message) >= {"id", "to", "from", "subject", "text", "html", "created_at"}, message
    assert message["to"] == email and "@" in message["from"]
    assert ISO_8601_UTC.match(message["created_at"]), message["created_at"]


@pytest.mark.parametrize("settings", [
    {"mail_transport": "smtp", "smtp_host": "127.0.0.1", "smtp_security": "plain"},
    {"env": "production", "external_url": "https://auth.gatehouse.test", "mail_transport": "mailersend",
     "mailersend_api_key": "mlsn.test",
     "mailersend_url": "http://127.0.0.1:9/v1/email"},
], ids=["smtp", "production"])
def test_the_mailbox_is_not_served_with_a_real_transport(server_factory, settings):
    settings = {**settings, "smtp_port": free_port()} if "smtp_host" in settings else settings
    server = server_factory.start(**RECOVERY_SETTINGS, **settings)
    with http() as client:
        for path in ("/_dev/mail/api/messages", "/_dev/mail"):
            assert client.get(server.root_url + path).status_code == 404, path


def test_production_refuses_the_dev_mailbox(server_factory):
    with pytest.raises(ServerStartError):
        server_factory.start(**RECOVERY_SETTINGS, env="production", mail_transport="dev-mailbox")
