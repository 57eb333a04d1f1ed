// Constant-rate (open-loop, wrk2-style) load: request k is due at t0 + k/rate and its latency is
// measured from that SCHEDULED time, not from when it was actually written, so a server (or a
// client) that falls behind cannot hide its queue: coordinated omission corrected.
// Node's own http client over keep-alive sockets, no packages.
//
// As a module: `fixedRate(label, rate, seconds, makeRequest)` (used by recovery.mjs).
// As a command: node fixed-rate.mjs <base-url> <recover|health> <rate> <seconds> [<run-id>]
//   prints one line: FIXED label=… target_rps=… achieved_rps=… requests=… non2xx=… late_sends=…
//   p50_ms=… p90_ms=… p99_ms=… max_ms=…   (BENCH_SOCKETS: keep-alive sockets, default 32)
import http from "node:http";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

export function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** A client for `base`: request(method, path, body, start) resolves to { status, ms }, ms counted
 * from `start` (default: now); status 0 for a failure or no answer within `timeoutMs`. */
export function client(base, sockets = Number(process.env.BENCH_SOCKETS ?? 32), timeoutMs = 10_000) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  function request(method, pathname, body, start = performance.now()) {
    return new Promise((resolve) => {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const req = http.request(
        {
          host: url.hostname, port: url.port, path: pathname, method, agent,
          headers: payload ? { "Content-Type": "application/json", "Content-Length": payload.length } : {},
          timeout: timeoutMs,
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode, ms: performance.now() - start }));
        },
      );
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", () => resolve({ status: 0, ms: performance.now() - start }));
      req.end(payload);
    });
  }
  return { request, close: () => agent.destroy() };
}

/** Open loop at `rate` req/s for `seconds`; makeRequest(k, due) returns the promise of request k,
 * whose latency must count from `due`. `late_sends` counts requests written more than 1 ms after
 * they were due (the generator itself falling behind: then the rate was not sustained). */
export async function fixedRate(label, rate, seconds, makeRequest) {
  const total = Math.round(rate * seconds);
  const latencies = new Array(total);
  const statuses = new Array(total);
  const pending = [];
  const t0 = performance.now() + 100;
  let sent = 0, late = 0;
  while (sent < total) {
    const now = performance.now();
    while (sent < total && t0 + (sent * 1000) / rate <= now) {
      const k = sent++;
      const due = t0 + (k * 1000) / rate;
      if (now - due > 1) late++;
      pending.push(makeRequest(k, due).then(({ status, ms }) => { latencies[k] = ms; statuses[k] = status; }));
    }
    const next = t0 + (sent * 1000) / rate - performance.now();
    await new Promise((r) => setTimeout(r, Math.max(0, Math.min(5, next))));
  }
  const sendSeconds = (performance.now() - t0) / 1000;
  await Promise.all(pending);
  const sorted = [...latencies].sort((a, b) => a - b);
  const non2xx = statuses.filter((s) => s < 200 || s >= 300).length;
  return {
    label, target_rps: rate, requests: total, achieved_rps: total / sendSeconds, non2xx, late_sends: late,
    p50_ms: quantile(sorted, 0.5), p90_ms: quantile(sorted, 0.9), p99_ms: quantile(sorted, 0.99), max_ms: sorted[sorted.length - 1],
  };
}

async function main() {
  const [base, scenario, rateText, secondsText, runId = Math.random().toString(36).slice(2, 8)] = process.argv.slice(2);
  const rate = Number(rateText), seconds = Number(secondsText);
  if (!base || !["recover", "health"].includes(scenario) || !(rate > 0) || !(seconds > 0)) {
    console.error("usage: node fixed-rate.mjs <base-url> <recover|health> <rate> <seconds> [<run-id>]");
    process.exit(2);
  }
  const { request, close } = client(base);
  // Every recovery request a new address: none meets the per-address send window.
  const make = scenario === "recover"
    ? (k, due) => request("POST", "/auth/v1/recover", { email: `fixed-${runId}-${k}@example.com` }, due)
    : (k, due) => request("GET", "/auth/v1/health", undefined, due);
  const r = await fixedRate(scenario, rate, seconds, make);
  close();
  const f = (x) => (Number.isFinite(x) ? x.toFixed(3) : "nan");
  console.log(`FIXED label=${r.label} target_rps=${r.target_rps} achieved_rps=${r.achieved_rps.toFixed(1)} requests=${r.requests} ` +
    `non2xx=${r.non2xx} late_sends=${r.late_sends} p50_ms=${f(r.p50_ms)} p90_ms=${f(r.p90_ms)} p99_ms=${f(r.p99_ms)} max_ms=${f(r.max_ms)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
