"""The data folder is private from the start.

A real `gatehouse serve` in development mode, with no JWT secret given (so it writes one) and
the default SQLite store, started under a permissive umask: the data folder must be 0700 and
the database files and the secret 0600; an existing folder and files left too open by an
earlier version are tightened.
"""

from __future__ import annotations

import os
import stat
import subprocess
import time
from pathlib import Path

import httpx
import pytest

from gatehouse_server import HEALTH_TIMEOUT, STOP_TIMEOUT, free_port


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def serve_once(binary: Path, data_dir: Path, log_path: Path) -> None:
    """Starts the server under umask 022, waits for /health and one write, stops it."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("GATEHOUSE_")}
    env.update(
        GATEHOUSE_HOST="127.0.0.1", GATEHOUSE_PORT=str(port), GATEHOUSE_DATA_DIR=str(data_dir),
        GATEHOUSE_ENV="development", GATEHOUSE_BCRYPT_COST="4", GATEHOUSE_AUTOCONFIRM="true",
    )
    with open(log_path, "ab") as log:
        proc = subprocess.Popen(
            [str(binary), "serve"], env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True, preexec_fn=lambda: os.umask(0o022),
        )
        try:
            deadline = time.monotonic() + HEALTH_TIMEOUT
            with httpx.Client(timeout=2.0, trust_env=False) as http:
                while True:
                    assert proc.poll() is None, log_path.read_text(errors="replace")[-2000:]
                    assert time.monotonic() < deadline, "no /health in time"
                    try:
                        if http.get(f"http://127.0.0.1:{port}/health").status_code == 200:
                            break
                    except httpx.TransportError:
                        pass
                    time.sleep(0.1)
                signup = http.post(
                    f"http://127.0.0.1:{port}/auth/v1/signup",
                    json={"email": f"files-{port}@example.com", "password": "correct-horse-battery"},
                )
                assert signup.status_code == 200, signup.text
        finally:
            os.killpg(proc.pid, 15)
            try:
                proc.wait(timeout=STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, 9)
                proc.wait(timeout=STOP_TIMEOUT)


def assert_private(data_dir: Path) -> None:
    assert mode(data_dir) == 0o700, oct(mode(data_dir))
    files = sorted(p for p in data_dir.iterdir() if p.is_file())
    names = {p.name for p in files}
    assert {"gatehouse.sqlite", "jwt-secret"} <= names, names
    loose = {p.name: oct(mode(p)) for p in files if mode(p) & 0o077}
    assert not loose, f"readable by others: {loose}"


@pytest.fixture
def binary(harness) -> Path:
    return harness.binary


def test_new_data_folder_is_private(binary, tmp_path):
    data_dir = tmp_path / "nested" / "data"
    serve_once(binary, data_dir, tmp_path / "server.log")
    assert_private(data_dir)


def test_existing_open_data_folder_is_tightened(binary, tmp_path):
    data_dir = tmp_path / "data"
    serve_once(binary, data_dir, tmp_path / "server.log")
    os.chmod(data_dir, 0o755)
    for path in data_dir.iterdir():
        os.chmod(path, 0o644)
    serve_once(binary, data_dir, tmp_path / "server.log")
    assert_private(data_dir)
