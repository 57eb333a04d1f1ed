"""The release archive of scripts/release.sh: what it holds, and that its binary runs on a bare
Debian 12 (debootstrap minbase: no Swift anywhere) installed as deploy/systemd/gatehouse.service
says, configured by deploy/gatehouse.env.example: it starts, serves /health, signs up (the
confirmation mailed through SMTP with STARTTLS and AUTH), signs in, resets a password by email,
and stops on the unit's KillSignal. The server runs without libcurl; the client commands load it
when they first make a request (scripts/libcurl-on-first-use.c)."""

from __future__ import annotations

import hashlib
import shutil
import signal
import subprocess
from pathlib import Path

import pytest

from packaging_support import (
    DEPLOY, ENV_EXAMPLE, REPO, ROOT_PATH, Journey, chrooted_with_proc, filled_env_example, parse_mail, wait_healthy,
    write_env_file,
)
from systemd_unit import Unit

from gatehouse_server import free_port  # noqa: E402  (Conformance/, put on the path by packaging_support)
from smtp_sink import SMTPSink, make_tls_files  # noqa: E402  (Conformance/recovery/)

UNIT = DEPLOY / "systemd" / "gatehouse.service"
# What a command run by hand inside a bare root starts with: nothing of this process's environment.
ROOT_ENV = {"PATH": ROOT_PATH, "HOME": "/root", "LANG": "C.UTF-8"}
SHIPPED = {"gatehouse", "LICENSE", "NOTICE", "README.md", "CHANGELOG.md", "THIRD_PARTY_LICENSES.txt",
           "gatehouse.env.example", "gatehouse.service"}


def run(*command: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(list(command), stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120, **kwargs)


def run_in_root(root: Path, *command: str) -> subprocess.CompletedProcess:
    """`command` as root inside `root`, with /proc, and no inherited environment."""
    return run(*chrooted_with_proc(root, list(command)), env=ROOT_ENV)


def libcurl_mappings(pid: int) -> list[str]:
    return [line for line in Path(f"/proc/{pid}/maps").read_text().splitlines() if "libcurl" in line]


def test_the_archive_holds_the_binary_licences_and_samples(release_archive, release_folder):
    assert release_archive.name.startswith(release_folder.name)
    assert {p.name for p in release_folder.iterdir()} == SHIPPED
    checksum = Path(f"{release_archive}.sha256").read_text().split()
    assert checksum == [hashlib.sha256(release_archive.read_bytes()).hexdigest(), release_archive.name]
    for name in ("LICENSE", "NOTICE", "README.md", "CHANGELOG.md"):
        assert (release_folder / name).read_bytes() == (REPO / name).read_bytes(), name
    assert (release_folder / "gatehouse.env.example").read_bytes() == ENV_EXAMPLE.read_bytes()
    assert (release_folder / "gatehouse.service").read_bytes() == UNIT.read_bytes()
    assert "Apache License" in (release_folder / "LICENSE").read_text() and "Version 2.0" in (release_folder / "LICENSE").read_text()
    licences = (release_folder / "THIRD_PARTY_LICENSES.txt").read_text()
    for package in ("Swift runtime and Foundation", "swift-nio:", "hummingbird:", "swift-crypto:", "postgres-nio:"):
        assert package in licences, package


def test_the_binary_is_stripped_and_needs_no_swift_library(release_folder):
    binary = release_folder / "gatehouse"
    sections = run("readelf", "--section-headers", "--wide", str(binary)).stdout
    assert ".symtab" not in sections and ".debug_info" not in sections
    libraries = run("ldd", str(binary)).stdout
    assert "libswift" not in libraries and "libFoundation" not in libraries and "not found" not in libraries, libraries


def test_the_binary_loads_without_reading_tables_it_does_not_need(release_folder):
    """What every start reads and keeps resident (scripts/release-build.sh): relative relocations
    packed (RELR) rather than a table of 24 bytes each, and no symbol of the program exported."""
    binary = str(release_folder / "gatehouse")
    dynamic = run("readelf", "--dynamic", "--wide", str(binary)).stdout
    assert "(RELR)" in dynamic, dynamic
    relocations = {line.split()[1]: int(line.split()[2]) for line in dynamic.splitlines()
                   if line.strip().startswith("0x") and line.split()[1] in ("(RELASZ)", "(RELRSZ)")}
    assert relocations.get("(RELASZ)", 0) < 100_000, relocations
    exported = run("nm", "--dynamic", "--defined-only", binary).stdout.splitlines()
    swift_symbols = [line for line in exported if " $s" in line]
    assert swift_symbols == [], swift_symbols[:5]
    # libcurl is loaded by the client commands when they need it, not named for every start.
    needed = [line for line in dynamic.splitlines() if "(NEEDED)" in line]
    assert needed and not any("libcurl" in line for line in needed), needed


@pytest.fixture
def bare_root(rootfs, tmp_path) -> Path:
    """A copy of the cached bare Debian tree for this test to change."""
    root = tmp_path / "root"
    result = run("cp", "-a", "--reflink=auto", str(rootfs), str(root))
    assert result.returncode == 0, result.stderr
    return root


def test_the_root_filesystem_has_no_swift(bare_root):
    assert run("chroot", str(bare_root), "sh", "-c", "command -v swift swiftc").stdout == ""
    found = run("find", str(bare_root), "-name", "libswift*", "-o", "-name", "libFoundation*").stdout
    assert found == ""


@pytest.fixture
def smtp_relay(tmp_path):
    """The relay the example's SMTP settings point at: STARTTLS with a throwaway CA, AUTH."""
    tls = make_tls_files(tmp_path / "tls")
    sink = SMTPSink(tls=tls, credentials=("gatehouse-relay", "relay-password")).start()
    yield sink, tls
    sink.stop()


def test_the_release_runs_as_the_systemd_unit_on_a_bare_debian(release_folder, bare_root, smtp_relay, tmp_path):
    sink, tls = smtp_relay
    unit = Unit.read(UNIT)
    user = unit.one("User")
    # Installed as the unit's comment says, inside the bare root.
    shutil.copy2(release_folder / "gatehouse", bare_root / unit.one("ExecStart").split()[0].lstrip("/"))
    assert run("chroot", str(bare_root), "useradd", "--system", "--home-dir", "/var/lib/gatehouse",
               "--shell", "/usr/sbin/nologin", user).returncode == 0
    (bare_root / "etc" / "gatehouse").mkdir(mode=0o700)
    # The server reads the relay's CA itself, as its user: not from root's /etc/gatehouse.
    shutil.copy2(tls.ca, bare_root / "usr" / "local" / "share" / "relay-ca.pem")
    port = free_port()
    env_file = bare_root / unit.one("EnvironmentFile").lstrip("/")
    write_env_file(env_file, filled_env_example(
        {
            "GATEHOUSE_JWT_SECRET": "r" * 48,
            "GATEHOUSE_EXTERNAL_URL": "https://auth.example.test",
            "GATEHOUSE_SITE_URL": "https://app.example.test",
            "GATEHOUSE_SMTP_HOST": "127.0.0.1",
            "GATEHOUSE_SMTP_PORT": str(sink.port),
            "GATEHOUSE_SMTP_USERNAME": sink.credentials[0],
            "GATEHOUSE_SMTP_PASSWORD": sink.credentials[1],
        },
        # A free port instead of the unit's 9999 (the file wins over Environment=, as in systemd),
        # and the relay's private CA.
        {"GATEHOUSE_PORT": str(port), "GATEHOUSE_SMTP_CA_FILE": "/usr/local/share/relay-ca.pem"},
    ))
    state = unit.prepare_state_directory(bare_root, user)

    log = tmp_path / "server.log"
    server = unit.start(bare_root, log)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_healthy(base, alive=lambda: None if server.poll() is None else f"exited {server.returncode}:\n{log.read_text()}")
        journey = Journey(base, lambda address: [parse_mail(m.raw) for m in sink.messages(to=address)])
        try:
            journey.run()
        except AssertionError as failure:
            raise AssertionError(f"{failure}\n--- server log ---\n{log.read_text()[-6000:]}") from failure
        finally:
            journey.close()
        assert all(m.tls and m.auth_user == "gatehouse-relay" for m in sink.messages())
        # Serving never loaded libcurl; a client command in the same root loads it and goes through.
        assert libcurl_mappings(server.pid) == []
        client = run_in_root(bare_root, unit.one("ExecStart").split()[0], "forgot-password",
                             "--url", base, "--email", "pack-client@example.com", "--state-directory", "/tmp")
        assert client.returncode == 0 and "Check Your Email" in client.stdout, (client.stdout, client.stderr)
        assert libcurl_mappings(server.pid) == []
        # The SQLite database is in the state directory, owned by the unit's user, private.
        database = state / "gatehouse.sqlite"
        assert database.is_file() and (database.stat().st_mode & 0o077) == 0
        # The unit's KillSignal ends it within its TimeoutStopSec, cleanly.
        server.send_signal(getattr(signal, unit.one("KillSignal")))
        assert server.wait(timeout=int(unit.one("TimeoutStopSec"))) == 0, log.read_text()
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(timeout=10)
    assert "GATEHOUSE_JWT_SECRET" not in log.read_text() and "r" * 48 not in log.read_text()


def test_the_server_needs_no_libcurl_and_a_client_command_says_what_is_missing(release_folder, bare_root):
    """On a root without libcurl the binary starts and serves; a client command, which needs it,
    stops with an exit code of its own and names the package."""
    # Debian 12's /lib is a link to /usr/lib.
    libraries = list(bare_root.glob("usr/lib/*/libcurl.so*"))
    assert libraries, "the bare root should hold libcurl to begin with"
    for library in libraries:
        library.unlink()
    binary = bare_root / "usr" / "local" / "bin" / "gatehouse"
    shutil.copy2(release_folder / "gatehouse", binary)
    version = run_in_root(bare_root, "/usr/local/bin/gatehouse", "--version")
    assert version.returncode == 0 and version.stdout.strip(), (version.stdout, version.stderr)
    data = bare_root / "srv" / "gatehouse"
    data.mkdir(parents=True)
    port = free_port()
    log = bare_root / "srv" / "server.log"
    with open(log, "ab") as out:
        server = subprocess.Popen(
            chrooted_with_proc(bare_root, ["/usr/local/bin/gatehouse", "serve"]),
            env={**ROOT_ENV, "GATEHOUSE_HOST": "127.0.0.1", "GATEHOUSE_PORT": str(port), "GATEHOUSE_DATA_DIR": "/srv/gatehouse"},
            stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_healthy(base, alive=lambda: None if server.poll() is None else f"exited {server.returncode}:\n{log.read_text()}")
        client = run_in_root(bare_root, "/usr/local/bin/gatehouse", "forgot-password", "--url", base,
                             "--email", "pack-client@example.com", "--state-directory", "/tmp")
        assert client.returncode == 69, (client.returncode, client.stdout, client.stderr)
        assert "needs libcurl" in client.stderr and "apt-get install libcurl4" in client.stderr, client.stderr
        assert server.poll() is None, log.read_text()
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=10)


def test_systemd_accepts_the_unit(release_folder, bare_root):
    """`systemd-analyze verify` on the unit inside the bare root with the binary installed (and
    systemd's own units, which the unit's dependencies name)."""
    unit = Unit.read(UNIT)
    shutil.copy2(release_folder / "gatehouse", bare_root / unit.one("ExecStart").split()[0].lstrip("/"))
    target = bare_root / "etc" / "systemd" / "system" / UNIT.name
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(UNIT, target)
    # The targets the unit names come with systemd, which a minimal root does not have: the host's.
    shutil.copytree("/lib/systemd/system", bare_root / "lib" / "systemd" / "system", symlinks=True, dirs_exist_ok=True)
    result = run("systemd-analyze", "verify", f"--root={bare_root}", f"/etc/systemd/system/{UNIT.name}")
    assert result.returncode == 0, result.stdout + result.stderr
    assert UNIT.name not in result.stderr, result.stderr
