-- Password-reset load: POST {"email": ...} to a path, one request after another per connection.
-- Usage: wrk ... -s recover.lua <url> -- <path> <run-id> [<registered-users>]
--        wrk ... -s recover.lua <url> -- <path> <run-id> seeded <prefix> <first> <count> <threads>
--   no <registered-users> (or 0): every request a new unknown address recover-<run>-<thread>-<n>@
--     example.com, so none meets Gatehouse's per-address send window (a 429 would not count);
--   <registered-users> = N: rotate over bench-0 … bench-<N-1>@example.com (the Django peer's
--     seeded users: every request then does the peer's whole reset: token, email, outbox row);
--   seeded: every request a different registered address <prefix>-<i>@example.com, i in
--     [<first>, <first> + <count>), thread t of <threads> taking first + t, first + t + threads, …
--     Gatehouse refuses a second email to one address within its send window, so an address is
--     never sent twice. When a thread has used all of its share it sends GET /auth/v1/health
--     instead, counted as "starved" and never as a reset (run.sh seeds more than a run can use).
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "report.lua")

local path, run_id, registered
local seeded_prefix, seeded_next, seeded_last, seeded_step
local sent = 0
local headers = { ["Content-Type"] = "application/json" }

function init(args)
   path = args[1] or "/auth/v1/recover"
   run_id = args[2] or "run"
   if args[3] == "seeded" then
      seeded_prefix = assert(args[4], "recover.lua: seeded needs <prefix>")
      local first = assert(tonumber(args[5]), "recover.lua: seeded needs <first>")
      local count = assert(tonumber(args[6]), "recover.lua: seeded needs <count>")
      seeded_step = assert(tonumber(args[7]), "recover.lua: seeded needs <threads>")
      seeded_next = first + thread_id
      seeded_last = first + count - 1
      registered = 0
   else
      registered = tonumber(args[3] or "0") or 0
   end
end

function request()
   local email
   if seeded_prefix then
      if seeded_next > seeded_last then
         starved_count = starved_count + 1
         return wrk.format("GET", "/auth/v1/health")
      end
      email = string.format("%s-%d@example.com", seeded_prefix, seeded_next)
      seeded_next = seeded_next + seeded_step
   elseif registered > 0 then
      email = string.format("bench-%d@example.com", (sent * 7 + thread_id) % registered)
   else
      email = string.format("recover-%s-%d-%d@example.com", run_id, thread_id, sent)
   end
   sent = sent + 1
   return wrk.format("POST", path, headers, '{"email":"' .. email .. '"}')
end

function response(status, headers, body)
   -- The health route's answer (to a starved request) names the server; /recover answers {}.
   if starved_count > 0 and body:find('"version"', 1, true) then
      return
   end
   count_status(status)
end
