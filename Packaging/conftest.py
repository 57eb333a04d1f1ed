"""Fixtures of the packaging suite: the release archive, the bare Debian root filesystem, and the
container images (the server's, from the Containerfile, and the stand-ins for images that cannot
be pulled here). Each is made once per run; the slow parts (the root filesystem, the Debian
packages of the stand-ins) are kept on the machine between runs by their own scripts and
podman's layer cache.

`GATEHOUSE_RELEASE_ARCHIVE` names an archive to test instead of packaging the debug build
(`bash scripts/release.sh` first, for the real release)."""

from __future__ import annotations

import os
import subprocess
import uuid
from pathlib import Path

import pytest

from packaging_support import PACKAGING, REPO, podman

RELEASE_TIMEOUT = 2700  # seconds: packaging the debug build only relinks; a release build is long


@pytest.fixture(scope="session")
def release_archive(tmp_path_factory) -> Path:
    given = os.environ.get("GATEHOUSE_RELEASE_ARCHIVE")
    if given:
        return Path(given).resolve()
    out = tmp_path_factory.mktemp("release")
    result = subprocess.run(["bash", str(REPO / "scripts" / "release.sh"), "--debug", "--out", str(out)],
                            cwd=REPO, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=RELEASE_TIMEOUT)
    assert result.returncode == 0, f"scripts/release.sh --debug failed:\n{result.stdout}\n{result.stderr}"
    return Path(result.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="session")
def release_folder(release_archive, tmp_path_factory) -> Path:
    """The archive unpacked: its one top-level folder."""
    out = tmp_path_factory.mktemp("unpacked")
    result = subprocess.run(["tar", "-xzf", str(release_archive), "-C", str(out)], stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    (folder,) = out.iterdir()
    return folder


@pytest.fixture(scope="session")
def rootfs() -> Path:
    """The cached bare Debian tree (Packaging/rootfs.sh); tests copy it before changing anything."""
    result = subprocess.run(["bash", str(PACKAGING / "rootfs.sh"), "--image"], stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=1200)
    assert result.returncode == 0, result.stderr
    return Path(result.stdout.strip().splitlines()[-1])


def build_image(tag: str, context: Path, *extra: str, containerfile: Path | None = None) -> str:
    args = ["build", "--format", "docker", "--tag", tag, *extra]
    if containerfile is not None:
        args += ["--file", str(containerfile)]
    podman(*args, str(context))
    return tag


@pytest.fixture(scope="session")
def gatehouse_image(rootfs, release_archive, tmp_path_factory) -> str:
    """The repository's Containerfile built from the release archive, in a context that holds
    the archive and the ignore file, as `docker build .` in the repository would see them."""
    context = tmp_path_factory.mktemp("image-context")
    (context / "dist").mkdir()
    (context / "dist" / release_archive.name).write_bytes(release_archive.read_bytes())
    (context / ".containerignore").write_bytes((REPO / ".containerignore").read_bytes())
    tag = f"localhost/gatehouse-test/gatehouse:{uuid.uuid4().hex[:10]}"
    build_image(tag, context, "--build-arg", f"RELEASE_ARCHIVE=dist/{release_archive.name}",
                containerfile=REPO / "Containerfile")
    yield tag
    podman("rmi", "--force", tag, check=False)


@pytest.fixture(scope="session")
def standin_images(rootfs) -> dict[str, str]:
    """Images the deployment files name but no registry here serves, built from Debian's
    packages under those names (Packaging/images/), plus the SMTP sink."""
    images = PACKAGING / "images"
    build_image("localhost/gatehouse-test/services:latest", images / "services")
    return {
        "postgres": build_image("docker.io/library/postgres:15-bookworm", images / "postgres"),
        "nginx": build_image("docker.io/library/nginx:stable", images / "nginx"),
        "mailsink": build_image("localhost/gatehouse-test/mailsink:latest", images / "mailsink"),
    }
