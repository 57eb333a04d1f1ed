"""Schemathesis hooks for test_openapi.py (loaded through SCHEMATHESIS_HOOKS).

Each generated case gets the credentials its operation's `security` asks for, so the fuzzer
reaches past authentication: a user's access token for `bearer` operations (a fresh account made
through the admin API, renewed every few cases and after a sign-out, which ends the session),
the service-role JWT for `serviceRole` ones, a Web API key (`?key=`) for the Firebase RPCs,
and the `apikey` header everywhere (Supabase's
gateway header). The server's address and JWT secret come from the environment the test sets.
"""

from __future__ import annotations

import os
import time
import uuid

import httpx
import jwt
import schemathesis

BASE_URL = os.environ["GATEHOUSE_FUZZ_URL"]
SECRET = os.environ["GATEHOUSE_FUZZ_JWT_SECRET"]
PASSWORD = "fuzzing-Password-1"
CASES_PER_USER = 25


def service_role_token() -> str:
    now = int(time.time())
    return jwt.encode({"role": "service_role", "iss": "gatehouse", "iat": now, "exp": now + 3600}, SECRET, algorithm="HS256")


SERVICE_ROLE = service_role_token()


class Users:
    """A signed-in user's access token, made fresh every CASES_PER_USER cases."""

    def __init__(self) -> None:
        self.token: str | None = None
        self.uses = 0

    def access_token(self) -> str:
        if self.token is None or self.uses >= CASES_PER_USER:
            self.token = self._sign_in_new_user()
            self.uses = 0
        self.uses += 1
        return self.token

    def forget(self) -> None:
        self.token = None

    @staticmethod
    def _sign_in_new_user() -> str:
        email = f"fuzz-{uuid.uuid4().hex[:12]}@example.com"
        with httpx.Client(base_url=BASE_URL, timeout=10.0, trust_env=False) as http:
            created = http.post(
                "/admin/users", json={"email": email, "password": PASSWORD, "email_confirm": True},
                headers={"Authorization": f"Bearer {SERVICE_ROLE}"},
            )
            created.raise_for_status()
            signed_in = http.post("/token?grant_type=password", json={"email": email, "password": PASSWORD})
            signed_in.raise_for_status()
            return signed_in.json()["access_token"]


USERS = Users()


def schemes(case) -> set[str]:
    security = case.operation.definition.raw.get("security", [])
    return {name for requirement in security for name in requirement}


@schemathesis.auth()
class GatehouseCredentials:
    def get(self, case, ctx):
        return SERVICE_ROLE

    def set(self, case, data, ctx):
        case.headers = dict(case.headers or {})
        case.headers["apikey"] = "fuzzing-anon-key"
        wanted = schemes(case)
        if "firebaseApiKey" in wanted:
            # Development accepts any Web API key; without one, every RPC is Google's 403.
            case.query = {**(case.query or {}), "key": "fuzzing-web-api-key"}
        elif "serviceRole" in wanted:
            case.headers["Authorization"] = f"Bearer {data}"
        elif "bearer" in wanted:
            case.headers["Authorization"] = f"Bearer {USERS.access_token()}"
            if case.operation.path.endswith("/logout"):
                USERS.forget()  # this case ends the session
