"""Throwaway PostgreSQL databases for servers under test: one per server start, created and
dropped with the psql CLI in the test cluster (scripts/postgres.sh starts one)."""

from __future__ import annotations

import os
import shutil
import subprocess
import urllib.parse
import uuid

PSQL_TIMEOUT = 60.0


def with_password(url: str, password: str) -> str:
    """The URL with its userinfo password replaced (percent-encoded)."""
    parts = urllib.parse.urlsplit(url)
    user = parts.username or ""
    netloc = f"{user}:{urllib.parse.quote(password, safe='')}@{parts.hostname}:{parts.port}"
    return urllib.parse.urlunsplit(parts._replace(netloc=netloc))


class PostgresDatabases:
    """Creates and drops uniquely named databases in the test cluster with the psql CLI."""

    def __init__(self, cluster_url: str, psql: str):
        self.cluster_url = cluster_url
        self.psql = psql

    def _url_for(self, database: str) -> str:
        parts = urllib.parse.urlsplit(self.cluster_url)
        return urllib.parse.urlunsplit(parts._replace(path="/" + database))

    def _run(self, sql: str) -> None:
        env = dict(os.environ, PGCONNECT_TIMEOUT="10")
        result = subprocess.run(
            [self.psql, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", self._url_for("postgres"), "-c", sql],
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=PSQL_TIMEOUT,
        )
        if result.returncode != 0:
            raise RuntimeError(f"psql failed ({sql}): {result.stderr.strip()}")

    def create(self) -> tuple[str, str]:
        name = "gh_" + uuid.uuid4().hex[:16]
        self._run(f'CREATE DATABASE "{name}"')
        return name, self._url_for(name)

    def drop(self, name: str) -> None:
        self._run(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def find_psql() -> str | None:
    for candidate in ("/usr/lib/postgresql/15/bin/psql", shutil.which("psql")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None
