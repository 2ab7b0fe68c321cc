import { expect } from 'vitest';

/** A response body read loosely, as the tests look into it. */
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Response = { statusCode: number; body: string; json(): unknown };

/** The body of a 200 (the body is shown when the status is another), typed as the caller says. */
export async function ok<T = Json>(response: Response | Promise<Response>): Promise<T> {
  const res = await response;
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

/** The fields a 400 names, in the order of its validation errors. */
export function members(res: Response): string[] {
  expect(res.statusCode, res.body).toBe(400);
  return ((res.json() as Json).error.validationErrors as { members: string[] }[]).flatMap((v) => v.members);
}
