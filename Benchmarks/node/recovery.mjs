// Recovery-request benchmark: a timing test (registered vs unknown addresses) and a fixed-rate
// load test, each beside a peer measured in the same run. Node's own http client, no packages.
//
// Usage: node recovery.mjs <base-url> <out-dir>
// Environment: BENCH_PAIRS (2000), BENCH_RATE (1000), BENCH_DURATION (10), BENCH_SOCKETS (32)
import fs from "node:fs";
import path from "node:path";
import { client, fixedRate as fixedRateLoop, quantile } from "./fixed-rate.mjs";

const [base, outDir] = process.argv.slice(2);
if (!base || !outDir) {
  console.error("usage: node recovery.mjs <base-url> <out-dir>");
  process.exit(2);
}
const PAIRS = Number(process.env.BENCH_PAIRS ?? 2000);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 32);
const { request, close } = client(base, SOCKETS);
const run = Math.random().toString(36).slice(2, 8);

const recover = (email, start) => request("POST", "/auth/v1/recover", { email }, start);

const median = (values) => quantile([...values].sort((a, b) => a - b), 0.5);

/** Two-sided Mann-Whitney U test, normal approximation with tie correction (n ≥ 20 each). */
function mannWhitney(a, b) {
  const all = a.map((v) => [v, 0]).concat(b.map((v) => [v, 1])).sort((x, y) => x[0] - y[0]);
  const ranks = new Array(all.length);
  let tieTerm = 0;
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j + 1 < all.length && all[j + 1][0] === all[i][0]) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[k] = rank;
    const t = j - i + 1;
    tieTerm += t ** 3 - t;
    i = j + 1;
  }
  let rankSumA = 0;
  all.forEach(([, group], index) => { if (group === 0) rankSumA += ranks[index]; });
  const n1 = a.length, n2 = b.length, n = n1 + n2;
  const u = rankSumA - (n1 * (n1 + 1)) / 2;
  const mean = (n1 * n2) / 2;
  const sd = Math.sqrt(((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1))));
  const z = (Math.abs(u - mean) - 0.5) / sd;
  return { u, z, p: Math.min(1, 2 * (1 - normalCdf(z))) };
}

function normalCdf(z) {
  // Abramowitz–Stegun 7.1.26 for erf, accurate to 1.5e-7.
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

async function seedUsers(count) {
  const emails = [];
  for (let i = 0; i < count; i += 50) {
    const batch = [];
    for (let k = i; k < Math.min(count, i + 50); k++) {
      const email = `bench-${run}-${k}@example.com`;
      emails.push(email);
      batch.push(request("POST", "/auth/v1/signup", { email, password: "benchmark-password" }));
    }
    const results = await Promise.all(batch);
    const failed = results.filter((r) => r.status !== 200).length;
    if (failed) throw new Error(`sign-up failed for ${failed} users`);
  }
  return emails;
}

/** Registered and unknown addresses in alternation, one at a time, order within a pair random. */
async function timingTest(registered) {
  const known = [], unknown = [];
  let errors = 0;
  for (let i = 0; i < 100; i++) await recover(`warmup-${run}-${i}@example.com`);
  for (let i = 0; i < registered.length; i++) {
    const pair = [[registered[i], known], [`nobody-${run}-${i}@example.com`, unknown]];
    if (Math.random() < 0.5) pair.reverse();
    for (const [email, sink] of pair) {
      const { status, ms } = await recover(email);
      if (status !== 200) errors++;
      sink.push(ms);
    }
  }
  const test = mannWhitney(known, unknown);
  return {
    pairs: registered.length, errors,
    registered_median_ms: median(known), unknown_median_ms: median(unknown),
    median_gap_ms: median(known) - median(unknown), mann_whitney_u: test.u, z: test.z, p_value: test.p,
  };
}

/** Open loop at BENCH_RATE for BENCH_DURATION (see fixed-rate.mjs). */
const fixedRate = (label, makeRequest) => fixedRateLoop(label, RATE, DURATION, makeRequest);

const fmt = (x, d = 3) => (Number.isFinite(x) ? x.toFixed(d) : "n/a");

const registeredForLoad = Math.round(RATE * DURATION * 0.1);
console.error(`[recovery] seeding ${PAIRS + registeredForLoad} users`);
const users = await seedUsers(PAIRS + registeredForLoad);
console.error(`[recovery] timing test: ${PAIRS} pairs`);
const timing = await timingTest(users.slice(0, PAIRS));
const loadUsers = users.slice(PAIRS);
console.error(`[recovery] fixed rate: ${RATE} req/s for ${DURATION} s (10 % registered), then the health route`);
const recovery = await fixedRate("recovery", (k, due) =>
  recover(k % 10 === 0 && loadUsers[k / 10] ? loadUsers[k / 10] : `load-${run}-${k}@example.com`, due));
const health = await fixedRate("health", (k, due) => request("GET", "/auth/v1/health", undefined, due));
close();

const result = { timing, recovery, health, p99_ratio_to_health: recovery.p99_ms / health.p99_ms };
fs.writeFileSync(path.join(outDir, "recovery.json"), JSON.stringify(result, null, 2));
const lines = [
  `timing: ${timing.pairs} pairs, registered median ${fmt(timing.registered_median_ms)} ms, unknown median ${fmt(timing.unknown_median_ms)} ms`,
  `timing: median gap ${fmt(timing.median_gap_ms, 4)} ms (target |gap| ≤ 0.1), Mann-Whitney p = ${fmt(timing.p_value, 4)} (target > 0.01), errors ${timing.errors}`,
  `fixed rate: recovery ${fmt(recovery.achieved_rps, 0)} req/s of ${RATE}, p50 ${fmt(recovery.p50_ms)} p90 ${fmt(recovery.p90_ms)} p99 ${fmt(recovery.p99_ms)} max ${fmt(recovery.max_ms)} ms, non-2xx ${recovery.non2xx} (target p99 ≤ 5 ms)`,
  `fixed rate: health   ${fmt(health.achieved_rps, 0)} req/s of ${RATE}, p50 ${fmt(health.p50_ms)} p90 ${fmt(health.p90_ms)} p99 ${fmt(health.p99_ms)} max ${fmt(health.max_ms)} ms, non-2xx ${health.non2xx}`,
  `recovery p99 / health p99 (same rate, same run): ${fmt(result.p99_ratio_to_health, 2)}`,
];
console.log(lines.join("\n"));
