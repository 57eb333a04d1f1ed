-- Sign-in load: POST /auth/v1/token?grant_type=password, rotating over pre-registered users.
-- Usage: wrk ... -s signin.lua <url> -- <bodies-file> <threads>
--   <bodies-file>: one JSON body {"email":...,"password":...} per line (written by run.sh).
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "report.lua")

local requests_for_thread = {}
local next_index = 1

function init(args)
   local bodies = lines_for_thread(args[1], tonumber(args[2]) or 1)
   if #bodies == 0 then
      error("signin.lua: no request bodies for thread " .. thread_id)
   end
   -- Pre-render every request once; request() then only picks the next one.
   local headers = { ["Content-Type"] = "application/json" }
   for _, body in ipairs(bodies) do
      table.insert(requests_for_thread,
         wrk.format("POST", "/auth/v1/token?grant_type=password", headers, body))
   end
end

function request()
   local r = requests_for_thread[next_index]
   next_index = next_index % #requests_for_thread + 1
   return r
end
