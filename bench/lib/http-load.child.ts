/** The load generator process started by runHttpLoad: receives a spec, runs autocannon, reports back. */
import autocannon from 'autocannon';
import type { HttpLoadResult, HttpLoadSpec } from './http-load';
import { listPath, pickListRequest } from './list-workload';

function run(spec: HttpLoadSpec): Promise<HttpLoadResult> {
  // autocannon's own histogram keeps whole milliseconds; keep the exact times instead.
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.url,
        connections: spec.connections,
        duration: spec.seconds,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => {
              const mix = spec.requests;
              const next = mix?.length
                ? mix[Math.floor(Math.random() * mix.length)]!
                : (() => {
                    const pick = pickListRequest(spec.variant, spec.tokens.length, spec.rowsPerTenant, Math.random);
                    return { tenant: pick.tenant, path: listPath(pick) };
                  })();
              return {
                ...request,
                path: next.path,
                headers: { authorization: `Bearer ${spec.tokens[next.tenant]}` },
              };
            },
          },
        ],
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

process.once('message', (spec) => {
  run(spec as HttpLoadSpec).then(
    (result) => process.send!(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
