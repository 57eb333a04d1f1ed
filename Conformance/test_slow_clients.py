"""Slow clients are dropped while others are served.

Real sockets against a real process with short timeouts: 50 connections that never finish
their request head, a request whose body stalls, and an idle keep-alive connection are all
closed by the server within their timeout (plus a margin), and a normal request is answered
while the slow ones are open.
"""

from __future__ import annotations

import select
import socket
import time

import httpx

HEADER_TIMEOUT = 1
READ_TIMEOUT = 2
IDLE_TIMEOUT = 2
MARGIN = 3.0  # seconds of slack for a loaded machine
SLOW_CLIENTS = 50


def open_socket(server) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    sock.settimeout(0.2)
    return sock


def wait_all_closed(socks: list[socket.socket], within: float, trickle: bytes = b"") -> float:
    """Seconds until every socket was closed by the server (EOF or reset; an error answer before
    the close is read and ignored); fails after `within`. With `trickle`, one more byte goes out
    on each open socket every round (a slow-loris drip)."""
    start = time.monotonic()
    open_ones = list(socks)
    while open_ones:
        elapsed = time.monotonic() - start
        assert elapsed < within, f"{len(open_ones)} of {len(socks)} slow connections still open after {elapsed:.1f} s"
        closed = set()
        if trickle:
            for sock in open_ones:
                try:
                    sock.sendall(trickle)
                except OSError:
                    closed.add(sock)
        readable, _, _ = select.select([s for s in open_ones if s not in closed], [], [], 0.1)
        for sock in readable:
            try:
                if sock.recv(4096) == b"":
                    closed.add(sock)
            except (ConnectionError, socket.timeout):
                closed.add(sock)
        open_ones = [sock for sock in open_ones if sock not in closed]
    return time.monotonic() - start


def start(server_factory):
    return server_factory.start(
        http_header_timeout=HEADER_TIMEOUT, http_read_timeout=READ_TIMEOUT, http_idle_timeout=IDLE_TIMEOUT
    )


def test_partial_headers_are_dropped_while_others_are_served(server_factory):
    server = start(server_factory)
    slow = []
    try:
        for _ in range(SLOW_CLIENTS):
            sock = open_socket(server)
            sock.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            slow.append(sock)
        with httpx.Client(timeout=5.0, trust_env=False) as http:
            assert http.get(f"{server.root_url}/health").status_code == 200
        wait_all_closed(slow, HEADER_TIMEOUT + MARGIN, trickle=b"a")
    finally:
        for sock in slow:
            sock.close()


def test_stalled_body_is_dropped(server_factory):
    server = start(server_factory)
    sock = open_socket(server)
    try:
        sock.sendall(
            b"POST /auth/v1/signup HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 1000\r\n\r\n{\"email\":"
        )
        wait_all_closed([sock], READ_TIMEOUT + MARGIN, trickle=b" ")
    finally:
        sock.close()


def test_idle_keep_alive_connection_is_closed(server_factory):
    server = start(server_factory)
    sock = open_socket(server)
    try:
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        deadline = time.monotonic() + 5
        answer = b""
        while b"\r\n\r\n" not in answer and time.monotonic() < deadline:
            try:
                answer += sock.recv(4096)
            except socket.timeout:
                pass
        assert answer.startswith(b"HTTP/1.1 200"), answer
        wait_all_closed([sock], IDLE_TIMEOUT + MARGIN)
    finally:
        sock.close()


def test_timeouts_do_not_cut_normal_requests(server_factory):
    server = start(server_factory)
    with httpx.Client(timeout=5.0, trust_env=False) as http:
        for _ in range(3):
            assert http.get(f"{server.root_url}/health").status_code == 200
            time.sleep(0.5)
