-- Ceiling: GET /auth/v1/health, the cheapest route the server has. Refresh throughput is printed
-- as a fraction of it, so a low refresh number can be told apart from a slow HTTP stack.
-- Usage: wrk ... -s health.lua <url>
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "report.lua")

local health_request

function init(args)
   health_request = wrk.format("GET", "/auth/v1/health")
end

function request()
   return health_request
end
