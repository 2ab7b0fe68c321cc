// A small round-robin HTTP load balancer for tests of several server processes. A back end that refuses
// the connection is skipped (the request never reached it, so trying the next is safe); one that drops a
// request it was given answers 502, as a real balancer does for a request it cannot know the fate of.
import http from 'node:http';
import type net from 'node:net';

export async function startLoadBalancer(backends: number[]): Promise<{
  url: string;
  /** Requests each back end answered. */
  answered: Map<number, number>;
  close(): Promise<void>;
}> {
  let next = 0;
  const answered = new Map<number, number>(backends.map((p) => [p, 0]));
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (tried: number) => {
        if (tried >= backends.length) {
          res.writeHead(503, { 'content-type': 'text/plain' }).end('no server answers');
          return;
        }
        const port = backends[next++ % backends.length]!;
        const upstream = http.request(
          { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
          (up) => {
            answered.set(port, (answered.get(port) ?? 0) + 1);
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
          },
        );
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNREFUSED' && !res.headersSent) attempt(tried + 1);
          else if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end(error.message);
          else res.destroy();
        });
        upstream.end(body);
      };
      attempt(0);
    });
  });
  const sockets = new Set<net.Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answered,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
