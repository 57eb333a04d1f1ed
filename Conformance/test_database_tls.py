"""`sslmode` has its libpq meaning.

A throwaway PostgreSQL cluster of this test's own (scripts/postgres.sh) is given `ssl=on` with
an openssl-made CA and a server certificate for `localhost` only, and a pg_hba.conf that
accepts TLS connections only (`hostssl`). The real binary then starts with each `sslmode`:
`disable` is turned away by the server; `require` connects without checking the certificate;
`verify-ca` checks it against `sslrootcert` (not the host name); `verify-full` checks both; a
wrong CA or host name fails; `prefer` and unknown values stop the start with a clear error.
Needs PostgreSQL 15's binaries (scripts/install-deps.sh) and openssl, whatever `--db` is.
"""

from __future__ import annotations

import os
import pwd
import subprocess
import time
from pathlib import Path

import httpx
import pytest

from gatehouse_server import STOP_TIMEOUT, free_port

REPO_ROOT = Path(__file__).resolve().parent.parent
PG_BIN = Path(os.environ.get("GATEHOUSE_PG_BIN", "/usr/lib/postgresql/15/bin"))
START_WINDOW = 6.0  # seconds a good configuration has to answer /health; a bad one stays down


def run(*args: str, cwd: Path | None = None) -> str:
    result = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, f"{args}: {result.stderr}"
    return result.stdout


def make_certificates(directory: Path) -> None:
    """ca.pem (signs server.pem, for `localhost` only) and other-ca.pem (signs nothing here)."""
    for name in ("ca", "other-ca"):
        run("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
            "-subj", f"/CN=Gatehouse test {name}", "-keyout", f"{name}.key", "-out", f"{name}.pem", cwd=directory)
    (directory / "server.ext").write_text("subjectAltName=DNS:localhost\nbasicConstraints=CA:FALSE\n")
    run("openssl", "req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost",
        "-keyout", "server.key", "-out", "server.csr", cwd=directory)
    run("openssl", "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
        "-days", "2", "-extfile", "server.ext", "-out", "server.pem", cwd=directory)


@pytest.fixture(scope="module")
def tls_cluster(tmp_path_factory):
    """(port, certificate folder) of a TLS-only cluster; stopped and removed afterwards."""
    output = run("bash", str(REPO_ROOT / "scripts" / "postgres.sh"), "start")
    exports = dict(line.removeprefix("export ").split("=", 1) for line in output.splitlines() if line.startswith("export "))
    cluster_dir = exports["GATEHOUSE_PG_DIR"]
    try:
        url = exports["GATEHOUSE_TEST_POSTGRES_URL"]
        port = int(url.rsplit(":", 1)[1].split("/")[0])
        certificates = tmp_path_factory.mktemp("pg-tls")
        make_certificates(certificates)
        data = Path(cluster_dir) / "data"
        for name in ("server.pem", "server.key"):
            target = data / name
            target.write_bytes((certificates / name).read_bytes())
            os.chmod(target, 0o600)
            if os.getuid() == 0:
                owner = pwd.getpwnam("postgres")
                os.chown(target, owner.pw_uid, owner.pw_gid)
        hba = data / "pg_hba.conf"
        hba.write_text("local all all trust\nhostssl all all 127.0.0.1/32 trust\nhostssl all all ::1/128 trust\n")
        psql = [str(PG_BIN / "psql"), "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", cluster_dir, "-p", str(port),
                "-U", "gatehouse", "-d", "postgres"]
        for statement in ("ALTER SYSTEM SET ssl = on", "ALTER SYSTEM SET ssl_cert_file = 'server.pem'",
                          "ALTER SYSTEM SET ssl_key_file = 'server.key'", "SELECT pg_reload_conf()"):
            run(*psql, "-c", statement)
        time.sleep(0.5)
        yield port, certificates
    finally:
        subprocess.run(["bash", str(REPO_ROOT / "scripts" / "postgres.sh"), "stop", cluster_dir],
                       capture_output=True, timeout=120, stdin=subprocess.DEVNULL)


def start(binary: Path, workdir: Path, database_url: str) -> tuple[str, str]:
    """Starts the server; returns ("healthy" | "exited" | "down", its log)."""
    port = free_port()
    workdir.mkdir(parents=True, exist_ok=True)
    log_path = workdir / "server.log"
    env = {k: v for k, v in os.environ.items() if not k.startswith("GATEHOUSE_")}
    env.update(GATEHOUSE_HOST="127.0.0.1", GATEHOUSE_PORT=str(port), GATEHOUSE_DATA_DIR=str(workdir / "data"),
               GATEHOUSE_JWT_SECRET="tls-test-secret-0123456789abcdefghijklmn", GATEHOUSE_DATABASE_URL=database_url,
               GATEHOUSE_SHUTDOWN_TIMEOUT="2")
    with open(log_path, "wb") as log:
        proc = subprocess.Popen([str(binary), "serve"], env=env, stdin=subprocess.DEVNULL, stdout=log,
                                stderr=subprocess.STDOUT, start_new_session=True)
        outcome = "down"
        try:
            deadline = time.monotonic() + START_WINDOW
            with httpx.Client(timeout=1.0, trust_env=False) as http:
                while time.monotonic() < deadline:
                    if proc.poll() is not None:
                        outcome = "exited"
                        break
                    try:
                        if http.get(f"http://127.0.0.1:{port}/health").status_code == 200:
                            outcome = "healthy"
                            break
                    except httpx.TransportError:
                        pass
                    time.sleep(0.1)
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, 9)
            proc.wait(timeout=STOP_TIMEOUT)
    return outcome, log_path.read_text(errors="replace")


def database_url(port: int, host: str = "127.0.0.1", **query: str) -> str:
    parameters = "&".join(f"{key}={value}" for key, value in query.items())
    return f"postgres://gatehouse:gatehouse@{host}:{port}/gatehouse_test" + (f"?{parameters}" if parameters else "")


def test_disable_is_plaintext_and_refused_by_a_tls_only_server(harness, tls_cluster, tmp_path):
    port, _ = tls_cluster
    outcome, log = start(harness.binary, tmp_path, database_url(port, sslmode="disable"))
    assert outcome != "healthy", log[-2000:]


def test_require_uses_tls_without_checking_the_certificate(harness, tls_cluster, tmp_path):
    port, _ = tls_cluster
    outcome, log = start(harness.binary, tmp_path, database_url(port, sslmode="require"))
    assert outcome == "healthy", log[-3000:]


def test_verify_ca_checks_the_chain_not_the_name(harness, tls_cluster, tmp_path):
    port, certificates = tls_cluster
    good, log = start(harness.binary, tmp_path / "good",
                      database_url(port, sslmode="verify-ca", sslrootcert=str(certificates / "ca.pem")))
    assert good == "healthy", log[-3000:]
    wrong, log = start(harness.binary, tmp_path / "wrong",
                       database_url(port, sslmode="verify-ca", sslrootcert=str(certificates / "other-ca.pem")))
    assert wrong != "healthy", log[-2000:]


def test_verify_full_checks_the_chain_and_the_name(harness, tls_cluster, tmp_path):
    port, certificates = tls_cluster
    root = str(certificates / "ca.pem")
    good, log = start(harness.binary, tmp_path / "good", database_url(port, host="localhost", sslmode="verify-full", sslrootcert=root))
    assert good == "healthy", log[-3000:]
    # The certificate names `localhost` only: by address, the name check fails.
    by_address, log = start(harness.binary, tmp_path / "ip", database_url(port, sslmode="verify-full", sslrootcert=root))
    assert by_address != "healthy", log[-2000:]
    # Without sslrootcert the system store is used, which does not know the test CA.
    system, log = start(harness.binary, tmp_path / "system", database_url(port, host="localhost", sslmode="verify-full"))
    assert system != "healthy", log[-2000:]


@pytest.mark.parametrize("mode", ["prefer", "allow", "verify_full", "bogus"])
def test_other_modes_stop_the_start(harness, tmp_path, mode):
    outcome, log = start(harness.binary, tmp_path, database_url(free_port(), sslmode=mode))
    assert outcome == "exited", log[-2000:]
    assert "sslmode" in log, log[-2000:]


def test_missing_root_certificate_stops_the_start(harness, tmp_path):
    url = database_url(free_port(), sslmode="verify-full", sslrootcert=str(tmp_path / "missing.pem"))
    outcome, log = start(harness.binary, tmp_path, url)
    assert outcome == "exited", log[-2000:]
    assert "sslrootcert" in log, log[-2000:]
