"""A real `gatehouse serve` gives its allocator's free memory back once it goes quiet after work.

`IdleMemoryTrimmer` reads the process's CPU time every 2 s and, at the first quiet interval after
busy ones, calls `malloc_trim(0)` once, noting it at debug level with the resident memory before
and after. How much comes back is measured by `Benchmarks/memory.sh`, not here; this holds that
a burst is followed by one trim, and that an idle server's own timers stay under the quiet budget
(otherwise it would never trim, or trim again and again).
"""

from __future__ import annotations

import re
import time

import httpx

TRIM = "Returned free memory to the kernel after a spell of work"
# Start-up is a spell of work of its own: its trim, if any, comes before the burst.
QUIET_AFTER_START = 5.0
# Enough requests for more than 20 ms of the server's CPU within one of its 2 s looks.
BURST = 1500
TIMEOUT = 30.0
# Two more looks after the trim, quiet: no second trim.
STAYS_QUIET = 5.0


def trims_after(server, request_id: str) -> list[str]:
    """The trim lines logged after the line of the request `request_id`."""
    lines = server.log_text().splitlines()
    positions = [i for i, line in enumerate(lines) if request_id in line]
    if not positions:
        return []
    return [line for line in lines[positions[-1] + 1 :] if TRIM in line]


def test_one_trim_once_quiet_after_a_burst(server_factory):
    server = server_factory.start(log_level="debug")
    time.sleep(QUIET_AFTER_START)

    last_id = None
    with httpx.Client(timeout=10.0, trust_env=False) as http:
        for _ in range(BURST):
            reply = http.get(f"{server.root_url}/health")
            assert reply.status_code == 200
            last_id = reply.headers.get("x-request-id")
    assert last_id

    trimmed: list[str] = []
    deadline = time.monotonic() + TIMEOUT
    while not trimmed and time.monotonic() < deadline:
        time.sleep(0.5)
        trimmed = trims_after(server, last_id)
    assert trimmed, f"no trim was logged after the burst\n{server.log_tail()}"
    assert re.search(r"resident_kib_before=\d+", trimmed[0]), trimmed[0]
    assert re.search(r"resident_kib_after=\d+", trimmed[0]), trimmed[0]

    time.sleep(STAYS_QUIET)
    assert len(trims_after(server, last_id)) == 1, server.log_tail()
