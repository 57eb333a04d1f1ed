"""Talking to a server under test as GoTrue's clients do: the official Python client, its
admin API, raw HTTP with the official headers, and JWTs signed with the server's secret."""

from __future__ import annotations

import time
from typing import Any

import httpx
import jwt
from supabase_auth import SyncGoTrueAdminAPI, SyncGoTrueClient

API_VERSION = "2024-01-01"


class GoTrueClients:
    """Mixed into `GatehouseServer`: needs `root_url`, `auth_url`, `jwt_secret` and a
    `_closables` list that `stop()` closes."""

    def mint_jwt(self, claims: dict[str, Any], secret: str | None = None) -> str:
        return jwt.encode(claims, secret or self.jwt_secret, algorithm="HS256")

    def service_role_jwt(self, secret: str | None = None) -> str:
        now = int(time.time())
        return self.mint_jwt(
            {"role": "service_role", "iss": "gatehouse", "iat": now, "exp": now + 3600},
            secret,
        )

    def decode_access_token(self, token: str) -> dict[str, Any]:
        """Verifies the signature and the `authenticated` audience: with the server's secret for
        HS256, with the key `/.well-known/jwks.json` publishes for the token's `kid` otherwise
        (development signs RS256 with a key of its own)."""
        header = jwt.get_unverified_header(token)
        if header["alg"] == "HS256":
            return jwt.decode(token, self.jwt_secret, algorithms=["HS256"], audience="authenticated")
        keys = httpx.get(f"{self.root_url}/.well-known/jwks.json", timeout=5.0, trust_env=False).json()["keys"]
        key = jwt.PyJWK(next(k for k in keys if k["kid"] == header["kid"]))
        return jwt.decode(token, key, algorithms=[header["alg"]], audience="authenticated")

    # ----- clients ---------------------------------------------------------------------

    def client(self, *, root: bool = False, headers: dict[str, str] | None = None) -> SyncGoTrueClient:
        """The official Python client, pointed at /auth/v1 (or at the root mount)."""
        client = SyncGoTrueClient(
            url=self.root_url if root else self.auth_url,
            headers=headers,
            auto_refresh_token=False,
        )
        self._closables.append(client)
        return client

    def admin(self, token: str | None = None) -> SyncGoTrueAdminAPI:
        admin = SyncGoTrueAdminAPI(
            url=self.auth_url,
            headers={"Authorization": f"Bearer {token or self.service_role_jwt()}"},
        )
        self._closables.append(admin)
        return admin

    def request(
        self,
        method: str,
        path: str,
        *,
        json: Any = None,
        content: bytes | str | None = None,
        params: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
        bearer: str | None = None,
        api_version: bool = True,
        root: bool = False,
    ) -> httpx.Response:
        """A raw HTTP call, for shapes and headers the official client hides.

        `path` is relative to /auth/v1 (or to / with root=True). The request carries
        `X-Supabase-Api-Version: 2024-01-01` like the official clients unless api_version
        is False.
        """
        all_headers = {}
        if api_version:
            all_headers["X-Supabase-Api-Version"] = API_VERSION
        if bearer:
            all_headers["Authorization"] = f"Bearer {bearer}"
        all_headers.update(headers or {})
        base = self.root_url if root else self.auth_url
        with httpx.Client(timeout=15.0, trust_env=False) as http:
            return http.request(
                method,
                f"{base}/{path.lstrip('/')}",
                json=json,
                content=content,
                params=params,
                headers=all_headers,
            )
