/**
 * Preloaded into the Kampus server by bench:api (NODE_OPTIONS=--import …/query-probe.mjs): counts the statements the
 * process sends to its database — every `pg` client query and every PGlite round trip, BEGIN and COMMIT included — and
 * answers the count (and the process' CPU time) as JSON on 127.0.0.1:BENCH_PROBE_PORT. Plain JavaScript, so it loads the same way before the
 * server whether the server runs from TypeScript or from a build. NODE_OPTIONS also reaches npm and any launcher in
 * between: the probe's port is opened by the first process that queries, which is the server. BENCH_PROBE_LOG=1 also
 * prints every pg statement to stderr (to see what a route runs). With BENCH_PARENT_PID the server ends itself (SIGTERM)
 * once that process is gone.
 *
 * `GET /?interval=1` also answers, for the time since the previous such call (bench:exam's time series): the event
 * loop's delay (max and p99, ms), the garbage collector's pauses (count, total and longest, ms, by kind), the waits for
 * a pooled `pg` connection (count, total and longest, ms) and the requests the server answered, timed inside the
 * server from the 'request' event to the response's 'finish' (by method: count, p50, p95, max) — a latency the bench
 * client's own event loop cannot inflate.
 */
import http, { createServer } from 'node:http';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const port = Number(process.env.BENCH_PROBE_PORT);
const log = process.env.BENCH_PROBE_LOG === '1';
let statements = 0;
let listening = false;

function counted(text, values) {
  statements++;
  if (log) {
    const params = values ?? text?.values;
    process.stderr.write(
      `[sql] ${typeof text === 'string' ? text : (text?.text ?? '?')}${params ? ` -- ${JSON.stringify(params)}` : ''}\n`,
    );
  }
  if (listening || !port) return;
  listening = true;
  const server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    // The process' CPU time too (user + system, ms): what a request costs the server, however busy the machine is.
    const cpu = process.cpuUsage();
    const counters = { statements, cpuMs: (cpu.user + cpu.system) / 1000 };
    response.end(JSON.stringify(request.url?.includes('interval=1') ? { ...counters, ...takeInterval() } : counters));
  });
  probeServer = server;
  server.unref();
  server.listen(port, '127.0.0.1');
  // Should the bench die without stopping the server (SIGKILL), the server stops itself.
  const parent = Number(process.env.BENCH_PARENT_PID);
  if (parent) {
    setInterval(() => {
      try {
        process.kill(parent, 0);
      } catch {
        process.kill(process.pid, 'SIGTERM');
      }
    }, 1000).unref();
  }
}

const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function query(config, ...rest) {
  counted(config, Array.isArray(rest[0]) ? rest[0] : undefined);
  return clientQuery.call(this, config, ...rest);
};

// Every PGlite statement (query, exec, a transaction's BEGIN/COMMIT) runs through this one method.
const runExclusiveQuery = PGlite.prototype._runExclusiveQuery;
if (typeof runExclusiveQuery === 'function') {
  PGlite.prototype._runExclusiveQuery = function runExclusive(fn) {
    counted('(a PGlite statement; its text is not seen here)');
    return runExclusiveQuery.call(this, fn);
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The interval figures (`?interval=1`): event-loop delay, GC pauses, pool waits and server-side request times. They are
// gathered from the first such call on only, so the other benches' servers (bench:assign weighs its server's memory)
// carry none of it.

let probeServer = null;
let measuring = false;
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
const emptyGc = () => ({ count: 0, ms: 0, maxMs: 0, major: 0, majorMs: 0 });
let gc = emptyGc();
const gcObserver = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gc.count++;
    gc.ms += entry.duration;
    gc.maxMs = Math.max(gc.maxMs, entry.duration);
    // detail.kind: 1 minor (scavenge), 2 major (mark-sweep-compact), 4 incremental marking, 8 weak callbacks.
    if (entry.detail?.kind === 2) {
      gc.major++;
      gc.majorMs += entry.duration;
    }
  }
});
// A checkout with a callback is pg-pool's own, for a single statement (pool.query); one awaited is a transaction's.
const emptyPool = () => ({ count: 0, ms: 0, maxMs: 0, statementMaxMs: 0, transactionMaxMs: 0 });
let poolWaits = emptyPool();
const noteWait = (began, kind) => {
  if (!measuring) return;
  const waited = performance.now() - began;
  poolWaits.count++;
  poolWaits.ms += waited;
  poolWaits.maxMs = Math.max(poolWaits.maxMs, waited);
  poolWaits[`${kind}MaxMs`] = Math.max(poolWaits[`${kind}MaxMs`], waited);
};
const poolConnect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function connect(callback) {
  const began = performance.now();
  if (typeof callback === 'function') {
    return poolConnect.call(this, (error, client, done) => {
      noteWait(began, 'statement');
      callback(error, client, done);
    });
  }
  return poolConnect.call(this).then((client) => {
    noteWait(began, 'transaction');
    return client;
  });
};
let requestTimes = new Map();
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function emitTimed(event, ...args) {
  const [request, response] = args;
  if (measuring && event === 'request' && this !== probeServer && response) {
    const began = performance.now();
    response.once('finish', () => {
      const times = requestTimes.get(request.method) ?? [];
      times.push(performance.now() - began);
      requestTimes.set(request.method, times);
    });
  }
  return emit.call(this, event, ...args);
};
const at = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

function takeInterval() {
  if (!measuring) {
    measuring = true;
    loopDelay.enable();
    gcObserver.observe({ entryTypes: ['gc'] });
  }
  const requests = Object.fromEntries(
    [...requestTimes].map(([method, times]) => {
      const sorted = times.sort((a, b) => a - b);
      return [method, { count: sorted.length, p50: at(sorted, 0.5), p95: at(sorted, 0.95), max: at(sorted, 1) }];
    }),
  );
  const figures = {
    loop: { maxMs: loopDelay.max / 1e6, p99Ms: loopDelay.percentile(99) / 1e6 },
    gc,
    pool: poolWaits,
    requests,
  };
  loopDelay.reset();
  gc = emptyGc();
  poolWaits = emptyPool();
  requestTimes = new Map();
  return figures;
}
