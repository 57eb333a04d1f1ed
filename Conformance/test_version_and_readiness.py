"""The release surface of a real process: `gatehouse --version`, the build's version in `/health`
and in `/metrics` (`gatehouse_build_info`), readiness at `/health/ready`, a scrape whose every family
has `# HELP` and `# TYPE` with the process's own metrics, preflights counted under their route,
and JSON log lines whose numbers are numbers and whose request id has the text format's key."""

from __future__ import annotations

import json
import os
import re
import subprocess
import time

import httpx

from support import new_user_with_session, unique_email

SAMPLE = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})? (\S+)$')


def get(server, path: str, **kwargs) -> httpx.Response:
    with httpx.Client(timeout=15.0, trust_env=False) as http:
        return http.get(server.url(path), **kwargs)


def families(text: str) -> tuple[set[str], dict[str, str], dict[str, float]]:
    """(names with # HELP, # TYPE by name, value by sample name and labels)."""
    helped, typed, values = set(), {}, {}
    for line in text.splitlines():
        if line.startswith("# HELP "):
            parts = line.split(" ", 3)
            if len(parts) == 4 and parts[3]:
                helped.add(parts[2])
        elif line.startswith("# TYPE "):
            _, _, name, kind = line.split(" ")
            typed[name] = kind
        elif line:
            match = SAMPLE.match(line)
            assert match, f"not a Prometheus sample line: {line!r}"
            values[match.group(1) + (match.group(2) or "")] = float(match.group(3))
    return helped, typed, values


def family_of(sample: str, typed: dict[str, str]) -> str:
    name = sample.split("{", 1)[0]
    for suffix in ("_bucket", "_count", "_sum"):
        if name.endswith(suffix) and typed.get(name[: -len(suffix)]) == "histogram":
            return name[: -len(suffix)]
    return name


def test_version_is_one_value_everywhere(server):
    clean = {k: v for k, v in os.environ.items() if not k.startswith("GATEHOUSE_")}
    printed = subprocess.run([str(server.config.binary), "--version"], env=clean, capture_output=True, text=True,
                             timeout=30, stdin=subprocess.DEVNULL)
    assert printed.returncode == 0, printed.stderr
    match = re.fullmatch(r"gatehouse (\d+\.\d+\.\d+\S*) \(commit ([0-9A-Za-z._-]+)\)\n", printed.stdout)
    assert match, printed.stdout
    version, commit = match.groups()
    assert get(server, "/health").json()["version"] == version
    _, typed, values = families(get(server, "/metrics").text)
    assert typed.get("gatehouse_build_info") == "gauge"
    assert any(name.startswith("gatehouse_build_info{") and f'version="{version}"' in name and f'commit="{commit}"' in name
               and value == 1 for name, value in values.items()), values


def test_readiness(server):
    ready = get(server, "/health/ready")
    assert ready.status_code == 200, ready.text
    assert ready.headers["content-type"] == "application/json"
    assert ready.json() == {"status": "ready", "database": "reachable", "migrations": "current"}
    assert get(server, "/health").status_code == 200


def test_every_family_is_described_and_the_process_is_measured(server):
    new_user_with_session(server, unique_email("families"))
    helped, typed, values = families(get(server, "/metrics").text)
    sampled = {family_of(name, typed) for name in values}
    assert len(sampled) >= 8, sampled
    assert sampled <= helped, f"without # HELP: {sorted(sampled - helped)}"
    assert sampled <= typed.keys(), f"without # TYPE: {sorted(sampled - typed.keys())}"
    for name, kind in [("process_cpu_seconds_total", "counter"), ("process_resident_memory_bytes", "gauge"),
                       ("process_open_fds", "gauge"), ("process_max_fds", "gauge"), ("process_start_time_seconds", "gauge")]:
        assert typed.get(name) == kind, (name, typed.get(name))
        assert values.get(name, 0) > 0, (name, values.get(name))
    started = values["process_start_time_seconds"]
    assert started <= time.time() + 1
    pid_start = os.stat(f"/proc/{server.proc.pid}").st_mtime
    assert abs(started - pid_start) < 60, (started, pid_start)
    assert values["process_open_fds"] <= values["process_max_fds"]
    rss = int(open(f"/proc/{server.proc.pid}/statm").read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    assert 0.5 * rss <= values["process_resident_memory_bytes"] <= 2 * rss


def test_preflights_are_counted_under_their_route(server_factory):
    server = server_factory.start(site_url="https://app.example.com")
    with httpx.Client(timeout=15.0, trust_env=False) as http:
        preflight = http.options(server.url("/auth/v1/token"),
                                 headers={"Origin": "https://app.example.com", "Access-Control-Request-Method": "POST"})
        assert preflight.status_code < 300, preflight.text
        assert preflight.headers["access-control-allow-origin"] == "https://app.example.com"
    _, _, values = families(get(server, "/metrics").text)
    counted = [name for name in values if name.startswith("gatehouse_http_requests_total{") and 'method="OPTIONS"' in name]
    assert counted and all('route="/auth/v1/token"' in name for name in counted), counted


def test_json_log_lines_have_numbers_and_request_id(server_factory):
    server = server_factory.start(log_format="json")
    reply = get(server, "/auth/v1/settings")
    request_id = reply.headers["x-request-id"]
    deadline = time.monotonic() + 10
    line = None
    while line is None and time.monotonic() < deadline:
        for text in server.log_text().splitlines():
            if text.startswith("{") and request_id in text:
                line = json.loads(text)
        if line is None:
            time.sleep(0.1)
    assert line is not None, server.log_tail()
    assert line["request_id"] == request_id
    assert line["status"] == 200 and isinstance(line["status"], int), line
    assert isinstance(line["duration_ms"], (int, float)), line
    assert not any(key.startswith("hb.") for key in line), line


def test_text_log_lines_name_the_request_id_alike(server):
    reply = get(server, "/auth/v1/settings")
    request_id = reply.headers["x-request-id"]
    deadline = time.monotonic() + 10
    while f"request_id={request_id}" not in server.log_text() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert f"request_id={request_id}" in server.log_text(), server.log_tail()
    assert "hb.request.id" not in server.log_text()
