import type OpenAI from 'openai';
import type { toFile as ToFile } from 'openai';
import { z } from 'zod';

/**
 * An OpenAI-compatible provider (OpenAI itself, Azure's compatible endpoint, or a self-hosted server
 * such as vLLM or llama.cpp's): the booking assistant's wording and audio transcription. Off unless
 * LANGUAGE_MODEL_URL is set.
 */
export type LanguageModelSettings = {
  /** The API root: /chat/completions and /audio/transcriptions under it. */
  baseUrl: string;
  apiKey: string;
  /** The chat model that words the assistant's answers; absent: the assistant's own wording. */
  chatModel?: string;
  /** The speech-to-text model; absent: transcription is not offered. */
  transcriptionModel?: string;
  timeoutMs?: number;
};

const Env = z.object({
  LANGUAGE_MODEL_URL: z.url().optional(),
  LANGUAGE_MODEL_KEY: z.string().default(''),
  ASSISTANT_MODEL: z.string().min(1).optional(),
  TRANSCRIPTION_MODEL: z.string().min(1).optional(),
});

/** The provider named in the environment, or undefined (everything stays on this server). */
export function languageModelFromEnv(env: NodeJS.ProcessEnv): LanguageModelSettings | undefined {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (!e.LANGUAGE_MODEL_URL) return undefined;
  return {
    baseUrl: e.LANGUAGE_MODEL_URL,
    apiKey: e.LANGUAGE_MODEL_KEY,
    ...(e.ASSISTANT_MODEL ? { chatModel: e.ASSISTANT_MODEL } : {}),
    ...(e.TRANSCRIPTION_MODEL ? { transcriptionModel: e.TRANSCRIPTION_MODEL } : {}),
  };
}

/** The calls Casebook makes of a language-model provider. */
export type LanguageModel = {
  /** Words an answer: `facts` is all the model is told, and only what the asking user may see. */
  word?: (question: string, facts: string) => Promise<string>;
  /** The text spoken in an audio file, in the given language (ISO 639-1) when known. */
  transcribe?: (audio: Uint8Array, fileName: string, language: string | null) => Promise<string>;
};

const WORDING_PROMPT =
  'You answer staff of a medico-legal booking service. Reply in two or three plain sentences using ONLY the facts given. ' +
  'Do not invent sessions, cases, names or dates. If the facts say nothing was found, say so.';

/** The provider's client through the official SDK, against the configured base URL. */
export function openAiLanguageModel(settings: LanguageModelSettings): LanguageModel {
  // The SDK is loaded at the first call, not when the server starts.
  let sdk: Promise<{ client: OpenAI; toFile: typeof ToFile }> | undefined;
  const openai = () =>
    (sdk ??= import('openai').then(({ default: OpenAI, toFile }) => ({
      client: new OpenAI({
        baseURL: settings.baseUrl,
        apiKey: settings.apiKey || 'none',
        timeout: settings.timeoutMs ?? 20_000,
        maxRetries: 1,
      }),
      toFile,
    })));
  const model: LanguageModel = {};
  if (settings.chatModel) {
    const chatModel = settings.chatModel;
    model.word = async (question, facts) => {
      const { client } = await openai();
      const res = await client.chat.completions.create({
        model: chatModel,
        temperature: 0,
        messages: [
          { role: 'system', content: WORDING_PROMPT },
          { role: 'user', content: `Question: ${question}\n\nFacts:\n${facts}` },
        ],
      });
      const text = res.choices[0]?.message?.content?.trim();
      if (!text) throw new Error('The language model returned no text.');
      return text;
    };
  }
  if (settings.transcriptionModel) {
    const transcriptionModel = settings.transcriptionModel;
    model.transcribe = async (audio, fileName, language) => {
      const { client, toFile } = await openai();
      const res = await client.audio.transcriptions.create({
        model: transcriptionModel,
        file: await toFile(audio, fileName),
        ...(language ? { language } : {}),
        response_format: 'json',
      });
      return res.text;
    };
  }
  return model;
}
