"""deploy/'s compose files run with podman-compose: the single container on SQLite, and three
instances on PostgreSQL behind nginx (postgres and nginx are stand-ins built from Debian's
packages under the official images' names; the role and database made by
deploy/postgres/create-database.sql; nginx configured by deploy/cluster/nginx.conf). Each
deployment completes the journey (sign-up confirmed by email, sign-in, reset by email) with the
settings of deploy/gatehouse.env.example; mail goes to an SMTP sink container."""

from __future__ import annotations

import json
import secrets
import time

import httpx
import pytest

from compose_project import ComposeProject
from mailsink import mails_to
from packaging_support import Journey, filled_env_example, podman, wait_healthy, write_env_file

from gatehouse_server import free_port  # noqa: E402

INSTANCES = ("gatehouse-1", "gatehouse-2", "gatehouse-3")
SPREAD_REQUESTS = 12
READY_TIMEOUT = 120.0  # seconds: PostgreSQL's first start, then the instances (restarted until it is up)


def env_for_sink(secret: str) -> dict[str, str]:
    """The example filled in for a deployment whose relay is the sink container `mail`."""
    return filled_env_example({
        "GATEHOUSE_JWT_SECRET": secret,
        "GATEHOUSE_EXTERNAL_URL": "https://auth.example.test",
        "GATEHOUSE_SITE_URL": "https://app.example.test",
        "GATEHOUSE_SMTP_HOST": "mail",
        "GATEHOUSE_SMTP_PORT": "25",
        "GATEHOUSE_SMTP_SECURITY": "plain",
        "GATEHOUSE_SMTP_USERNAME": "",
        "GATEHOUSE_SMTP_PASSWORD": "",
    })


def sink_overlay(networks: list[str] | None = None) -> dict:
    service = {"image": "localhost/gatehouse-test/mailsink:latest"}
    if networks:
        service["networks"] = networks
    return {"services": {"mail": service}}


@pytest.fixture
def project_factory():
    made: list[ComposeProject] = []

    def make(*args, **kwargs) -> ComposeProject:
        project = ComposeProject(*args, **kwargs)
        made.append(project)
        return project

    yield make
    for project in made:
        project.down()


def run_journey(base: str, project: ComposeProject) -> Journey:
    sink = project.container_ids()["mail"]
    journey = Journey(base, lambda address: mails_to(sink, address))
    try:
        journey.run()
    except BaseException:
        print(project.all_logs())
        raise
    finally:
        journey.close()
    return journey


def test_one_container_on_sqlite(gatehouse_image, standin_images, project_factory, tmp_path):
    port = free_port()
    project = project_factory(tmp_path, "single/compose.yaml",
                              {"GATEHOUSE_IMAGE": gatehouse_image, "GATEHOUSE_PUBLISH": f"127.0.0.1:{port}"},
                              overlay=sink_overlay())
    write_env_file(project.deploy / "gatehouse.env", env_for_sink(secrets.token_urlsafe(36)))
    project.up()
    base = f"http://127.0.0.1:{port}"
    wait_healthy(base, alive=lambda: None)
    wait_reachable(project, "gatehouse", "mail/25")
    run_journey(base, project)
    # The database is on the named volume.
    gatehouse = project.container_ids()["gatehouse"]
    mounts = json.loads(podman("inspect", "--format", "{{json .Mounts}}", gatehouse).stdout)
    assert any(m["Destination"] == "/var/lib/gatehouse" and m["Type"] == "volume" for m in mounts), mounts


def wait_instances_healthy(project: ComposeProject) -> None:
    """Until every instance's own HEALTHCHECK passes (PostgreSQL's first start makes them restart)."""
    deadline = time.monotonic() + READY_TIMEOUT
    pending = set(INSTANCES)
    while pending:
        ids = project.container_ids()
        for service in sorted(pending):
            if service in ids and podman("healthcheck", "run", ids[service], check=False, timeout=60).returncode == 0:
                pending.discard(service)
        if pending:
            assert time.monotonic() < deadline, f"not healthy: {sorted(pending)}\n{project.all_logs()}"
            time.sleep(1.0)


def wait_reachable(project: ComposeProject, service: str, target: str) -> None:
    """Until `service`'s container opens a TCP connection to `target` (`name/port`), bounded.
    podman's DNS (aardvark-dns) sometimes answers a name on a new network only after a while."""
    deadline = time.monotonic() + READY_TIMEOUT
    while True:
        cid = project.container_ids()[service]
        probe = podman("exec", cid, "timeout", "5", "bash", "-c", f"exec 3<>/dev/tcp/{target}", check=False, timeout=30)
        if probe.returncode == 0:
            return
        assert time.monotonic() < deadline, f"{service} cannot reach {target}: {probe.stderr}\n{project.all_logs()}"
        time.sleep(1.0)


def test_three_instances_on_postgres_behind_nginx(gatehouse_image, standin_images, project_factory, tmp_path):
    port = free_port()
    secret = secrets.token_urlsafe(36)
    project = project_factory(tmp_path, "cluster/compose.yaml", {
        "GATEHOUSE_IMAGE": gatehouse_image, "GATEHOUSE_PUBLISH": f"127.0.0.1:{port}",
        "POSTGRES_PASSWORD": secrets.token_hex(16), "GATEHOUSE_DB_PASSWORD": secrets.token_hex(16),
    }, overlay=sink_overlay(["backend"]))
    write_env_file(project.deploy / "gatehouse.env", env_for_sink(secret))
    project.up()
    wait_instances_healthy(project)
    for service in INSTANCES:
        wait_reachable(project, service, "mail/25")
    base = f"http://127.0.0.1:{port}"
    wait_healthy(base, alive=lambda: None)

    # The database and role came from create-database.sql; the instances connect as that role.
    postgres = project.logs("postgres")
    assert "10-gatehouse.sql" in postgres and "CREATE DATABASE" in postgres, postgres
    owner = podman("exec", project.container_ids()["postgres"], "psql", "-X", "-A", "-t", "-U", "postgres", "-c",
                   "SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = 'gatehouse'").stdout.strip()
    assert owner == "gatehouse"

    journey = run_journey(base, project)

    # nginx spreads requests over all three instances: each answer's request id (nginx's, passed
    # on as X-Request-Id from a trusted proxy) is on one instance's log lines.
    request_ids = []
    with httpx.Client(timeout=10.0, trust_env=False) as http:
        for _ in range(SPREAD_REQUESTS):
            response = http.get(f"{base}/auth/v1/settings")
            assert response.status_code == 200
            request_ids.append(response.headers["x-request-id"])
    logs = {service: project.logs(service) for service in INSTANCES}
    served = {service for service, text in logs.items() for rid in request_ids if rid in text}
    assert served == set(INSTANCES), f"requests reached only {sorted(served)}"

    # A client cannot choose the address the instances record: nginx replaces X-Forwarded-For.
    forged = "203.0.113.77"
    with httpx.Client(timeout=10.0, trust_env=False) as http:
        response = http.post(f"{base}/auth/v1/token", params={"grant_type": "password"},
                             json={"email": journey.email, "password": journey.password},
                             headers={"X-Forwarded-For": forged})
        assert response.status_code == 200, response.text
        service_key = podman("exec", project.container_ids()["gatehouse-1"], "gatehouse", "keys").stdout
        role_key = next(line.split()[-1] for line in service_key.splitlines() if "service_role" in line)
        audit = http.get(f"{base}/auth/v1/admin/audit", params={"email": journey.email, "action": "login"},
                         headers={"Authorization": f"Bearer {role_key}"})
    assert audit.status_code == 200, audit.text
    addresses = {entry["ip_address"] for entry in audit.json()}
    assert addresses and forged not in addresses, addresses
