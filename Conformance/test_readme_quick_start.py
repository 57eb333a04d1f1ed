"""The README's five-minute quick start, run as written: its shell blocks, in order, against the
real binary started the way `swift run gatehouse` starts it (development, SQLite in
`./.gatehouse`), only on another port. A newcomer copies these commands; if they stop working
(a race with the outbox, a code read from the wrong place), this fails."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
from pathlib import Path

import httpx
import pytest

from gatehouse_server import free_port

REPO_ROOT = Path(__file__).resolve().parent.parent
README = REPO_ROOT / "README.md"
SECTION = "## Five minutes"
START_TIMEOUT = 30.0  # seconds for the server to answer /health
SCRIPT_TIMEOUT = 60  # seconds for the quick start's commands


def quick_start_commands() -> list[str]:
    """The shell blocks of the README's quick start after the one that starts the server."""
    text = README.read_text(encoding="utf-8")
    start = text.index(SECTION)
    end = text.index("\n## ", start + len(SECTION))
    blocks = re.findall(r"```sh\n(.*?)```", text[start:end], flags=re.S)
    assert blocks and blocks[0].strip() == "swift run gatehouse", blocks[:1]
    return blocks[1:]


@pytest.fixture
def readme_server(harness, tmp_path):
    if harness.db != "sqlite":
        pytest.skip("the quick start runs on SQLite, the default")
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("GATEHOUSE_")}
    env["GATEHOUSE_PORT"] = str(port)
    log = (tmp_path / "server.log").open("w")
    process = subprocess.Popen([str(harness.binary)], cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT,
                               stdin=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            assert process.poll() is None, (tmp_path / "server.log").read_text()
            try:
                if httpx.get(f"{base}/health", timeout=2.0, trust_env=False).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the server did not answer /health"
            time.sleep(0.2)
        yield base, tmp_path
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


def test_the_quick_start_resets_the_password_as_the_readme_says(readme_server):
    base, workdir = readme_server
    script = "set -e\n" + "\n".join(block.replace("http://127.0.0.1:9999", base) for block in quick_start_commands())
    result = subprocess.run(["bash", "-c", script], cwd=workdir, capture_output=True, text=True, timeout=SCRIPT_TIMEOUT)
    assert result.returncode == 0, result.stderr
    # What the README promises at the end: the old password no longer signs in; the new one does.
    def sign_in(password: str) -> httpx.Response:
        return httpx.post(f"{base}/auth/v1/token", params={"grant_type": "password"}, trust_env=False,
                          json={"email": "ada@example.com", "password": password})
    assert sign_in("a-brand-new-password").status_code == 200, result.stdout
    assert sign_in("correct-horse-battery").json().get("error_code") == "invalid_credentials", result.stdout
    assert (workdir / ".gatehouse").is_dir(), "the data did not go to ./.gatehouse"
