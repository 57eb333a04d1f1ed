"""Settings through the real binary: `gatehouse settings` prints the settings reference's table
(docs/reference/settings.md) from the one settings list, and a bad value stops `gatehouse serve`
before it listens, with a message naming the variable and the values it takes (exit code 64, a usage
error, without a usage line)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from gatehouse_server import free_port

REPO_ROOT = Path(__file__).resolve().parent.parent
BEGIN = "<!-- settings-table:begin"
END = "<!-- settings-table:end -->"
RUN_TIMEOUT = 30  # seconds; a server that wrongly starts is killed by subprocess.run


def run(harness, *arguments: str, env: dict[str, str] | None = None, cwd: Path | None = None):
    clean = {k: v for k, v in os.environ.items() if not k.startswith("GATEHOUSE_")}
    clean.update(env or {})
    return subprocess.run([str(harness.binary), *arguments], env=clean, cwd=cwd, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=RUN_TIMEOUT)


def test_the_reference_table_is_what_gatehouse_settings_prints(harness):
    readme = (REPO_ROOT / "docs" / "reference" / "settings.md").read_text(encoding="utf-8")
    begin = readme.index(BEGIN)
    end = readme.index(END, begin) + len(END) + 1
    result = run(harness, "settings", "--readme")
    assert result.returncode == 0, result.stderr
    assert result.stdout == readme[begin:end]


def test_every_setting_is_listed_in_the_terminal_form(harness):
    table = run(harness, "settings", "--markdown").stdout
    names = [line.split("`")[1] for line in table.splitlines()[2:]]
    assert len(names) > 40 and all(name.startswith("GATEHOUSE_") for name in names)
    plain = run(harness, "settings").stdout
    assert all(f"{name}  default: " in plain for name in names)


@pytest.mark.parametrize("setting, expected", [
    ({"GATEHOUSE_PORT": "70000"}, "GATEHOUSE_PORT must be between 0 and 65535"),
    ({"GATEHOUSE_AUTOCONFIRM": "maybe"}, "GATEHOUSE_AUTOCONFIRM=maybe is not a valid value"),
    ({"GATEHOUSE_SESSIONS_TIMEBOX": "soon"}, "GATEHOUSE_SESSIONS_TIMEBOX=soon is not a valid value"),
    ({"GATEHOUSE_MAIL_TRANSPORT": "smtp"}, "GATEHOUSE_SMTP_HOST is required with GATEHOUSE_MAIL_TRANSPORT=smtp"),
    ({"GATEHOUSE_MAIL_TRANSPORT": "smtp", "GATEHOUSE_SMTP_HOST": "127.0.0.1", "GATEHOUSE_SMTP_SECURITY": "ssl"},
     "GATEHOUSE_SMTP_SECURITY must be starttls, tls or plain"),
    ({"GATEHOUSE_JWT_SECRET": "too-short"}, "GATEHOUSE_JWT_SECRET must be at least 32 characters"),
])
def test_a_bad_value_stops_the_start_naming_the_variable(harness, tmp_path, setting, expected):
    env = {
        "GATEHOUSE_HOST": "127.0.0.1", "GATEHOUSE_PORT": str(free_port()), "GATEHOUSE_DATA_DIR": str(tmp_path / "data"),
        "GATEHOUSE_JWT_SECRET": "s" * 32, **setting,
    }
    result = run(harness, "serve", env=env, cwd=tmp_path)
    assert result.returncode == 64, (result.returncode, result.stderr)
    assert "configuration: " + expected in result.stderr, result.stderr
    assert "Usage:" not in result.stderr, result.stderr
