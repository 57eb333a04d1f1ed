"""Sessions across the instances: the official client signs in and refreshes through nginx while
its calls land on different instances, and a refresh token rotated on one instance and reused on
another is detected (the session is revoked everywhere)."""

from __future__ import annotations

from supabase_auth.errors import AuthApiError

from cluster_support import PASSWORD, ServedBy, create_users


def test_nginx_spreads_requests_over_the_three_instances(cluster):
    served = [cluster.instance_at(cluster.request("GET", "settings").headers["X-Served-By"]) for _ in range(6)]
    assert sorted(set(served)) == [0, 1, 2], served
    # Each instance's own request log shows its share (the header is nginx's word, this is theirs).
    for instance in cluster.instances:
        assert "/auth/v1/settings" in instance.log_text()


def test_sign_in_and_refresh_across_instances(cluster):
    [email] = create_users(cluster, 1)
    served = ServedBy(cluster)
    client = served.client()
    session = client.sign_in_with_password({"email": email, "password": PASSWORD}).session
    tokens = {session.refresh_token}
    for _ in range(4):
        refreshed = client.refresh_session(session.refresh_token).session
        assert refreshed.refresh_token not in tokens
        tokens.add(refreshed.refresh_token)
        session = refreshed
        # The new access token works on whichever instance serves the next call.
        assert client.get_user(session.access_token).user.email == email
    token_calls = served.instances_for("/token")
    user_calls = served.instances_for("/user")
    assert len(token_calls) == 5 and len(user_calls) == 4
    assert len(set(token_calls)) >= 2 and set(token_calls + user_calls) == {0, 1, 2}, served.calls


def test_refresh_token_reused_on_another_instance_revokes_the_session(cluster):
    [email] = create_users(cluster, 1)
    served = ServedBy(cluster)
    client = served.client()
    first = client.sign_in_with_password({"email": email, "password": PASSWORD}).session
    second = client.refresh_session(first.refresh_token).session
    rotated_on = served.instances_for("/token")[-1]

    # The rotated-away token again: nginx's next upstream is another instance.
    try:
        client.refresh_session(first.refresh_token)
        raise AssertionError("the reused refresh token was accepted")
    except AuthApiError as error:
        assert error.status == 400 and error.code == "refresh_token_already_used", error
    reused_on = served.instances_for("/token")[-1]
    assert reused_on != rotated_on, served.calls

    # The whole session is gone, on every instance: its current refresh token and access token.
    for _ in range(3):
        response = cluster.request("POST", "token", params={"grant_type": "refresh_token"},
                                   json={"refresh_token": second.refresh_token})
        assert response.status_code == 400, response.text
        response = cluster.request("GET", "user", headers={"Authorization": f"Bearer {second.access_token}"})
        assert response.status_code == 403, response.text
