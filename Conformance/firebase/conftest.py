"""Fixtures for the Firebase adapter's tests (Conformance/firebase).

  fb_server       a module-wide server (development: project `gatehouse-dev`, any API key)
  firebase_auth   a firebase-admin `auth.Client` for fb_server in emulator mode
                  (FIREBASE_AUTH_EMULATOR_HOST set for the module; it sends `Bearer owner`)
"""

from __future__ import annotations

import pytest

from firebase_support import admin_client


@pytest.fixture(scope="module")
def fb_server(module_servers):
    return module_servers.start()


@pytest.fixture(scope="module")
def firebase_auth(fb_server):
    with admin_client(fb_server) as client:
        yield client
