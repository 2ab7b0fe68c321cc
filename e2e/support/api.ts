import type { Page } from 'playwright-core';

/** The access token the app keeps for this browser tab (session storage, oidc-client-ts's user). */
export async function accessTokenOf(page: Page): Promise<string> {
  return page.evaluate<string>(
    "JSON.parse(sessionStorage.getItem(Object.keys(sessionStorage).find((key) => key.startsWith('oidc.user:')))).access_token",
  );
}

/** GETs an API path with the page's access token, from the test process. */
export async function apiGet<T>(baseUrl: string, page: Page, path: string): Promise<T> {
  const response = await fetch(new URL(path, baseUrl), {
    headers: { authorization: `Bearer ${await accessTokenOf(page)}`, accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Sends JSON to an API path with the page's access token, from the test process; answers the 200's body. */
async function apiSend<T>(
  method: 'POST' | 'PUT',
  baseUrl: string,
  page: Page,
  path: string,
  body: unknown,
): Promise<T> {
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers: {
      authorization: `Bearer ${await accessTokenOf(page)}`,
      accept: 'application/json',
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** POSTs JSON to an API path with the page's access token, from the test process. */
export const apiPost = <T>(baseUrl: string, page: Page, path: string, body: unknown) =>
  apiSend<T>('POST', baseUrl, page, path, body);

/** PUTs JSON to an API path with the page's access token, from the test process. */
export const apiPut = <T>(baseUrl: string, page: Page, path: string, body: unknown) =>
  apiSend<T>('PUT', baseUrl, page, path, body);
