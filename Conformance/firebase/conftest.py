"""Fixtures for the Firebase adapter's tests (Conformance/firebase).

  fb_server       a module-wide server (development: project `gatehouse-dev`, any API key)
  firebase_auth   a firebase-admin `auth.Client` for fb_server in emulator mode
                  (FIREBASE_AUTH_EMULATOR_HOST set for the module; it sends `Bearer owner`)
"""

from __future__ import annotations

import os
import uuid

import pytest

from firebase_support import PROJECT_ID


@pytest.fixture(scope="module")
def fb_server(module_servers):
    return module_servers.start()


@pytest.fixture(scope="module")
def firebase_auth(fb_server):
    import firebase_admin
    from firebase_admin import auth

    previous = os.environ.get("FIREBASE_AUTH_EMULATOR_HOST")
    os.environ["FIREBASE_AUTH_EMULATOR_HOST"] = f"127.0.0.1:{fb_server.port}"
    app = firebase_admin.initialize_app(options={"projectId": PROJECT_ID}, name=f"gatehouse-{uuid.uuid4().hex[:8]}")
    try:
        yield auth.Client(app)
    finally:
        firebase_admin.delete_app(app)
        if previous is None:
            os.environ.pop("FIREBASE_AUTH_EMULATOR_HOST", None)
        else:
            os.environ["FIREBASE_AUTH_EMULATOR_HOST"] = previous
