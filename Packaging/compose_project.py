"""Runs one of deploy/'s compose files with podman-compose (Debian's), in a copy of deploy/ so the
relative paths the files use (../gatehouse.env, ../postgres/…) resolve as in the repository, under a
project name of its own. Everything it made (containers, network, volumes) is removed by name or
id at the end; containers are stopped by their ids."""

from __future__ import annotations

import shutil
import subprocess
import uuid
from pathlib import Path

import yaml

from packaging_support import DEPLOY, container_logs, podman, podman_env, stop_container

COMPOSE_TIMEOUT = 600


class ComposeProject:
    def __init__(self, workdir: Path, compose: str, variables: dict[str, str], overlay: dict | None = None):
        self.name = f"gatehousetest{uuid.uuid4().hex[:10]}"
        self.deploy = workdir / "deploy"
        shutil.copytree(DEPLOY, self.deploy)
        self.compose_file = self.deploy / compose
        self.files = [self.compose_file]
        if overlay:
            extra = self.compose_file.parent / f"test-overlay-{self.name}.yaml"
            extra.write_text(yaml.safe_dump(overlay), encoding="utf-8")
            self.files.append(extra)
        self.variables = variables
        self.definition = yaml.safe_load(self.compose_file.read_text(encoding="utf-8"))
        self.networks: list[str] = []

    def compose(self, *args: str, timeout: float = COMPOSE_TIMEOUT) -> subprocess.CompletedProcess:
        files = [arg for f in self.files for arg in ("-f", str(f))]
        result = subprocess.run(["podman-compose", "-p", self.name, *files, *args],
                                env={**podman_env(), **self.variables}, cwd=self.compose_file.parent,
                                stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout)
        assert result.returncode == 0, f"podman-compose {' '.join(args)}:\n{result.stdout}\n{result.stderr}"
        return result

    def create_networks_with_their_subnets(self) -> None:
        """Debian's podman-compose (1.0.3) ignores `ipam`: the networks the file declares with a
        subnet are made here with it, under the names podman-compose then finds and uses."""
        for key, network in (self.definition.get("networks") or {}).items():
            subnets = [c["subnet"] for c in ((network or {}).get("ipam") or {}).get("config", []) if "subnet" in c]
            if not subnets:
                continue
            name = f"{self.name}_{key}"
            podman("network", "create", *(arg for s in subnets for arg in ("--subnet", s)),
                   "--label", f"io.podman.compose.project={self.name}", name)
            self.networks.append(name)

    def up(self) -> None:
        self.create_networks_with_their_subnets()
        self.compose("up", "-d")

    def container_ids(self) -> dict[str, str]:
        """service name -> container id, for this project only."""
        out = podman("ps", "--all", "--filter", f"label=io.podman.compose.project={self.name}",
                     "--format", "{{.ID}} {{index .Labels \"com.docker.compose.service\"}}").stdout
        return {service: cid for cid, _, service in (line.partition(" ") for line in out.splitlines() if line)}

    def logs(self, service: str) -> str:
        cid = self.container_ids().get(service)
        return container_logs(cid) if cid else f"(no container for {service})"

    def down(self) -> None:
        ids = self.container_ids()
        for cid in ids.values():
            stop_container(cid)
        networks = podman("network", "ls", "--filter", f"label=io.podman.compose.project={self.name}",
                          "--format", "{{.Name}}", check=False).stdout.split()
        for network in set(networks) | set(self.networks):
            podman("network", "rm", "--force", network, check=False)
        for volume in (self.definition.get("volumes") or {}):
            podman("volume", "rm", "--force", f"{self.name}_{volume}", check=False)

    def all_logs(self) -> str:
        return "\n".join(f"----- {service} -----\n{container_logs(cid)[-4000:]}"
                         for service, cid in self.container_ids().items())

