"""A crash in the middle of a batch repeats at most the messages in flight.

The relay accepts every message of the batch but the last one, which it holds. The server is
SIGKILLed while that one is in flight and started again: the messages the relay had already
accepted must not be sent a second time (the outbox records each as sent as soon as the relay
accepts it); only the held one may be repeated."""

from __future__ import annotations

import asyncio
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from recovery_support import (
    RECOVERY_SUBJECT,
    admin_mail,
    kill_and_restart,
    plain_smtp_settings,
    register,
    request_recovery,
    wait_until,
)
from smtp_sink import Received, SMTPSink, _Handler
from support import unique_email

USERS = 8
SETTLE = 3.0  # seconds to keep watching for duplicates after the restart


class _HoldingHandler(_Handler):
    """Accepts messages at once until `hold_after` have been accepted; the next one waits at
    the DATA stage until the sink is released (a relay that is slow with one message)."""

    async def handle_DATA(self, server, session, envelope):
        sink: HoldingSink = self.sink
        with sink._lock:
            hold = len(sink.received) >= sink.hold_after and not sink.released.is_set()
            if hold:
                sink.holding += 1
        if hold:
            for _ in range(1200):  # at most 60 s
                if sink.released.is_set():
                    break
                await asyncio.sleep(0.05)
            return "451 4.3.0 Try again later"  # the held attempt never counts as delivered
        return await super().handle_DATA(server, session, envelope)


class HoldingSink(SMTPSink):
    def __init__(self, hold_after: int, **kwargs):
        super().__init__(**kwargs)
        self.hold_after = hold_after
        self.holding = 0
        self.released = threading.Event()

    def start(self) -> "HoldingSink":
        super().start()
        self._controller.handler = _HoldingHandler(self)
        return self


def test_a_crash_mid_batch_repeats_only_the_message_in_flight(server_factory, smtp_sinks):
    sink = HoldingSink(hold_after=USERS - 1)
    smtp_sinks.started.append(sink)
    sink.start()
    server = server_factory.start(**plain_smtp_settings(sink.port, smtp_timeout=60))
    users = [register(server, unique_email(f"crash{i}")) for i in range(USERS)]

    # All requests at once, so the worker claims them together, as one batch.
    with ThreadPoolExecutor(max_workers=USERS) as pool:
        list(pool.map(lambda email: request_recovery(server, email), users))
    wait_until(lambda: len(sink.messages()) == USERS - 1 and sink.holding >= 1,
               f"{USERS - 1} messages accepted and one held at the relay", timeout=30)
    time.sleep(0.5)  # longer than any recording that follows an accepted message

    kill_and_restart(server)
    sink.released.set()
    delivered_before = {address for message in sink.messages() for address in message.rcpt_tos}
    held = [email for email in users if email not in delivered_before]
    assert len(held) == 1, (held, delivered_before)

    sink.wait_for(held[0], RECOVERY_SUBJECT, timeout=60)
    time.sleep(SETTLE)
    copies = {email: len(sink.messages(email, RECOVERY_SUBJECT)) for email in users}
    assert copies == {email: 1 for email in users}, f"copies per address after the crash: {copies}"
    wait_until(lambda: admin_mail(server)["sent"] == USERS, "every job recorded as sent", timeout=20)
