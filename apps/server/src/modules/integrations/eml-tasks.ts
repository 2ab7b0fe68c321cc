import { parseRequest, type ParsedRequest } from './eml-parse';

/** Work on e-mailed appointment requests, run in a pool worker (eml.service.ts), never on the server's event loop. */
export type EmlTask = { kind: 'parse'; bytes: Uint8Array };

/** The worker's entry: one request, its result. */
export async function handle(request: EmlTask): Promise<ParsedRequest> {
  return parseRequest(request.bytes);
}
