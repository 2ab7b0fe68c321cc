/** The load generator process started by runHttpLoad: receives a spec, runs the load, reports back. */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import type { HttpLoadResult, HttpLoadSpec } from './http-load';
import { listPath, pickListRequest } from './list-workload';

/** The next request of the spec's mix. */
function nextRequest(spec: HttpLoadSpec): { path: string; headers: Record<string, string> } {
  const mix = spec.requests;
  const next = mix?.length
    ? mix[Math.floor(Math.random() * mix.length)]!
    : (() => {
        const pick = pickListRequest(spec.variant, spec.tokens.length, spec.rowsPerTenant, Math.random);
        return { tenant: pick.tenant, path: listPath(pick) };
      })();
  return { path: next.path, headers: { authorization: `Bearer ${spec.tokens[next.tenant]}` } };
}

/** Closed loop: autocannon keeps `connections` requests in flight. */
function closedLoop(spec: HttpLoadSpec): Promise<HttpLoadResult> {
  // autocannon's own histogram keeps whole milliseconds; keep the exact times instead.
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.url,
        connections: spec.connections,
        duration: spec.seconds,
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, ...nextRequest(spec) }) }],
      },
      (error, result) => {
        if (error) reject(error);
        else resolve({ latencies, statuses, errors: result.errors, seconds: result.duration });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      else statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}

/**
 * Open loop: Poisson arrivals at `rate` a second for `seconds`, over a keep-alive agent of at most
 * `connections` sockets. Latency runs from the moment a request was due to the end of its answer.
 */
function openLoop(spec: HttpLoadSpec & { rate: number }): Promise<HttpLoadResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
  const base = new URL(spec.url);
  const started = performance.now();
  const end = started + spec.seconds * 1000;
  let pending = 0;
  let scheduled = 0;
  return new Promise((resolve) => {
    const finish = () => {
      agent.destroy();
      resolve({ latencies, statuses, errors, seconds: spec.seconds });
    };
    const send = (due: number) => {
      pending += 1;
      const { path, headers } = nextRequest(spec);
      const request = http.get({ host: base.hostname, port: base.port, path, headers, agent }, (response) => {
        response.resume();
        response.once('end', () => {
          const code = response.statusCode ?? 0;
          if (code >= 200 && code < 300) latencies.push(performance.now() - due);
          else statuses[code] = (statuses[code] ?? 0) + 1;
          if (--pending === 0 && scheduled === -1) finish();
        });
      });
      request.once('error', () => {
        errors += 1;
        if (--pending === 0 && scheduled === -1) finish();
      });
    };
    // Due times are drawn ahead (exponential gaps); each is sent when the clock reaches it.
    let due = started;
    const tick = () => {
      const now = performance.now();
      while (due <= now && due < end) {
        send(due);
        scheduled += 1;
        due += -Math.log(1 - Math.random()) * (1000 / spec.rate);
      }
      if (due >= end) {
        scheduled = -1;
        if (pending === 0) finish();
        return;
      }
      setTimeout(tick, Math.max(0, Math.min(due - performance.now(), 5)));
    };
    tick();
  });
}

process.once('message', (message) => {
  const spec = message as HttpLoadSpec;
  const run = spec.rate ? openLoop(spec as HttpLoadSpec & { rate: number }) : closedLoop(spec);
  run.then(
    (result) => process.send!(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
