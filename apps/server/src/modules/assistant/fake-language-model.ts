import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A call the fake received: its path and, for chat, the JSON body; for audio, the form's fields. */
export type FakeModelCall = { path: string; body: unknown; fields?: Record<string, string> };

/**
 * A local stand-in for an OpenAI-compatible API (POST /v1/chat/completions and
 * /v1/audio/transcriptions), for the tests and the demo. Chat answers with `wording`; transcription
 * answers with the text registered for the audio's bytes (`speak`), else a fixed sentence naming the
 * file and language.
 */
export class FakeLanguageModel {
  #server: http.Server | undefined;
  url = '';
  readonly calls: FakeModelCall[] = [];
  /** What the chat model answers, from the request's messages. */
  wording: (messages: { role: string; content: string }[]) => string = (messages) =>
    `Here is what I found. ${(messages.at(-1)?.content ?? '').split('Facts:\n')[1]?.split('\n')[0] ?? ''}`.trim();
  /** Fail the next calls with this status (500s, 429), then recover. */
  failures: number[] = [];
  readonly #spoken = new Map<string, string>();

  constructor(readonly apiKey = 'fake-model-key') {}

  /** The transcript the fake returns for these audio bytes. */
  speak(audio: Uint8Array, text: string): void {
    this.#spoken.set(createHash('sha256').update(audio).digest('hex'), text);
  }

  async start(port = 0): Promise<this> {
    this.#server = http.createServer((req, res) => void this.#handle(req, res));
    await new Promise<void>((resolve) => this.#server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/v1`;
    return this;
  }

  async close(): Promise<void> {
    if (!this.#server) return;
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server!.close(() => resolve()));
  }

  async #handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${this.apiKey}`) {
      return send(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
    }
    const failure = this.failures.shift();
    if (failure) return send(failure, { error: { message: 'Injected failure', type: 'server_error' } });
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    try {
      if (req.method === 'POST' && path === '/v1/chat/completions') {
        const body = JSON.parse(raw.toString('utf8')) as {
          model: string;
          messages: { role: string; content: string }[];
        };
        this.calls.push({ path, body });
        return send(200, {
          id: 'chatcmpl-fake',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [
            { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: this.wording(body.messages) } },
          ],
        });
      }
      if (req.method === 'POST' && path === '/v1/audio/transcriptions') {
        const form = await new Request('http://fake', {
          method: 'POST',
          headers: { 'content-type': String(req.headers['content-type'] ?? '') },
          body: raw,
        }).formData();
        const file = form.get('file');
        if (!(file instanceof Blob)) return send(400, { error: { message: "'file' is required", param: 'file' } });
        const bytes = new Uint8Array(await file.arrayBuffer());
        const fields: Record<string, string> = {};
        for (const [k, v] of form.entries()) if (typeof v === 'string') fields[k] = v;
        this.calls.push({ path, body: null, fields });
        const name = (file as File).name ?? 'audio';
        const text =
          this.#spoken.get(createHash('sha256').update(bytes).digest('hex')) ??
          `Transcript of ${name}${fields.language ? ` (${fields.language})` : ''}.`;
        return send(200, { text });
      }
      return send(404, { error: { message: `Unknown path ${path}` } });
    } catch (error) {
      return send(400, { error: { message: (error as Error).message } });
    }
  }
}
