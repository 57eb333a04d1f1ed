"""Migrations from several instances at once: started together on an empty database (a scaled-up
service, a rolling deploy), every process succeeds and every migration is applied exactly once
(on PostgreSQL the run holds an advisory lock)."""

from __future__ import annotations

import os
import subprocess
import time

from gatehouse_server import PostgresDatabases

STARTS = 8
ROUNDS = 6


def _start(harness, database_url: str, workdir) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GATEHOUSE_")}
    env.update(GATEHOUSE_ENV="production", GATEHOUSE_JWT_SECRET="x" * 48, GATEHOUSE_DATABASE_URL=database_url,
               GATEHOUSE_DATA_DIR=str(workdir), GATEHOUSE_MAIL_TRANSPORT="smtp", GATEHOUSE_SMTP_HOST="127.0.0.1",
               GATEHOUSE_EXTERNAL_URL="https://auth.gatehouse.test")
    # Each waits at a barrier (a line on its standard input) so that all start migrating together.
    return subprocess.Popen(["sh", "-c", 'read _ && exec "$0" migrate </dev/null', str(harness.binary)], env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)


def _psql(harness, url: str, sql: str) -> str:
    result = subprocess.run([harness.psql, "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", sql],
                            stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_several_processes_migrate_one_empty_database_at_once(harness, tmp_path):
    databases = PostgresDatabases(harness.postgres_url, harness.psql)
    for _ in range(ROUNDS):  # fresh databases: a race has several chances to show
        name, url = databases.create()
        try:
            processes = [_start(harness, url, tmp_path / f"p{i}") for i in range(STARTS)]
            for process in processes:  # the barrier opens
                process.stdin.write(b"go\n")
                process.stdin.close()
                process.stdin = None  # communicate() below reads only
            outputs = []
            deadline = time.monotonic() + 60
            for process in processes:
                try:
                    output, _ = process.communicate(timeout=max(1, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, 9)
                    output, _ = process.communicate(timeout=10)
                outputs.append((process.returncode, output.decode(errors="replace")))
            failed = [text for code, text in outputs if code != 0]
            assert not failed, failed[0][-2000:]
            versions = _psql(harness, url, "SELECT version FROM schema_migrations ORDER BY version").split()
            assert versions and len(versions) == len(set(versions)), versions
            # Each migration was applied by exactly one process: its log line appears once in all.
            applied = sum(text.count("Applied migration") for _, text in outputs)
            assert applied == len(versions), (applied, versions)
        finally:
            databases.drop(name)
