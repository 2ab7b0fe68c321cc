import { TaskError, WorkerFailure, WorkerPool, type WorkerPoolOptions } from '../../platform/files/worker-pool';
import type { DocumentRequest, Merged } from './document-tasks';
import type { LoiData } from '@casebook/domain';
import type { Extracted } from './text-extraction';

/**
 * Limits of the document workers. Two workers at most (the servers have two cores), each with a heap
 * well under the server's, and two minutes for one document: a parser that needs more is stopped.
 */
export const DEFAULT_DOCUMENT_LIMITS: WorkerPoolOptions = {
  size: 2,
  limits: { maxOldGenerationSizeMb: 384, maxYoungGenerationSizeMb: 48, stackSizeMb: 8, timeLimitMs: 120_000 },
  maxQueued: 50,
  idleMs: 5 * 60_000,
};

/** Why a document was not processed: too large once inflated, unreadable, or the worker failed (memory, time). */
export type DocumentFailure = 'tooLarge' | 'unreadable' | 'workerFailed';

export class DocumentError extends Error {
  constructor(
    readonly failure: DocumentFailure,
    message: string,
  ) {
    super(message);
    this.name = 'DocumentError';
  }
}

/**
 * Text extraction, PDF merging and summaries of uploaded documents, each in a pool worker with memory
 * and time limits (document-tasks.ts). The server's event loop only waits for the answer.
 */
export class DocumentProcessor {
  readonly pool: WorkerPool<DocumentRequest, unknown>;

  constructor(options: WorkerPoolOptions = DEFAULT_DOCUMENT_LIMITS) {
    this.pool = new WorkerPool(new URL('./document-tasks.ts', import.meta.url), options);
  }

  /** The text and page count of a document; a zip-based one that inflates past the limits is tooLarge. */
  extract(bytes: Uint8Array, extension: string): Promise<Extracted> {
    return this.#run({ kind: 'extract', bytes, extension }) as Promise<Extracted>;
  }

  /** PDFs merged in the order given. */
  merge(pdfs: { fileName: string; bytes: Uint8Array }[]): Promise<Merged> {
    return this.#run({ kind: 'merge', pdfs }) as Promise<Merged>;
  }

  /** What a letter of instruction says: claimant, dates and questions (its layout read in the worker). */
  extractLoi(bytes: Uint8Array, extension: string): Promise<LoiData> {
    return this.#run({ kind: 'loi', bytes, extension }) as Promise<LoiData>;
  }

  summarize(text: string, maxSentences: number): Promise<string> {
    return this.#run({ kind: 'summarize', text, maxSentences }) as Promise<string>;
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  async #run(request: DocumentRequest): Promise<unknown> {
    try {
      return await this.pool.run(request);
    } catch (error) {
      if (error instanceof TaskError) {
        throw new DocumentError(error.code === 'ZipTooLarge' ? 'tooLarge' : 'unreadable', error.message);
      }
      if (error instanceof WorkerFailure) throw new DocumentError('workerFailed', error.message);
      throw error;
    }
  }
}
