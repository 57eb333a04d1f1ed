// A fixed number of POST /auth/v1/recover requests, `concurrency` at a time (closed loop: each
// worker sends its next request when the previous one answered). For callgrind.sh, where the
// server runs ~50x slower and only the work per request matters, not the rate.
// Usage: node closed-loop.mjs <base-url> <count> <concurrency> <prefix> [<registered-every> <registered-prefix> <registered-offset>]
//   request k goes to <prefix>-<k>@example.com, or, when k % registered-every == 0, to
//   <registered-prefix>-<offset + k / registered-every>@example.com (an account signed up before).
//   BENCH_CG_ROUTE=health sends GET /auth/v1/health instead (the floor every request pays).
//   Prints "CLOSED requests=… ok=… non2xx=… seconds=…"; exits 1 if any answer was not 2xx.
import { client } from "./fixed-rate.mjs";
import { performance } from "node:perf_hooks";

const [base, countText, concurrencyText, prefix, everyText = "0", registeredPrefix = "", offsetText = "0"] = process.argv.slice(2);
const count = Number(countText), concurrency = Number(concurrencyText), every = Number(everyText), offset = Number(offsetText);
if (!base || !(count > 0) || !(concurrency > 0) || !prefix) {
  console.error("usage: node closed-loop.mjs <base-url> <count> <concurrency> <prefix> [<registered-every> <registered-prefix> <registered-offset>]");
  process.exit(2);
}
// Under valgrind a request can take seconds: wait long (BENCH_TIMEOUT_MS, default 120 s).
const { request, close } = client(base, concurrency, Number(process.env.BENCH_TIMEOUT_MS ?? 120_000));
const health = process.env.BENCH_CG_ROUTE === "health";
let next = 0, ok = 0, bad = 0;
const started = performance.now();
async function worker() {
  while (next < count) {
    const k = next++;
    const email = every > 0 && k % every === 0 ? `${registeredPrefix}-${offset + k / every}@example.com` : `${prefix}-${k}@example.com`;
    const { status } = health ? await request("GET", "/auth/v1/health") : await request("POST", "/auth/v1/recover", { email });
    if (status >= 200 && status < 300) ok++; else bad++;
  }
}
await Promise.all(Array.from({ length: concurrency }, worker));
close();
console.log(`CLOSED requests=${count} ok=${ok} non2xx=${bad} seconds=${((performance.now() - started) / 1000).toFixed(2)}`);
process.exit(bad ? 1 : 0);
