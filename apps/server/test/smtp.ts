import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export type SmtpOptions = {
  /** Answers a delivery with a temporary failure when this returns true (seen: earlier attempts of the same Message-ID). */
  fail?: (mail: ParsedMail, seen: number) => boolean;
  /** Keeps the n-th attempt waiting without an answer (the sender never learns the outcome). */
  holdAttempt?: (attempt: number) => boolean;
};

/** A real SMTP server on a free local port that keeps what it accepts, parsed. */
export async function startSmtpServer(options: SmtpOptions = {}): Promise<{
  url: string;
  messages: ParsedMail[];
  /** Deliveries attempted (DATA received), accepted or not. */
  attempts(): number;
  /** Attempts being held without an answer. */
  held(): number;
  close(): Promise<void>;
}> {
  const messages: ParsedMail[] = [];
  const seenIds = new Map<string, number>();
  let attempts = 0;
  let held = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    closeTimeout: 500,
    onData(stream, _session, callback) {
      attempts += 1;
      const attempt = attempts;
      simpleParser(stream)
        .then((mail) => {
          if (options.holdAttempt?.(attempt)) {
            held += 1;
            return; // never answered: the message is not accepted
          }
          const seen = seenIds.get(mail.messageId ?? '') ?? 0;
          seenIds.set(mail.messageId ?? '', seen + 1);
          if (options.fail?.(mail, seen)) {
            const error = new Error('Try again later') as Error & { responseCode: number };
            error.responseCode = 451;
            callback(error);
            return;
          }
          messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    attempts: () => attempts,
    held: () => held,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits until the condition holds, checking every 100 ms; fails after the timeout. */
export async function waitFor<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
