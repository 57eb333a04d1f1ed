-- Refresh load: POST /auth/v1/token?grant_type=refresh_token with a live token each time.
-- Usage: wrk ... -s refresh.lua <url> -- <tokens-file> <threads>
--   <tokens-file>: one refresh token per line, each from its own session (written by run.sh).
--
-- Every refresh rotates the token: the one sent stops working, the one in the response is the
-- session's new token. So each thread keeps a queue of live tokens: request() takes one from the
-- front, response() puts the new one at the back. A thread needs more tokens than it has
-- connections (run.sh seeds 4x): wrk also calls request() once before the run to check the
-- script, which drops one token of the first thread, and a token whose refresh fails or is cut
-- off by a socket error is gone too. If the queue is ever empty the thread sends
-- GET /auth/v1/health instead, counted as "starved" and not as a refresh.
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "report.lua")

local queue, head, tail = {}, 1, 0
local path = "/auth/v1/token?grant_type=refresh_token"
local headers = { ["Content-Type"] = "application/json" }

local function push(token)
   tail = tail + 1
   queue[tail] = token
end

local function pop()
   if head > tail then
      return nil
   end
   local token = queue[head]
   queue[head] = nil
   head = head + 1
   return token
end

function init(args)
   for _, token in ipairs(lines_for_thread(args[1], tonumber(args[2]) or 1)) do
      push(token)
   end
   if head > tail then
      error("refresh.lua: no refresh tokens for thread " .. thread_id)
   end
end

function request()
   local token = pop()
   if token == nil then
      starved_count = starved_count + 1
      return wrk.format("GET", "/auth/v1/health")
   end
   return wrk.format("POST", path, headers, '{"refresh_token":"' .. token .. '"}')
end

function response(status, headers, body)
   if status < 200 or status >= 300 then
      bad_count = bad_count + 1 -- the token sent is lost; the queue is one shorter
      return
   end
   local token = body:match('"refresh_token"%s*:%s*"([^"]+)"')
   if token then
      ok_count = ok_count + 1
      push(token)
   end
   -- a 2xx without a token is the answer to a starved (health) request: not counted
end
