"""Every file shipped in deploy/ is exercised by a test of this suite: a new file without a test
fails here until it is added below with the test that runs it."""

from __future__ import annotations

from packaging_support import DEPLOY, PACKAGING

# deploy/ file -> the test module that runs it (and a name that module must mention).
EXERCISED = {
    "README.md": ("test_deploy_files.py", "README.md"),
    "gatehouse.env.example": ("packaging_support.py", "gatehouse.env.example"),
    "systemd/gatehouse.service": ("test_release_archive.py", "gatehouse.service"),
    "single/compose.yaml": ("test_deploy_compose.py", "single/compose.yaml"),
    "cluster/compose.yaml": ("test_deploy_compose.py", "cluster/compose.yaml"),
    "cluster/nginx.conf": ("test_deploy_compose.py", "nginx.conf"),
    "postgres/create-database.sql": ("test_deploy_compose.py", "create-database.sql"),
}


def test_every_deploy_file_is_exercised():
    shipped = {str(p.relative_to(DEPLOY)) for p in DEPLOY.rglob("*") if p.is_file()}
    # The copy a user makes of the example holds secrets and stays out of the repository.
    shipped.discard("gatehouse.env")
    assert shipped == set(EXERCISED), f"not listed: {sorted(shipped - set(EXERCISED))}; gone: {sorted(set(EXERCISED) - shipped)}"
    for name, (module, mention) in EXERCISED.items():
        assert mention in (PACKAGING / module).read_text(encoding="utf-8"), f"{module} does not run deploy/{name}"


def test_the_deploy_readme_names_every_file():
    readme = (DEPLOY / "README.md").read_text(encoding="utf-8")
    for name in EXERCISED:
        if name != "README.md":
            assert f"`{name}`" in readme, name
