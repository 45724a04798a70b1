/**
 * Preloaded into the Kampus server by bench:api (NODE_OPTIONS=--import …/query-probe.mjs): counts the statements the
 * process sends to its database — every `pg` client query and every PGlite round trip, BEGIN and COMMIT included — and
 * answers the count (and the process' CPU time) as JSON on 127.0.0.1:BENCH_PROBE_PORT. Plain JavaScript, so it loads the same way before the
 * server whether the server runs from TypeScript or from a build. NODE_OPTIONS also reaches npm and any launcher in
 * between: the probe's port is opened by the first process that queries, which is the server. BENCH_PROBE_LOG=1 also
 * prints every pg statement to stderr (to see what a route runs). With BENCH_PARENT_PID the server ends itself (SIGTERM)
 * once that process is gone.
 */
import { createServer } from 'node:http';
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
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    // The process' CPU time too (user + system, ms): what a request costs the server, however busy the machine is.
    const cpu = process.cpuUsage();
    response.end(JSON.stringify({ statements, cpuMs: (cpu.user + cpu.system) / 1000 }));
  });
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
