"""Helpers of the cluster tests: users made through the admin API, official clients that record
which instance served each call, concurrent requests, and waiting for the SMTP sink."""

from __future__ import annotations

import time
import uuid
from concurrent.futures import ThreadPoolExecutor

import httpx
from supabase_auth import SyncGoTrueClient

PASSWORD = "correct-horse-battery"


def unique_email(prefix: str = "cluster") -> str:
    return f"{prefix}-{uuid.uuid4().hex[:10]}@example.com"


def create_users(cluster, count: int) -> list[str]:
    """`count` confirmed accounts (admin API through nginx); their addresses."""
    emails = [unique_email() for _ in range(count)]
    for email in emails:
        response = cluster.request(
            "POST", "admin/users", headers=cluster.admin_headers(),
            json={"email": email, "password": PASSWORD, "email_confirm": True},
        )
        assert response.status_code == 200, response.text
    return emails


class ServedBy:
    """An httpx client for the official client that notes, for each call, the path and the
    instance nginx sent it to."""

    def __init__(self, cluster):
        self.cluster = cluster
        self.calls: list[tuple[str, int]] = []
        self.http = httpx.Client(timeout=30.0, trust_env=False, event_hooks={"response": [self._record]})

    def _record(self, response: httpx.Response) -> None:
        self.calls.append((response.request.url.path, self.cluster.instance_at(response.headers["X-Served-By"])))

    def instances_for(self, path_suffix: str) -> list[int]:
        return [instance for path, instance in self.calls if path.endswith(path_suffix)]

    def client(self) -> SyncGoTrueClient:
        return SyncGoTrueClient(url=self.cluster.auth_url, auto_refresh_token=False, http_client=self.http)


def recover_all(cluster, emails: list[str], forwarded_for) -> list[httpx.Response]:
    """POST /recover for every address at once (`forwarded_for(i)`: the i-th client's address)."""
    def one(index: int) -> httpx.Response:
        return cluster.request("POST", "recover", json={"email": emails[index]}, forwarded_for=forwarded_for(index))

    with ThreadPoolExecutor(max_workers=min(16, len(emails))) as pool:
        return list(pool.map(one, range(len(emails))))


def wait_for_mail(sink, emails: list[str], timeout: float) -> None:
    """Waits (bounded) until every address has at least one message."""
    deadline = time.monotonic() + timeout
    while True:
        missing = [e for e in emails if not sink.messages(to=e)]
        if not missing:
            return
        assert time.monotonic() < deadline, f"no mail within {timeout} s for {len(missing)} of {len(emails)}: {missing[:3]}"
        time.sleep(0.1)


def outbox_rows(cluster, emails: list[str]) -> list[tuple[str, int]]:
    """(state, attempts) of the recovery jobs for these addresses (a job's payload is its JSON,
    `{"recovery": {"email": …}}`)."""
    quoted = ",".join("'" + e.replace("'", "''") + "'" for e in emails)
    text = cluster.psql(
        "SELECT state || '|' || attempts FROM outbox "
        f"WHERE kind = 'recovery' AND payload::json->'recovery'->>'email' IN ({quoted})"
    )
    return [(line.split("|")[0], int(line.split("|")[1])) for line in text.splitlines() if line]
