import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** API answers smaller than this go as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Hashed build output (`/assets/name-HASH.js`): its name changes whenever its content does. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Everything else the web app is (its `index.html` above all): asked again on every visit. */
export const REVALIDATE_CACHE = 'no-cache';

/**
 * Compresses the API's answers (JSON, CSV, HTML) above a small size for clients that accept it. Brotli
 * at a middle quality: per request, the strongest settings cost far more CPU than they save bytes. Files
 * the build already compressed go as they are (their `content-encoding` is set).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
    zlibOptions: { level: 6 },
  });
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The other names this machine answers to on PUBLIC_URL's port, when PUBLIC_URL is itself one of them
 * (a server run on a desk: `http://localhost:3000`). Sign-in works at PUBLIC_URL only (it is the OpenID
 * issuer and the one registered redirect), so a page opened at another of these names is sent there
 * first. With a public PUBLIC_URL (behind a proxy) the set is empty: a proxy may pass on its own Host
 * (`127.0.0.1:3000`), and sending that to PUBLIC_URL would loop.
 */
export function localAliases(publicUrl: string, hostname = os.hostname()): ReadonlySet<string> {
  const url = new URL(publicUrl);
  const names = [...LOOPBACK_NAMES, hostname.toLowerCase()];
  if (!names.includes(url.hostname.toLowerCase())) return new Set();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const hosts = names.flatMap((name) => (url.port ? [`${name}:${port}`] : [name, `${name}:${port}`]));
  return new Set(hosts.filter((host) => host !== url.host.toLowerCase()));
}

/**
 * Serves the built web app: hashed assets cached for a year and sent precompressed (brotli or gzip, as
 * the browser accepts; the build writes both), every client route answered with `index.html`, which is
 * revalidated on each visit. A page opened at a local alias of PUBLIC_URL is redirected to it.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { webDist: string; publicUrl: string; hostname?: string },
): Promise<{ sendIndex: (req: FastifyRequest, reply: FastifyReply) => FastifyReply }> {
  const hashedAssets = path.join(path.resolve(options.webDist), 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: options.webDist,
    // One route for every file, which looks the file up when asked; a path that is no file goes on to the
    // not-found handler (the SPA's index.html). Without it each of the build's files (JavaScript and its
    // brotli and gzip copies, some 700) would be a GET and a HEAD route of its own, globbed and compiled
    // into the router on every start.
    wildcard: true,
    // A directory (the root above all) is no file: it goes to the not-found handler too.
    allowedPath: (pathname) => !pathname.endsWith('/'),
    index: false,
    preCompressed: true,
    cacheControl: false,
    // Everything the build puts in assets/ is named by its content's hash.
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.startsWith(hashedAssets) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
    },
  });
  const aliases = localAliases(options.publicUrl, options.hostname);
  const base = options.publicUrl.replace(/\/$/, '');
  return {
    sendIndex: (req, reply) => {
      const host = (req.headers.host ?? '').toLowerCase();
      if (aliases.has(host) && !req.headers['x-forwarded-host']) return reply.redirect(`${base}${req.url}`, 302);
      return reply.type('text/html').sendFile('index.html');
    },
  };
}
