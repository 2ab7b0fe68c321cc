import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/** Browser features the app never uses, turned off for every page (and anything framed in one). */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/**
 * Pages of a video meeting, opened from a participant's link: the camera and microphone are allowed for
 * our own origin there (and only there; no frame of another origin gets them).
 */
const MEETING_PAGES = /^\/(video-meeting|view\/video-old|view\/video-session)(\?|$)/;
export const MEETING_PERMISSIONS_POLICY = PERMISSIONS_POLICY.replace('camera=()', 'camera=(self)').replace(
  'microphone=()',
  'microphone=(self)',
);

/**
 * The Content-Security-Policy the web app runs under: scripts only from our own origin (no inline or
 * eval'd script); styles may be inline because the component library writes its CSS into <style>
 * elements at run time; images from anywhere over https (e-mail bodies shown in a preview frame carry
 * their own); blob: frames for the PDF viewer; no page of ours inside another site's frame.
 */
export function contentSecurityPolicy(https: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** Paths whose answers are per-user data: never kept by the browser or a shared cache. */
const NO_STORE = /^\/(api|connect)\//;

/**
 * Security headers on every response, the OpenID provider's pages and the 404s included: registered
 * before the provider's middleware, so they are on the raw response before it writes. HSTS only when
 * the public URL is https (a plain-http install would otherwise lock browsers out of it).
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const https = new URL(publicUrl).protocol === 'https:';
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https) },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  app.addHook('onRequest', async (req, reply) => {
    reply.raw.setHeader(
      'permissions-policy',
      MEETING_PAGES.test(req.url) ? MEETING_PERMISSIONS_POLICY : PERMISSIONS_POLICY,
    );
    // On the raw response, so the provider's answers have it too; a route that sets its own
    // Cache-Control (file downloads) replaces it.
    if (NO_STORE.test(req.url)) reply.raw.setHeader('cache-control', 'no-store');
  });
}
