"""The image of the repository's Containerfile (built from the release archive on a Debian base
made from Debian's packages): a non-root user, a data volume, a health check that reports healthy,
and a smoke test through the published port: sign-up with the emailed confirmation, sign-in and
a password reset, mail going to an SMTP relay on the host (STARTTLS, AUTH) as configured by
deploy/gatehouse.env.example; the data survives a new container on the same volume."""

from __future__ import annotations

import json
import time
import uuid

import pytest

from packaging_support import (
    Journey, container_logs, filled_env_example, parse_mail, podman, stop_container, wait_healthy, write_env_file,
)

from gatehouse_server import free_port  # noqa: E402
from smtp_sink import SMTPSink, make_tls_files  # noqa: E402

# With slirp4netns, the host's loopback is 10.0.2.2 inside the container: the relay stays on
# 127.0.0.1 and the published port too.
HOST_FROM_CONTAINER = "10.0.2.2"
NETWORK = "slirp4netns:allow_host_loopback=true"
HEALTHY_TIMEOUT = 60.0


def test_the_image_runs_as_a_user_with_a_volume_and_a_health_check(gatehouse_image):
    (image,) = json.loads(podman("image", "inspect", gatehouse_image).stdout)
    config = image["Config"]
    assert config["User"] not in ("", "0", "root", "root:root") and not config["User"].startswith("0:")
    assert "/var/lib/gatehouse" in config["Volumes"]
    assert config["Entrypoint"] == ["/usr/local/bin/gatehouse"] and config["Cmd"] == ["serve"]
    assert "GATEHOUSE_ENV=production" in config["Env"]
    health = image.get("Healthcheck") or config.get("Healthcheck") or {}
    assert health.get("Test", [""])[0] == "CMD" and "/health/ready" in " ".join(health["Test"]), image
    uid = podman("run", "--rm", "--entrypoint", "id", gatehouse_image, "-u").stdout.strip()
    assert uid != "0"


@pytest.fixture
def relay(tmp_path):
    tls = make_tls_files(tmp_path / "tls", san=f"IP:{HOST_FROM_CONTAINER}")
    sink = SMTPSink(tls=tls, credentials=("gatehouse-relay", "relay-password")).start()
    yield sink, tls
    sink.stop()


@pytest.fixture
def volume():
    name = f"gatehouse-test-data-{uuid.uuid4().hex[:10]}"
    podman("volume", "create", name)
    yield name
    podman("volume", "rm", "--force", name, check=False)


def run_container(image: str, env_file, volume: str, ca, port: int) -> str:
    return podman(
        "run", "--detach", "--network", NETWORK, "--publish", f"127.0.0.1:{port}:9999",
        "--env-file", str(env_file), "--volume", f"{volume}:/var/lib/gatehouse",
        "--volume", f"{ca}:/etc/gatehouse-relay-ca.pem:ro", image,
    ).stdout.strip()


def wait_health_status(container: str, wanted: str) -> None:
    """Runs the image's HEALTHCHECK (as the engine's timer would) until it reports `wanted`."""
    deadline = time.monotonic() + HEALTHY_TIMEOUT
    while True:
        result = podman("healthcheck", "run", container, check=False, timeout=60)
        status = "healthy" if result.returncode == 0 else "unhealthy"
        if status == wanted:
            return
        assert time.monotonic() < deadline, f"health check still {status}: {result.stdout}{result.stderr}"
        time.sleep(0.5)


def test_a_container_signs_up_confirms_and_resets_by_email(gatehouse_image, relay, volume, tmp_path):
    sink, tls = relay
    env_file = write_env_file(tmp_path / "gatehouse.env", filled_env_example(
        {
            "GATEHOUSE_JWT_SECRET": "c" * 48,
            "GATEHOUSE_EXTERNAL_URL": "https://auth.example.test",
            "GATEHOUSE_SITE_URL": "https://app.example.test",
            "GATEHOUSE_SMTP_HOST": HOST_FROM_CONTAINER,
            "GATEHOUSE_SMTP_PORT": str(sink.port),
            "GATEHOUSE_SMTP_USERNAME": sink.credentials[0],
            "GATEHOUSE_SMTP_PASSWORD": sink.credentials[1],
        },
        {"GATEHOUSE_SMTP_CA_FILE": "/etc/gatehouse-relay-ca.pem"},
    ))
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    container = run_container(gatehouse_image, env_file, volume, tls.ca, port)
    try:
        wait_healthy(base, alive=lambda: _ended(container))
        wait_health_status(container, "healthy")
        journey = Journey(base, lambda address: [parse_mail(m.raw) for m in sink.messages(to=address)])
        try:
            journey.run()
        finally:
            journey.close()
        assert all(m.tls and m.auth_user == "gatehouse-relay" for m in sink.messages())
    finally:
        logs = container_logs(container)
        stop_container(container)
    assert "c" * 48 not in logs

    # A new container on the same volume has the same account.
    container = run_container(gatehouse_image, env_file, volume, tls.ca, port)
    try:
        wait_healthy(base, alive=lambda: _ended(container))
        again = Journey(base, lambda address: [])
        again.email, again.password = journey.email, journey.password
        try:
            assert again.sign_in().status_code == 200
        finally:
            again.close()
        state = podman("inspect", "--format", "{{.State.Status}}", container).stdout.strip()
        assert state == "running"
    finally:
        stop_container(container)


def _ended(container: str) -> str | None:
    state = podman("inspect", "--format", "{{.State.Status}} {{.State.ExitCode}}", container, check=False).stdout.strip()
    if state.startswith("running") or state.startswith("created"):
        return None
    return f"container {state}:\n{container_logs(container)}"
