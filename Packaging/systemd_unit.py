"""Reads deploy/systemd/gatehouse.service and starts its ExecStart the way systemd would on a
host without systemd running: as its User and Group, with its UMask, its Environment= lines and
then its EnvironmentFile= (which wins, as in systemd), its StateDirectory made with its mode, all
inside a root filesystem (chroot, with /proc as on any running system)."""

from __future__ import annotations

import os
import shlex
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from packaging_support import ROOT_PATH, chrooted_with_proc, read_env_file


@dataclass
class Unit:
    path: Path
    service: dict[str, list[str]] = field(default_factory=dict)

    @classmethod
    def read(cls, path: Path) -> "Unit":
        unit, section = cls(path), None
        for raw in path.read_text(encoding="utf-8").splitlines():
            line = raw.strip()
            if not line or line.startswith(("#", ";")):
                continue
            if line.startswith("["):
                section = line.strip("[]")
                continue
            key, sep, value = line.partition("=")
            assert sep, f"{path}: not Key=value: {raw!r}"
            if section == "Service":
                unit.service.setdefault(key.strip(), []).append(value.strip())
        return unit

    def one(self, key: str) -> str:
        values = self.service.get(key, [])
        assert len(values) == 1, f"{self.path}: expected one {key}=, found {values}"
        return values[0]

    def environment(self, root: Path) -> dict[str, str]:
        """Environment= assignments in order, then the EnvironmentFile= read inside `root`."""
        env: dict[str, str] = {}
        for line in self.service.get("Environment", []):
            for assignment in shlex.split(line):
                key, _, value = assignment.partition("=")
                env[key] = value
        for file in self.service.get("EnvironmentFile", []):
            env.update(read_env_file(root / file.lstrip("-").lstrip("/")))
        return env

    def prepare_state_directory(self, root: Path, user: str) -> Path:
        folder = root / "var" / "lib" / self.one("StateDirectory")
        folder.mkdir(parents=True, exist_ok=True)
        mode = int(self.service.get("StateDirectoryMode", ["0755"])[0], 8)
        subprocess.run(["chroot", str(root), "chown", f"{user}:{user}", "/" + str(folder.relative_to(root))],
                       check=True, timeout=30)
        folder.chmod(mode)
        return folder

    def start(self, root: Path, log: Path) -> subprocess.Popen:
        user, group = self.one("User"), self.one("Group")
        command = shlex.split(self.one("ExecStart"))
        env = {"PATH": ROOT_PATH, **self.environment(root)}
        umask = int(self.service.get("UMask", ["0022"])[0], 8)
        with open(log, "ab") as out:
            # The Popen's pid is the server's.
            return subprocess.Popen(
                chrooted_with_proc(root, command, userspec=f"{user}:{group}"),
                env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                start_new_session=True, preexec_fn=lambda: os.umask(umask),
            )
