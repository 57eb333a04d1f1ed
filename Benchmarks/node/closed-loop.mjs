// A fixed number of POST /auth/v1/recover requests, `concurrency` at a time (closed loop: each
// worker sends its next request when the previous one answered). For callgrind.sh, where the
// server runs ~50x slower and only the work per request matters, not the rate.
// Usage: node closed-loop.mjs <base-url> <count> <concurrency> <prefix> [<registered-every> <registered-prefix> <registered-offset>]
//   request k goes to <prefix>-<k>@example.com, or, when k % registered-every == 0, to
//   <registered-prefix>-<offset + k / registered-every>@example.com (an account signed up before).
//   BENCH_CG_ROUTE=health sends GET /auth/v1/health instead (the floor every request pays).
//   BENCH_CG_ROUTE=refresh: each worker signs in once as <registered-prefix>-<offset + worker>
//   (password "benchmark-password", counted in the instructions: a few bcrypt verifies at the
//   script's cost 4) and then sends refresh grants, each with the token the previous one returned.
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
const route = process.env.BENCH_CG_ROUTE ?? "recover";
const health = route === "health";
let next = 0, ok = 0, bad = 0;
const started = performance.now();

/** POST with a JSON answer (the client above discards bodies). */
async function postJSON(path, body) {
  const res = await fetch(new URL(path, base), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, json: await res.json().catch(() => ({})) };
}

async function refresher(w) {
  const signin = await postJSON("/auth/v1/token?grant_type=password", { email: `${registeredPrefix}-${offset + w}@example.com`, password: "benchmark-password" });
  let token = signin.json.refresh_token;
  if (!token) { bad++; return; }
  while (next < count) {
    next++;
    const { status, json } = await postJSON("/auth/v1/token?grant_type=refresh_token", { refresh_token: token });
    if (status >= 200 && status < 300 && json.refresh_token) { ok++; token = json.refresh_token; } else { bad++; return; }
  }
}

async function worker(w) {
  if (route === "refresh") return refresher(w);
  while (next < count) {
    const k = next++;
    const email = every > 0 && k % every === 0 ? `${registeredPrefix}-${offset + k / every}@example.com` : `${prefix}-${k}@example.com`;
    const { status } = health ? await request("GET", "/auth/v1/health") : await request("POST", "/auth/v1/recover", { email });
    if (status >= 200 && status < 300) ok++; else bad++;
  }
}
await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
close();
console.log(`CLOSED requests=${count} ok=${ok} non2xx=${bad} seconds=${((performance.now() - started) / 1000).toFixed(2)}`);
process.exit(bad ? 1 : 0);
