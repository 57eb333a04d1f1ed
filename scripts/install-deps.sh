#!/usr/bin/env bash
# Installs the system packages the test harness needs, only when they are missing:
#   - PostgreSQL 15 server binaries (initdb, pg_ctl, psql) for scripts/postgres.sh
#   - the venv module for Debian's python3, for scripts/python-env.sh
#   - openssl, with which the recovery/mail tests make throwaway TLS certificates
#   - nginx, the load balancer in front of the three-instance cluster suite (Conformance/cluster)
#   - for the packaging suite (Packaging/): debootstrap (a bare Debian root for the release
#     archive), podman with runc, netavark, aardvark-dns and iptables (container networks with
#     names), uidmap, slirp4netns and fuse-overlayfs, podman-compose (deploy/'s compose files),
#     systemd's systemd-analyze (the unit) and binutils (strip, readelf)
# Quiet when everything is already present. Safe to run any number of times.
set -euo pipefail

PG_BIN=${GATEHOUSE_PG_BIN:-/usr/lib/postgresql/15/bin}

say() { printf 'install-deps: %s\n' "$*" >&2; }

missing=()
[ -x "$PG_BIN/initdb" ] && [ -x "$PG_BIN/pg_ctl" ] || missing+=(postgresql-15)
[ -x "$PG_BIN/psql" ] || missing+=(postgresql-client-15)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
[ -x /usr/sbin/nginx ] || command -v nginx >/dev/null 2>&1 || missing+=(nginx)
command -v debootstrap >/dev/null 2>&1 || [ -x /usr/sbin/debootstrap ] || missing+=(debootstrap)
command -v podman >/dev/null 2>&1 || missing+=(podman)
command -v runc >/dev/null 2>&1 || missing+=(runc)
[ -x /usr/lib/podman/netavark ] || missing+=(netavark)
[ -x /usr/lib/podman/aardvark-dns ] || missing+=(aardvark-dns)
command -v iptables >/dev/null 2>&1 || [ -x /usr/sbin/iptables ] || missing+=(iptables)
command -v newuidmap >/dev/null 2>&1 || missing+=(uidmap)
command -v slirp4netns >/dev/null 2>&1 || missing+=(slirp4netns)
command -v fuse-overlayfs >/dev/null 2>&1 || missing+=(fuse-overlayfs)
command -v podman-compose >/dev/null 2>&1 || missing+=(podman-compose)
command -v systemd-analyze >/dev/null 2>&1 || missing+=(systemd)
command -v readelf >/dev/null 2>&1 && command -v strip >/dev/null 2>&1 || missing+=(binutils)
# The debug build's FoundationNetworking links libcurl, and the client commands of a release binary
# load it when they first make a request (scripts/libcurl-on-first-use.c).
ldconfig -p 2>/dev/null | grep -q 'libcurl\.so\.4 ' || missing+=(libcurl4)
if [ -x /usr/bin/python3 ]; then
    # Debian strips ensurepip out of python3 unless python3-venv is installed.
    /usr/bin/python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || missing+=(python3-venv)
else
    missing+=(python3 python3-venv)
fi

if [ "${#missing[@]}" -gt 0 ]; then
    if [ "$(id -u)" -ne 0 ]; then
        say "missing packages: ${missing[*]} (run this script as root to install them)"
        exit 1
    fi
    say "installing: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt_opts=(-o DPkg::Lock::Timeout=600 -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold)
    timeout 900 apt-get "${apt_opts[@]}" update -qq </dev/null
    timeout 1800 apt-get "${apt_opts[@]}" install -y -qq --no-install-recommends "${missing[@]}" </dev/null >/dev/null
    say "installed: ${missing[*]}"
fi

# Things apt cannot provide here: say so clearly instead of failing later.
command -v swift >/dev/null 2>&1 || { say "swift is not on PATH (expected the toolchain at /opt/swift)"; exit 1; }
id postgres >/dev/null 2>&1 || [ "$(id -u)" -ne 0 ] || { say "the 'postgres' system user is missing"; exit 1; }
exit 0
