import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AttachmentEndpoints, endpointPath } from '@casebook/domain';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { createLocalFileStore, type FileStore } from '../../platform/files/file-store';
import { FakeLanguageModel } from '../assistant/fake-language-model';
import { attachments } from './files.schema';
import { multipartBody, multipartHeaders } from './multipart.test-support';
import { makePdf } from './test-pdf.test-support';

let t: TestApp;
let plain: TestApp;
let fake: FakeLanguageModel;
let root: string;
let store: FileStore;
let tenantId: string;
let staff: Caller;
let caseId: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
async function ok(res: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<Json> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as Json;
}

/** A short mono 8 kHz WAV file of a tone; `seed` makes each one's bytes differ. */
function wav(seed: number, samples = 4000): Uint8Array {
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(8000 * Math.sin((i * (seed + 3)) / 10)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return new Uint8Array(Buffer.concat([header, data]));
}

async function attach(caller: Caller, name: string, bytes: Uint8Array): Promise<string> {
  const file = await ok(
    caller.request({
      method: 'POST',
      url: '/api/app/files',
      headers: multipartHeaders,
      payload: multipartBody({}, { name, bytes }),
    }),
  );
  return (await ok(caller.post('/api/app/attachments', { fileId: file.id, attachmentFrom: 'IME', objectId: caseId })))
    .id;
}
const transcribe = (caller: Caller, id: string, body: Json) =>
  caller.post(endpointPath(AttachmentEndpoints.generateAudioTranscription, { id }), body);
const stored = async (id: string) =>
  (
    await t.database.withTenant(tenantId, (tx) =>
      tx
        .select({ transcript: attachments.transcript, language: attachments.transcriptLanguage })
        .from(attachments)
        .where(eq(attachments.id, id)),
    )
  )[0];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-transcription-test-'));
  store = createLocalFileStore(root);
  fake = await new FakeLanguageModel('speech-key').start();
  t = await createTestApp(undefined, {
    fileStore: store,
    languageModel: { baseUrl: fake.url, apiKey: 'speech-key', transcriptionModel: 'whisper-1' },
  });
  // The same database and files, on a server without a provider configured.
  plain = await createTestApp(t.database, { fileStore: store });
  tenantId = await newTenant(t.database);
  const admin = await callerFor(t, tenantId);
  staff = await callerFor(t, tenantId, ['STAFF']);
  const idOf = async (res: Promise<{ statusCode: number; body: string; json(): unknown }>) => (await ok(res)).id;
  const companyId = await idOf(admin.post('/api/app/companies', { name: 'Dictation Co', businessType: 'LAW_FIRM' }));
  const caseManagerId = await idOf(
    admin.post('/api/app/case-managers', { firstName: 'Cara', lastName: 'Manager', companyId }),
  );
  const clientId = await idOf(admin.post('/api/app/clients', { firstName: 'John', lastName: 'Smith' }));
  caseId = await idOf(staff.post('/api/app/assessments', { clientId, caseManagerId }));
});
afterAll(async () => {
  await plain?.app.close();
  await t?.close();
  await fake?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('audio transcription through the configured provider', () => {
  test("the provider's transcript is returned and kept on the case's attachment, with the language asked", async () => {
    const audio = wav(1);
    fake.speak(audio, 'Dictation for John Smith. The claimant reports lower back pain since the accident.');
    const id = await attach(staff, 'dictation.wav', audio);
    fake.calls.length = 0;
    const result = await ok(transcribe(staff, id, { language: 'EN' }));
    expect(result).toEqual({
      transcript: 'Dictation for John Smith. The claimant reports lower back pain since the accident.',
      language: 'en',
    });
    expect(fake.calls).toMatchObject([
      { path: '/v1/audio/transcriptions', fields: { model: 'whisper-1', language: 'en', response_format: 'json' } },
    ]);
    expect(await stored(id)).toEqual({ transcript: result.transcript, language: 'en' });

    // No language: the provider is not told one, and the transcript is replaced.
    fake.calls.length = 0;
    fake.speak(audio, 'Second reading.');
    expect(await ok(transcribe(staff, id, {}))).toEqual({ transcript: 'Second reading.', language: null });
    expect(fake.calls[0]!.fields).not.toHaveProperty('language');
    expect(await stored(id)).toEqual({ transcript: 'Second reading.', language: null });
  });

  test('a wrong language is a 400 naming it; a document is refused; another tenant gets 404', async () => {
    const id = await attach(staff, 'note.wav', wav(2));
    const bad = await transcribe(staff, id, { language: 'english' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.validationErrors[0].members).toEqual(['language']);
    const pdf = await attach(staff, 'letter.pdf', await makePdf(['A letter']));
    const refused = await transcribe(staff, pdf, { language: 'en' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('Only audio files can be transcribed.');
    const outsider = await callerFor(t, await newTenant(t.database), ['STAFF']);
    expect((await transcribe(outsider, id, { language: 'en' })).statusCode).toBe(404);
    expect(await stored(id)).toEqual({ transcript: null, language: null });
  });

  test('a provider that fails leaves the attachment as it was; without a provider it is not offered', async () => {
    const id = await attach(staff, 'later.wav', wav(3));
    fake.failures.push(500, 500);
    const failed = await transcribe(staff, id, { language: 'en' });
    expect(failed.statusCode).toBe(422);
    expect(failed.json().error.message).toBe('The transcription service did not answer. Please try again later.');
    expect(await stored(id)).toEqual({ transcript: null, language: null });

    const withoutProvider = await callerFor(plain, tenantId, ['STAFF'], { userId: staff.userId });
    const off = await transcribe(withoutProvider, id, { language: 'en' });
    expect(off.statusCode).toBe(422);
    expect(off.json().error.message).toBe('Transcription is not set up on this server.');
  });
});
