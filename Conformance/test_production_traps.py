"""The traps an operator following the README fell into, through the real binary: production
without a public `GATEHOUSE_EXTERNAL_URL`, `gatehouse config` printing placeholders,
`gatehouse settings --json`, configuration errors without the accepted values (and with a bare
usage line), and `gatehouse users …` quietly making a database where there is none."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from gatehouse_server import free_port

RUN_TIMEOUT = 30  # seconds; a server that wrongly starts is killed by subprocess.run
USAGE, NOT_FOUND = 64, 2


def run(harness, *arguments: str, env: dict[str, str] | None = None, cwd: Path | None = None):
    clean = {k: v for k, v in os.environ.items() if not k.startswith("GATEHOUSE_")}
    clean.update(env or {})
    return subprocess.run([str(harness.binary), *arguments], env=clean, cwd=cwd, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=RUN_TIMEOUT)


def production(tmp_path: Path, **extra: str) -> dict[str, str]:
    return {
        "GATEHOUSE_ENV": "production", "GATEHOUSE_HOST": "127.0.0.1", "GATEHOUSE_PORT": str(free_port()),
        "GATEHOUSE_DATA_DIR": str(tmp_path / "data"), "GATEHOUSE_JWT_SECRET": "s" * 40,
        "GATEHOUSE_SMTP_HOST": "127.0.0.1", **extra,
    }


@pytest.mark.parametrize("external_url", [None, "http://127.0.0.1:9999", "http://localhost:8080"])
def test_production_refuses_to_start_without_a_public_external_url(harness, tmp_path, external_url):
    extra = {"GATEHOUSE_EXTERNAL_URL": external_url} if external_url else {}
    result = run(harness, "serve", env=production(tmp_path, **extra), cwd=tmp_path)
    assert result.returncode == USAGE, (result.returncode, result.stderr)
    assert "configuration: GATEHOUSE_EXTERNAL_URL" in result.stderr, result.stderr
    assert "Usage:" not in result.stderr, result.stderr


def test_a_bad_value_lists_the_accepted_values_without_a_usage_line(harness, tmp_path):
    env = {"GATEHOUSE_DATA_DIR": str(tmp_path / "data"), "GATEHOUSE_JWT_SECRET": "s" * 40, "GATEHOUSE_LOG_LEVEL": "loud"}
    result = run(harness, "serve", env=env, cwd=tmp_path)
    assert result.returncode == USAGE, (result.returncode, result.stderr)
    assert ("configuration: GATEHOUSE_LOG_LEVEL=loud is not a valid value; "
            "accepted: trace, debug, info, notice, warning, error, critical") in result.stderr, result.stderr
    assert "Usage:" not in result.stderr and "--help" not in result.stderr, result.stderr


def test_config_prints_effective_values_not_placeholders(harness, tmp_path):
    port = free_port()
    env = {"GATEHOUSE_DATA_DIR": str(tmp_path / "data"), "GATEHOUSE_PORT": str(port)}
    result = run(harness, "config", "--json", env=env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    settings = {entry["name"]: entry for entry in json.loads(result.stdout)}
    assert settings["GATEHOUSE_EXTERNAL_URL"]["value"] == f"http://127.0.0.1:{port}"
    assert settings["GATEHOUSE_SITE_URL"]["value"] == f"http://127.0.0.1:{port}"
    assert settings["GATEHOUSE_DATABASE_URL"]["value"] == f"sqlite://{tmp_path / 'data'}/gatehouse.sqlite"
    secret = settings["GATEHOUSE_JWT_SECRET"]
    assert secret["value"] == "********" and secret["source"] == "generated", secret
    generated = (tmp_path / "data" / "jwt-secret").read_text().strip()
    assert generated not in result.stdout
    for entry in settings.values():
        value = entry["value"]
        assert "HOST:PORT" not in value and "generated in development" not in value, entry
        assert "`" not in value, entry
    text = run(harness, "config", env=env, cwd=tmp_path)
    assert f"http://127.0.0.1:{port}" in text.stdout and "HOST:PORT" not in text.stdout


def test_settings_json_is_config_json(harness, tmp_path):
    env = {"GATEHOUSE_DATA_DIR": str(tmp_path / "data"), "GATEHOUSE_JWT_EXPIRY": "1800"}
    config = run(harness, "config", "--json", env=env, cwd=tmp_path)
    settings = run(harness, "settings", "--json", env=env, cwd=tmp_path)
    assert settings.returncode == 0, settings.stderr
    assert json.loads(settings.stdout) == json.loads(config.stdout)


def test_users_without_a_database_says_so_and_creates_nothing(harness, tmp_path):
    env = {"GATEHOUSE_JWT_SECRET": "s" * 40}
    result = run(harness, "users", "list", env=env, cwd=tmp_path)
    assert result.returncode == NOT_FOUND, (result.returncode, result.stdout, result.stderr)
    assert "no Gatehouse database" in result.stderr, result.stderr
    assert "GATEHOUSE_DATA_DIR" in result.stderr, result.stderr
    assert not (tmp_path / ".gatehouse" / "gatehouse.sqlite").exists()
