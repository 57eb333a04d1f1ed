-- Password-reset load: POST {"email": ...} to a path, one request after another per connection.
-- Usage: wrk ... -s recover.lua <url> -- <path> <run-id> [<registered-users>]
--   no <registered-users> (or 0): every request a new unknown address recover-<run>-<thread>-<n>@
--     example.com, so none meets Gatehouse's per-address send window (a 429 would not count);
--   <registered-users> = N: rotate over bench-0 … bench-<N-1>@example.com (the Django peer's
--     seeded users: every request then does the peer's whole reset: token, email, outbox row).
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "report.lua")

local path, run_id, registered
local sent = 0
local headers = { ["Content-Type"] = "application/json" }

function init(args)
   path = args[1] or "/auth/v1/recover"
   run_id = args[2] or "run"
   registered = tonumber(args[3] or "0") or 0
end

function request()
   local email
   if registered > 0 then
      email = string.format("bench-%d@example.com", (sent * 7 + thread_id) % registered)
   else
      email = string.format("recover-%s-%d-%d@example.com", run_id, thread_id, sent)
   end
   sent = sent + 1
   return wrk.format("POST", path, headers, '{"email":"' .. email .. '"}')
end
