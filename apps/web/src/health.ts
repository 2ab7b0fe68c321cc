/** What the home page shows about the server: checking, its answer, or that it could not be reached. */
export type HealthView =
  { state: 'checking' } | { state: 'healthy' | 'unhealthy'; database: string } | { state: 'offline' };

export const CONNECTION_MESSAGE = 'Can not connect to the server';

type HealthBody = { status: string; database: string };

function isHealthBody(value: unknown): value is HealthBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return typeof body.status === 'string' && typeof body.database === 'string';
}

/**
 * Reads GET /api/health. The server answers 200 or 503 with the same body; anything else (no answer,
 * a proxy error page, a timeout) means the server could not be reached.
 */
export async function readHealth(fetchFn: typeof fetch = fetch, timeoutMs = 10_000): Promise<HealthView> {
  try {
    const response = await fetchFn('/api/health', {
      headers: { accept: 'application/json' },
      cache: 'no-store',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body: unknown = await response.json();
    if (!isHealthBody(body)) return { state: 'offline' };
    return { state: body.status === 'Healthy' && response.ok ? 'healthy' : 'unhealthy', database: body.database };
  } catch {
    return { state: 'offline' };
  }
}

/** The one line of text the page shows for a health view. */
export function describeHealth(view: HealthView): string {
  switch (view.state) {
    case 'checking':
      return 'Checking service status…';
    case 'healthy':
      return `Service status: Healthy (${view.database})`;
    case 'unhealthy':
      return `Service status: Unhealthy (${view.database})`;
    case 'offline':
      return CONNECTION_MESSAGE;
  }
}
