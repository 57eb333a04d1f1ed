"""The OpenAPI document, checked against a real server.

- `GET /openapi.json` is a valid OpenAPI 3.1 document (openapi-spec-validator), and it is the
  document the repository holds (`openapi/openapi.json` plus `openapi/fragments/*.json`).
- schemathesis generates requests for every operation of it and checks each answer: no 5xx
  (`not_a_server_error`), a documented status (`status_code_conformance`) and a body matching the
  documented schema (`response_schema_conformance`). Deterministic generation, so a CI run is
  reproducible; the settings keep the per-IP limits, the sign-in failure budget and the email
  send window out of the way (their 429s are documented, but would hide the handlers). Each case
  gets the credentials its operation asks for (Conformance/schemathesis_hooks.py).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from openapi_spec_validator import validate

REPO = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent

FUZZ_SETTINGS = {
    "signin_failure_limit": 0,
    "email_send_window": 0,
    "rate_limit_anonymous_users": 0,
    "external_anonymous_users_enabled": True,
    "log_level": "error",
}
# At least 2,000 cases in all: about 25 an operation (and the coverage phase) over 100 operations, in 1 to 3 minutes.
MAX_EXAMPLES = 25
MINIMUM_CASES = 2000
CHECKS = "not_a_server_error,response_schema_conformance,status_code_conformance"
RUN_TIMEOUT = 900  # seconds for the schemathesis run (about 3 minutes on 2 busy cores, one worker)


@pytest.fixture(scope="module")
def fuzz_server(module_servers):
    return module_servers.start(**FUZZ_SETTINGS)


def operations(document: dict) -> set[str]:
    methods = {"get", "put", "post", "delete", "patch", "options", "head", "trace"}
    return {f"{method.upper()} {path}" for path, item in document["paths"].items() for method in item if method in methods}


def test_served_document_is_valid_openapi_31_and_the_repository_document(fuzz_server):
    answer = httpx.get(fuzz_server.url("/openapi.json"), timeout=10.0, trust_env=False)
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/json"
    document = answer.json()
    assert document["openapi"].startswith("3.1.")
    validate(document)  # raises on any violation of the OpenAPI 3.1 schema

    expected = operations(json.loads((REPO / "openapi" / "openapi.json").read_text()))
    for fragment in sorted((REPO / "openapi" / "fragments").glob("*.json")):
        expected |= operations(json.loads(fragment.read_text()))
    assert operations(document) == expected


@pytest.mark.timeout(RUN_TIMEOUT + 60)
def test_schemathesis_finds_nothing(fuzz_server, tmp_path):
    schemathesis = Path(sys.executable).parent / "schemathesis"
    assert schemathesis.is_file(), f"schemathesis is not installed beside {sys.executable} (Conformance/requirements.txt)"
    report = tmp_path / "schemathesis.ndjson"
    # The served document, from a file: given the URL, schemathesis leaves out the operation that
    # serves the schema itself (GET /openapi.json), and that one is tested too.
    served = httpx.get(fuzz_server.url("/openapi.json"), timeout=10.0, trust_env=False).json()
    schema = tmp_path / "openapi.json"
    schema.write_text(json.dumps(served))
    env = {
        **os.environ,
        "SCHEMATHESIS_HOOKS": "schemathesis_hooks",
        "PYTHONPATH": str(HERE),
        "GATEHOUSE_FUZZ_URL": fuzz_server.root_url,
        "GATEHOUSE_FUZZ_JWT_SECRET": fuzz_server.jwt_secret,
        "NO_COLOR": "1",
    }
    command = [
        str(schemathesis), "run", str(schema), "--url", fuzz_server.root_url,
        "--checks", CHECKS,
        "--phases", "examples,coverage,fuzzing",
        "--max-examples", str(MAX_EXAMPLES),
        "--generation-deterministic",
        # One worker: Hypothesis's internal caches are not thread-safe (its documented policy), and
        # with two worker threads a CI run crashed inside hypothesis.internal.lambda_sources.
        "--workers", "1",
        "--request-timeout", "30",
        "--no-color",
        "--report", "ndjson", "--report-ndjson-path", str(report),
    ]
    try:
        run = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=RUN_TIMEOUT)
    except subprocess.TimeoutExpired as error:
        pytest.fail(f"schemathesis ran over {RUN_TIMEOUT} s\n{(error.stdout or '')[-4000:]}")
    output = run.stdout + run.stderr
    assert run.returncode == 0, f"schemathesis found problems (exit {run.returncode}):\n{output[-12000:]}"

    generated = re.search(r"(\d+) generated", output)
    assert generated, output[-3000:]
    assert int(generated.group(1)) >= MINIMUM_CASES, output[-3000:]
    tested = re.search(r"Tested: (\d+)", output)
    assert tested and int(tested.group(1)) == len(operations(served)), output[-3000:]
    print(f"schemathesis: {generated.group(1)} cases over {tested.group(1)} operations")
