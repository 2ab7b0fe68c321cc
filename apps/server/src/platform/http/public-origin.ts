import type { IncomingMessage } from 'node:http';

/**
 * Makes a request look to the OpenID provider as if it came to PUBLIC_URL: the provider builds its
 * endpoint URLs (discovery, form actions, redirects) from the request's host and scheme, and marks its
 * cookies Secure when the scheme is https. A caller's Host, X-Forwarded-Host or X-Forwarded-Proto
 * changes neither. The client address it sees is the one Fastify worked out, which believes
 * X-Forwarded-For only from the TRUST_PROXY addresses.
 */
export function pinToPublicUrl(publicUrl: string): (req: IncomingMessage & { ip?: string }) => void {
  const url = new URL(publicUrl);
  const scheme = url.protocol.slice(0, -1);
  return (req) => {
    req.headers.host = url.host;
    req.headers['x-forwarded-host'] = url.host;
    req.headers['x-forwarded-proto'] = scheme;
    req.headers['x-forwarded-for'] = req.ip ?? req.socket.remoteAddress ?? '';
    delete req.headers.forwarded;
  };
}
