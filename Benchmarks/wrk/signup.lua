-- Sign-up load: POST /auth/v1/signup, every request a new address signup-<run>-<thread>-<n>@
-- example.com with the same password (each sign-up hashes it at the server's bcrypt cost).
-- Usage: wrk ... -s signup.lua <url> -- <run-id> <password>
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "report.lua")

local run_id, password
local sent = 0
local headers = { ["Content-Type"] = "application/json" }

function init(args)
   run_id = args[1] or "run"
   password = args[2] or "benchmark-password"
end

function request()
   local email = string.format("signup-%s-%d-%d@example.com", run_id, thread_id, sent)
   sent = sent + 1
   return wrk.format("POST", "/auth/v1/signup", headers,
      '{"email":"' .. email .. '","password":"' .. password .. '"}')
end
