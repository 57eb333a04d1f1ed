-- Requests a server must refuse, in rotation: broken and wrong-shaped JSON, a body far over any
-- limit, wrong methods, an unknown path, a wrong content type, a made-up refresh token. For
-- memory.sh: what a server keeps (or leaks) while it refuses things counts as much as what it
-- keeps while it serves.
-- Usage: wrk ... -s malformed.lua <url> [-- <huge-body-bytes>]   (default 1 MiB)
-- Counted as ok: any 4xx answer; as non2xx (a failure here): anything else, a 2xx included.
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "report.lua")

local requests = {}
local next_index = 1

function init(args)
   local json = { ["Content-Type"] = "application/json" }
   local huge = string.rep("a", tonumber(args[1] or "") or 1048576)
   requests = {
      wrk.format("POST", "/auth/v1/recover", json, '{"email":'),
      wrk.format("POST", "/auth/v1/recover", json, '["not", "an", "object"]'),
      wrk.format("POST", "/auth/v1/signup", json, '{"email":"' .. huge .. '@example.com","password":"x"}'),
      wrk.format("GET", "/auth/v1/recover"),
      wrk.format("DELETE", "/auth/v1/token?grant_type=password"),
      wrk.format("GET", "/auth/v1/no-such-route"),
      wrk.format("POST", "/auth/v1/token?grant_type=password", { ["Content-Type"] = "text/plain" }, "email=a&password=b"),
      wrk.format("POST", "/auth/v1/token?grant_type=refresh_token", json, '{"refresh_token":"no-such-token"}'),
      wrk.format("POST", "/auth/v1/token?grant_type=password", json, '{"email":"nobody@example.com"}'),
   }
end

function request()
   local r = requests[next_index]
   next_index = next_index % #requests + 1
   return r
end

function response(status, headers, body)
   if status >= 400 and status < 500 then
      ok_count = ok_count + 1
   else
      bad_count = bad_count + 1
   end
end
