"""Fixtures of the cluster suite (three instances, one PostgreSQL, nginx): see README.md here.

Runs only on PostgreSQL and only when named (`pytest Conformance/cluster --db postgres`): the
suite-wide run (`pytest Conformance`) leaves this folder out (Conformance/conftest.py)."""

from __future__ import annotations

import pytest

from cluster_harness import Cluster


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--db") != "postgres":
        raise pytest.UsageError("Conformance/cluster runs on PostgreSQL only: add --db postgres")


@pytest.fixture(scope="module")
def cluster(harness, tmp_path_factory):
    """A running three-instance deployment for the module; stopped (every PID) afterwards."""
    deployment = Cluster(harness, tmp_path_factory.mktemp("cluster")).start()
    try:
        yield deployment
    finally:
        deployment.stop()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    """A failing test's report ends with nginx's log (the instances' come from the root)."""
    report = yield
    if report.failed:
        deployment = item.funcargs.get("cluster") if hasattr(item, "funcargs") else None
        if deployment is not None and deployment.nginx is not None:
            report.sections.append(("nginx log", deployment.nginx.log_tail()))
    return report
