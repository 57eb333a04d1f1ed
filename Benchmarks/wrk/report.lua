-- Shared part of the wrk scripts in this folder: numbers the threads, keeps per-thread counters,
-- and prints one machine-readable line when the run is over.
--
-- Each wrk thread runs its own Lua state; setup() and done() run in a separate one. The counters
-- below live in each thread's state and are read back in done() through thread:get().

ok_count = 0       -- 2xx responses that did what the scenario expects
bad_count = 0      -- responses that were not 2xx
starved_count = 0  -- requests sent without a usable token (refresh scenario only)

local threads = {}

-- Any 2xx is a success.
function count_status(status)
   if status >= 200 and status < 300 then
      ok_count = ok_count + 1
   else
      bad_count = bad_count + 1
   end
end

-- The default counting. A script that must look into the answer (refresh keeps the new token)
-- defines its own response() after loading this file, which replaces this.
function response(status, headers, body)
   count_status(status)
end

function setup(thread)
   thread:set("thread_id", #threads)
   table.insert(threads, thread)
end

-- Reads the lines of a file that belong to this thread: line i goes to thread (i - 1) % nthreads.
function lines_for_thread(path, nthreads)
   local mine, i = {}, 0
   for line in io.lines(path) do
      if line ~= "" then
         if i % nthreads == thread_id then
            table.insert(mine, line)
         end
         i = i + 1
      end
   end
   return mine
end

function done(summary, latency, requests)
   local ok, bad, starved = 0, 0, 0
   for _, thread in ipairs(threads) do
      ok = ok + (thread:get("ok_count") or 0)
      bad = bad + (thread:get("bad_count") or 0)
      starved = starved + (thread:get("starved_count") or 0)
   end
   local seconds = summary.duration / 1e6
   local e = summary.errors
   io.write(string.format(
      "BENCH requests=%d ok=%d non2xx=%d starved=%d socket_errors=%d timeouts=%d " ..
      "duration_s=%.3f ok_rps=%.1f p50_ms=%.3f p90_ms=%.3f p99_ms=%.3f max_ms=%.3f mean_ms=%.3f\n",
      summary.requests, ok, bad, starved, e.connect + e.read + e.write, e.timeout,
      seconds, ok / seconds,
      latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
      latency.max / 1000, latency.mean / 1000))
end

-- Pacing, for memory.sh's steady mixed load: with BENCH_WRK_DELAY_MS set, each connection waits
-- that long after an answer before its next request, so a few connections make a moderate,
-- steady load instead of as much as the server can take.
local pace_ms = tonumber(os.getenv("BENCH_WRK_DELAY_MS") or "")
if pace_ms and pace_ms > 0 then
   function delay()
      return pace_ms
   end
end
