import type { ImapFlow } from 'imapflow';
import { ProviderError } from '../provider';

/** Where a tenant's request mailbox is and who we sign in as. */
export type MailboxSettings = {
  host: string;
  port: number;
  secure: boolean;
  username: string;
  password: string;
  folder: string;
};

export type MailboxMessage = { uid: number; source: Buffer };

/** The most messages read in one pass; the rest wait for the next. */
export const MAILBOX_BATCH = 50;

/** The IMAP client is loaded when a mailbox is first read, not when the server starts. */
async function client(settings: MailboxSettings, timeoutMs: number): Promise<ImapFlow> {
  const { ImapFlow } = await import('imapflow');
  return new ImapFlow({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: { user: settings.username, pass: settings.password },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
}

function failure(error: unknown): ProviderError {
  const e = error as { authenticationFailed?: boolean; responseText?: string; code?: string; message?: string };
  if (e.authenticationFailed) return new ProviderError('the mailbox refused the user name or password', 401);
  if (e.code === 'ECONNREFUSED' || e.code === 'ENOTFOUND' || e.code === 'ETIMEDOUT' || e.code === 'NoConnection')
    return new ProviderError(`the mailbox could not be reached (${e.code})`, 0);
  return new ProviderError(e.responseText ?? e.message ?? String(error), 502);
}

/** Signs in and opens the folder, then signs out: the check made before a mailbox is kept. */
export async function checkMailbox(settings: MailboxSettings, timeoutMs: number): Promise<void> {
  const imap = await client(settings, timeoutMs);
  try {
    await imap.connect();
    await imap.mailboxOpen(settings.folder, { readOnly: true });
    await imap.logout();
  } catch (error) {
    imap.close();
    throw failure(error);
  }
}

/**
 * Reads the messages above `afterUid` (all of them when the folder's UIDVALIDITY changed), hands them to
 * `store`, and once stored marks them read. Answers the folder's UIDVALIDITY and the last UID stored.
 */
export async function readNewMessages(
  settings: MailboxSettings,
  position: { uidValidity: number | null; afterUid: number },
  timeoutMs: number,
  store: (messages: MailboxMessage[]) => Promise<void>,
): Promise<{ uidValidity: number; lastUid: number; fetched: number }> {
  const imap = await client(settings, timeoutMs);
  try {
    await imap.connect();
    const box = await imap.mailboxOpen(settings.folder);
    const uidValidity = Number(box.uidValidity);
    const after = position.uidValidity === uidValidity ? position.afterUid : 0;
    const found = await imap.search({ uid: `${after + 1}:*` }, { uid: true });
    // "n:*" also names the last message when every UID is below n: only those above are new.
    const uids = (found || [])
      .filter((uid) => uid > after)
      .sort((a, b) => a - b)
      .slice(0, MAILBOX_BATCH);
    const messages: MailboxMessage[] = [];
    if (uids.length > 0) {
      for await (const m of imap.fetch(uids.join(','), { uid: true, source: true }, { uid: true })) {
        if (m.source) messages.push({ uid: m.uid, source: m.source });
      }
    }
    messages.sort((a, b) => a.uid - b.uid);
    await store(messages);
    if (uids.length > 0) await imap.messageFlagsAdd(uids.join(','), ['\\Seen'], { uid: true });
    await imap.logout();
    return { uidValidity, lastUid: uids.at(-1) ?? after, fetched: messages.length };
  } catch (error) {
    imap.close();
    if (error instanceof ProviderError) throw error;
    throw failure(error);
  }
}
