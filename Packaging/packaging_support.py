"""What the packaging tests share: podman with this machine's settings, the sample environment
file filled in for a test, and the journey every packaged server must complete (health, sign-up,
the confirmation email, sign-in, a password reset by email)."""

from __future__ import annotations

import email
import email.policy
import os
import re
import shlex
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import httpx

REPO = Path(__file__).resolve().parent.parent
PACKAGING = REPO / "Packaging"
DEPLOY = REPO / "deploy"
ENV_EXAMPLE = DEPLOY / "gatehouse.env.example"
CONTAINERS_CONF = PACKAGING / "containers.conf"

# The harness pieces of the conformance suite: free ports, the aiosmtpd sink and its throwaway CA.
for folder in (REPO / "Conformance", REPO / "Conformance" / "recovery"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

HTTP_TIMEOUT = 15.0
START_TIMEOUT = 60.0  # seconds for a started server or deployment to answer /health
MAIL_TIMEOUT = 30.0
PODMAN_TIMEOUT = 900  # one podman command (an image build with apt-get is the longest)
CODE = re.compile(r"enter this code(?: in the app)?:\s*(?:<[^>]*>\s*)*(\d{6})\b", re.IGNORECASE)


# ----- podman -------------------------------------------------------------------------------

def podman_env() -> dict[str, str]:
    return {**os.environ, "CONTAINERS_CONF": str(CONTAINERS_CONF)}


def podman(*args: str, timeout: float = PODMAN_TIMEOUT, check: bool = True,
           cwd: Path | None = None) -> subprocess.CompletedProcess:
    result = subprocess.run(["podman", *args], env=podman_env(), cwd=cwd, stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=timeout)
    if check and result.returncode != 0:
        raise AssertionError(f"podman {' '.join(args)} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
    return result


def stop_container(container_id: str) -> None:
    """Stops (SIGTERM, then SIGKILL after 15 s) and removes one container, by its id."""
    podman("stop", "--time", "15", container_id, check=False, timeout=60)
    podman("rm", "--force", "--volumes", container_id, check=False, timeout=60)  # and its anonymous volumes


def container_logs(container_id: str) -> str:
    result = podman("logs", container_id, check=False, timeout=60)
    return result.stdout + result.stderr


# ----- a bare root filesystem -----------------------------------------------------------------

ROOT_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


def chrooted_with_proc(root: Path, command: list[str], userspec: str | None = None) -> list[str]:
    """The command line that runs `command` inside `root` (as `userspec`, user:group, if given)
    with /proc mounted (a Swift program reads its arguments there) in a mount namespace of its
    own, gone with the process: nothing stays mounted. The shell becomes chroot, which becomes
    `command`, so the pid of a process started with it is the command's."""
    chrooted = shlex.join(["chroot", *([f"--userspec={userspec}"] if userspec else []), str(root), *command])
    return ["unshare", "--mount", "--propagation", "private", "sh", "-c",
            f"mount -t proc proc {shlex.quote(str(root / 'proc'))} && exec {chrooted}"]


# ----- the sample environment file ----------------------------------------------------------

def read_env_file(path: Path) -> dict[str, str]:
    """KEY=value lines as systemd, podman and compose read them (no quotes, whole-line comments)."""
    values = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition("=")
        assert sep and re.fullmatch(r"[A-Z][A-Z0-9_]*", key), f"{path}: not KEY=value: {line!r}"
        assert not (value.startswith(('"', "'"))), f"{path}: quoted values are read differently by each tool: {line!r}"
        values[key] = value
    return values


def filled_env_example(replacements: dict[str, str], additions: dict[str, str] | None = None) -> dict[str, str]:
    """deploy/gatehouse.env.example with its CHANGE values replaced for a test: every value that
    names CHANGE must be replaced (so the example holds nothing a test could not fill), each
    replacement must be a setting the example has, and `additions` are the test's own settings
    (a relay's CA file, a port) that the example does not name."""
    example = read_env_file(ENV_EXAMPLE)
    placeholders = {key for key, value in example.items() if "CHANGE" in value}
    assert placeholders <= set(replacements), f"the test leaves placeholders: {sorted(placeholders - set(replacements))}"
    assert set(replacements) <= set(example), f"not in the example: {sorted(set(replacements) - set(example))}"
    assert not set(additions or {}) & set(example), "an addition overrides the example: use replacements"
    return {**example, **replacements, **(additions or {})}


def write_env_file(path: Path, values: dict[str, str]) -> Path:
    path.write_text("".join(f"{key}={value}\n" for key, value in values.items()), encoding="utf-8")
    path.chmod(0o600)
    return path


# ----- waiting ----------------------------------------------------------------------------

def wait_healthy(base_url: str, timeout: float = START_TIMEOUT, alive: Callable[[], str | None] | None = None) -> None:
    """Until GET /health answers 200. `alive` returns why waiting is pointless (the process or
    container ended), or None."""
    deadline = time.monotonic() + timeout
    last = ""
    while time.monotonic() < deadline:
        if alive is not None and (reason := alive()):
            raise AssertionError(f"{base_url}: {reason}")
        try:
            response = httpx.get(f"{base_url}/health", timeout=2.0, trust_env=False)
            if response.status_code == 200:
                return
            last = f"{response.status_code} {response.text[:200]}"
        except httpx.HTTPError as error:
            last = repr(error)
        time.sleep(0.25)
    raise AssertionError(f"{base_url}/health did not answer 200 within {timeout:.0f} s (last: {last})")


# ----- the journey --------------------------------------------------------------------------

@dataclass
class Mail:
    to: list[str]
    subject: str
    text: str


def parse_mail(raw: bytes | str) -> Mail:
    message = email.message_from_bytes(raw.encode() if isinstance(raw, str) else raw, policy=email.policy.default)
    body = message.get_body(preferencelist=("plain",))
    return Mail(to=[str(message["To"])], subject=str(message["Subject"]), text=body.get_content() if body else "")


def code_in(mail: Mail) -> str:
    match = CODE.search(mail.text)
    assert match, f"no 6-digit code in {mail.subject!r}:\n{mail.text}"
    return match.group(1)


class Journey:
    """Sign-up, confirmation by the emailed code, sign-in, and a reset by the emailed code, through
    the GoTrue API at `base_url`. `mails(address)` returns the messages to an address so far, oldest
    first."""

    def __init__(self, base_url: str, mails: Callable[[str], list[Mail]]):
        self.base_url = base_url.rstrip("/")
        self.mails = mails
        self.email = f"pack-{uuid.uuid4().hex[:12]}@example.com"
        self.password = "journey-" + uuid.uuid4().hex
        self.http = httpx.Client(base_url=self.base_url, timeout=HTTP_TIMEOUT, trust_env=False,
                                 headers={"X-Supabase-Api-Version": "2024-01-01"})

    def close(self) -> None:
        self.http.close()

    def wait_mail(self, count: int) -> Mail:
        """The `count`-th message to the journey's address (bounded wait)."""
        deadline = time.monotonic() + MAIL_TIMEOUT
        while True:
            found = self.mails(self.email)
            if len(found) >= count:
                return found[count - 1]
            assert time.monotonic() < deadline, f"no message {count} to {self.email} within {MAIL_TIMEOUT:.0f} s"
            time.sleep(0.2)

    def sign_up_and_confirm(self) -> None:
        response = self.http.post("/auth/v1/signup", json={"email": self.email, "password": self.password})
        assert response.status_code == 200, response.text
        if response.json().get("access_token"):
            return  # autoconfirm: nothing to confirm
        code = code_in(self.wait_mail(1))
        response = self.http.post("/auth/v1/verify", json={"type": "signup", "email": self.email, "token": code})
        assert response.status_code == 200, response.text
        assert response.json()["user"]["email_confirmed_at"], response.text

    def sign_in(self, password: str | None = None) -> httpx.Response:
        return self.http.post("/auth/v1/token", params={"grant_type": "password"},
                              json={"email": self.email, "password": password or self.password})

    def reset_password(self, mails_before: int) -> None:
        response = self.http.post("/auth/v1/recover", json={"email": self.email})
        assert response.status_code == 200, response.text
        code = code_in(self.wait_mail(mails_before + 1))
        response = self.http.post("/auth/v1/verify", json={"type": "recovery", "email": self.email, "token": code})
        assert response.status_code == 200, response.text
        token = response.json()["access_token"]
        new_password = "reset-" + uuid.uuid4().hex
        response = self.http.put("/auth/v1/user", json={"password": new_password},
                                 headers={"Authorization": f"Bearer {token}"})
        assert response.status_code == 200, response.text
        old, self.password = self.password, new_password
        assert self.sign_in(old).status_code == 400

    def run(self) -> None:
        """The whole journey; each step asserts its answer."""
        health = self.http.get("/health")
        assert health.status_code == 200, health.text
        self.sign_up_and_confirm()
        mails = len(self.mails(self.email))
        signed_in = self.sign_in()
        assert signed_in.status_code == 200, signed_in.text
        me = self.http.get("/auth/v1/user", headers={"Authorization": f"Bearer {signed_in.json()['access_token']}"})
        assert me.status_code == 200 and me.json()["email"] == self.email, me.text
        self.reset_password(mails)
        assert self.sign_in().status_code == 200
