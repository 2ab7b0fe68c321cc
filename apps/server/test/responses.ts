import { expect } from 'vitest';

/** A response body read loosely, as the tests look into it. */
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Response = { statusCode: number; body: string; json(): unknown };

/** The body of a 200 (the body is shown when the status is another). */
export async function ok(res: Response): Promise<Json> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json;
}

/** The fields a 400 names, in the order of its validation errors. */
export function members(res: Response): string[] {
  expect(res.statusCode, res.body).toBe(400);
  return ((res.json() as Json).error.validationErrors as { members: string[] }[]).flatMap((v) => v.members);
}
