"""An SMTP sink that can hold its senders: while `hold` is on, every RCPT TO waits (the sender
has a job claimed and a connection open, nothing is delivered yet). It tells which connections
it holds, and which process owns each (by the connection's port, from /proc), so a test can
SIGKILL an instance that is in the middle of sending."""

from __future__ import annotations

import asyncio
import os
import threading
from pathlib import Path

from aiosmtpd.controller import Controller

from smtp_sink import Received, SMTPSink


class _HoldingHandler:
    def __init__(self, sink: "HeldSMTPSink"):
        self.sink = sink

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        peer_port = session.peer[1]
        with self.sink._lock:
            self.sink._held_ports.add(peer_port)
        try:
            for _ in range(1200):  # bounded: at most 60 s
                if not self.sink.holding.is_set():
                    break
                await asyncio.sleep(0.05)
        finally:
            with self.sink._lock:
                self.sink._held_ports.discard(peer_port)
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server, session, envelope):
        self.sink._add(Received(mail_from=envelope.mail_from, rcpt_tos=list(envelope.rcpt_tos),
                                raw=envelope.original_content or envelope.content, tls=False, auth_user=None))
        return "250 2.0.0 OK: queued"


class HeldSMTPSink(SMTPSink):
    def __init__(self):
        super().__init__()
        self.holding = threading.Event()
        self._held_ports: set[int] = set()

    def start(self) -> "HeldSMTPSink":
        self._controller = Controller(_HoldingHandler(self), hostname="127.0.0.1", port=self.port, ready_timeout=10.0)
        self._controller.start()
        return self

    def held_ports(self) -> set[int]:
        with self._lock:
            return set(self._held_ports)


def pid_owning_port(local_port: int, pids: list[int]) -> int | None:
    """Which of `pids` has the TCP socket whose local port is `local_port` (Linux /proc)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except FileNotFoundError:
            continue
        for line in lines:
            fields = line.split()
            if int(fields[1].rsplit(":", 1)[1], 16) == local_port:
                inodes.add(fields[9])
    for pid in pids:
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                try:
                    target = os.readlink(f"/proc/{pid}/fd/{fd}")
                except OSError:
                    continue
                if target.startswith("socket:[") and target[8:-1] in inodes:
                    return pid
        except OSError:
            continue
    return None
