import net from 'node:net';
import type { AddressInfo } from 'node:net';

/** A message in the fake mailbox. */
export type FakeMessage = { uid: number; flags: Set<string>; source: Buffer };

/**
 * A local IMAP server for tests and the demo: the part of IMAP4rev1 (RFC 3501) a mail client needs to read
 * a folder: CAPABILITY, LOGIN, LIST, SELECT/EXAMINE, UID SEARCH, UID FETCH (UID, FLAGS, BODY[]/BODY.PEEK[],
 * RFC822.SIZE), UID STORE (+/-FLAGS), NOOP and LOGOUT. One user per server; folders are made by append().
 * Plain TCP only (no TLS); connections are counted, and a wrong password is refused as a server would.
 */
export class FakeImapServer {
  #server: net.Server | undefined;
  readonly #sockets = new Set<net.Socket>();
  readonly folders = new Map<string, { uidValidity: number; uidNext: number; messages: FakeMessage[] }>();
  host = '127.0.0.1';
  port = 0;
  /** Commands received (tag removed), for tests. */
  readonly commands: string[] = [];
  logins = 0;

  constructor(
    readonly username = 'requests@casebook.test',
    readonly password = 'mailbox-password',
  ) {
    this.folders.set('INBOX', { uidValidity: 1, uidNext: 1, messages: [] });
  }

  async start(port = 0): Promise<this> {
    this.#server = net.createServer((socket) => this.#session(socket));
    await new Promise<void>((resolve) => this.#server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.#server.address() as AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    for (const s of this.#sockets) s.destroy();
    if (this.#server) await new Promise<void>((resolve) => this.#server!.close(() => resolve()));
  }

  /** Delivers a message to a folder; its UID. */
  append(source: string | Buffer, folder = 'INBOX', flags: string[] = []): number {
    let box = this.folders.get(folder);
    if (!box) {
      box = { uidValidity: 1, uidNext: 1, messages: [] };
      this.folders.set(folder, box);
    }
    const uid = box.uidNext++;
    box.messages.push({ uid, flags: new Set(flags), source: Buffer.isBuffer(source) ? source : Buffer.from(source) });
    return uid;
  }

  #session(socket: net.Socket): void {
    this.#sockets.add(socket);
    socket.on('close', () => this.#sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = Buffer.alloc(0);
    let pending: { line: string; need: number } | undefined;
    const state: { user: boolean; folder: string | undefined; readOnly: boolean } = {
      user: false,
      folder: undefined,
      readOnly: false,
    };
    const write = (text: string | Buffer) => {
      if (!socket.destroyed) socket.write(text);
    };
    write('* OK [CAPABILITY IMAP4rev1 UIDPLUS] Casebook fake IMAP ready\r\n');

    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (pending && pending.need > 0) {
          if (buffer.length < pending.need) return;
          pending.line += `"${buffer
            .subarray(0, pending.need)
            .toString('utf8')
            .replace(/(["\\])/g, '\\$1')}"`;
          buffer = buffer.subarray(pending.need);
          pending.need = 0;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const part = buffer.subarray(0, end).toString('utf8');
        buffer = buffer.subarray(end + 2);
        const line = (pending?.line ?? '') + part;
        const literal = /\{(\d+)(\+?)\}$/.exec(line);
        if (literal) {
          pending = { line: line.slice(0, literal.index), need: Number(literal[1]) };
          if (!literal[2]) write('+ Ready for literal data\r\n');
          continue;
        }
        pending = undefined;
        this.#command(line, state, write, socket);
      }
    });
  }

  #command(
    line: string,
    state: { user: boolean; folder: string | undefined; readOnly: boolean },
    write: (text: string | Buffer) => void,
    socket: net.Socket,
  ): void {
    const tokens = tokenize(line);
    const tag = typeof tokens[0] === 'string' ? tokens[0] : '*';
    const args = tokens.slice(1);
    let name = String(args.shift() ?? '').toUpperCase();
    let byUid = false;
    if (name === 'UID') {
      byUid = true;
      name = String(args.shift() ?? '').toUpperCase();
    }
    this.commands.push(`${byUid ? 'UID ' : ''}${name}`);
    const ok = (text = `${name} completed`) => write(`${tag} OK ${text}\r\n`);
    const no = (text: string) => write(`${tag} NO ${text}\r\n`);
    const bad = (text: string) => write(`${tag} BAD ${text}\r\n`);
    const box = state.folder ? this.folders.get(state.folder) : undefined;

    switch (name) {
      case 'CAPABILITY':
        write('* CAPABILITY IMAP4rev1 UIDPLUS\r\n');
        return ok();
      case 'NOOP':
        return ok();
      case 'LOGOUT':
        write('* BYE Logging out\r\n');
        ok();
        socket.end();
        return;
      case 'LOGIN': {
        const [user, pass] = args.map(String);
        if (user !== this.username || pass !== this.password) return no('[AUTHENTICATIONFAILED] Invalid credentials');
        state.user = true;
        this.logins++;
        return ok('[CAPABILITY IMAP4rev1 UIDPLUS] LOGIN completed');
      }
    }
    if (!state.user) return bad('Sign in first');
    switch (name) {
      case 'LIST':
      case 'LSUB': {
        for (const folder of this.folders.keys()) write(`* ${name} (\\HasNoChildren) "/" ${quote(folder)}\r\n`);
        return ok();
      }
      case 'SELECT':
      case 'EXAMINE': {
        const folder = String(args[0] ?? '');
        const found = this.folders.get(folder) ?? this.folders.get(folder.toUpperCase() === 'INBOX' ? 'INBOX' : '');
        if (!found) return no('[NONEXISTENT] No such folder');
        state.folder = this.folders.get(folder) ? folder : 'INBOX';
        state.readOnly = name === 'EXAMINE';
        write('* FLAGS (\\Answered \\Flagged \\Deleted \\Seen \\Draft)\r\n');
        write('* OK [PERMANENTFLAGS (\\Answered \\Flagged \\Deleted \\Seen \\Draft \\*)] Flags permitted\r\n');
        write(`* ${found.messages.length} EXISTS\r\n`);
        write('* 0 RECENT\r\n');
        write(`* OK [UIDVALIDITY ${found.uidValidity}] UIDs valid\r\n`);
        write(`* OK [UIDNEXT ${found.uidNext}] Predicted next UID\r\n`);
        return ok(`[${state.readOnly ? 'READ-ONLY' : 'READ-WRITE'}] ${name} completed`);
      }
      case 'CLOSE':
      case 'UNSELECT':
        state.folder = undefined;
        return ok();
    }
    if (!box) return bad('Select a folder first');
    const numbered = box.messages.map((m, i) => ({ m, seq: i + 1 }));
    const pick = (set: string) => {
      const max = byUid ? (box.messages.at(-1)?.uid ?? 0) : box.messages.length;
      const wanted = sequenceSet(set, max);
      return numbered.filter(({ m, seq }) => wanted(byUid ? m.uid : seq));
    };
    switch (name) {
      case 'SEARCH': {
        let found = numbered;
        for (let i = 0; i < args.length; i++) {
          const key = String(args[i]).toUpperCase();
          if (key === 'ALL') continue;
          if (key === 'UID') {
            const chosen = new Set(sequenceMatches(String(args[++i]), box.messages.at(-1)?.uid ?? 0, box.messages));
            found = found.filter(({ m }) => chosen.has(m.uid));
          } else if (key === 'UNSEEN') found = found.filter(({ m }) => !m.flags.has('\\Seen'));
          else if (key === 'SEEN') found = found.filter(({ m }) => m.flags.has('\\Seen'));
          else if (/^[\d:*,]+$/.test(key)) {
            const wanted = sequenceSet(key, box.messages.length);
            found = found.filter(({ seq }) => wanted(seq));
          } else return bad(`Search key ${key} is not supported here`);
        }
        write(`* SEARCH${found.map(({ m, seq }) => ` ${byUid ? m.uid : seq}`).join('')}\r\n`);
        return ok();
      }
      case 'FETCH': {
        const items = (Array.isArray(args[1]) ? args[1] : [args[1]]).map((x) => String(x).toUpperCase());
        for (const { m, seq } of pick(String(args[0]))) {
          const parts: (string | Buffer)[] = [`UID ${m.uid}`];
          let peek = true;
          for (const item of items) {
            if (item === 'FLAGS') parts.push(`FLAGS (${[...m.flags].join(' ')})`);
            else if (item === 'RFC822.SIZE') parts.push(`RFC822.SIZE ${m.source.length}`);
            else if (item === 'BODY[]' || item === 'BODY.PEEK[]' || item === 'RFC822') {
              if (item !== 'BODY.PEEK[]') peek = false;
              parts.push(Buffer.concat([Buffer.from(`BODY[] {${m.source.length}}\r\n`), m.source]));
            }
          }
          if (!peek && !state.readOnly) m.flags.add('\\Seen');
          const pieces = parts.flatMap((p, i) => (i === 0 ? [p] : [' ', p]));
          write(
            Buffer.concat([
              Buffer.from(`* ${seq} FETCH (`),
              ...pieces.map((p) => Buffer.from(p)),
              Buffer.from(')\r\n'),
            ]),
          );
        }
        return ok();
      }
      case 'STORE': {
        if (state.readOnly) return no('Folder is read-only');
        const action = String(args[1]).toUpperCase();
        const flags = (Array.isArray(args[2]) ? args[2] : [args[2]]).map(String);
        for (const { m, seq } of pick(String(args[0]))) {
          if (action.startsWith('+')) for (const f of flags) m.flags.add(f);
          else if (action.startsWith('-')) for (const f of flags) m.flags.delete(f);
          else m.flags = new Set(flags);
          if (!action.endsWith('.SILENT')) write(`* ${seq} FETCH (UID ${m.uid} FLAGS (${[...m.flags].join(' ')}))\r\n`);
        }
        return ok();
      }
    }
    return bad(`${name} is not supported here`);
  }
}

type Token = string | Token[];

/** Atoms, quoted strings and parenthesised lists of a command line (literals arrive already quoted). */
function tokenize(line: string): Token[] {
  const root: Token[] = [];
  const stack: Token[][] = [root];
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (c === ' ') i++;
    else if (c === '(') {
      const list: Token[] = [];
      stack.at(-1)!.push(list);
      stack.push(list);
      i++;
    } else if (c === ')') {
      if (stack.length > 1) stack.pop();
      i++;
    } else if (c === '"') {
      let s = '';
      i++;
      while (i < line.length && line[i] !== '"') {
        if (line[i] === '\\') i++;
        s += line[i] ?? '';
        i++;
      }
      i++;
      stack.at(-1)!.push(s);
    } else {
      // An atom; BODY.PEEK[...] and BODY[] keep their brackets.
      let s = '';
      let depth = 0;
      while (i < line.length && (depth > 0 || (line[i] !== ' ' && line[i] !== ')' && line[i] !== '('))) {
        if (line[i] === '[') depth++;
        if (line[i] === ']') depth--;
        s += line[i];
        i++;
      }
      stack.at(-1)!.push(s);
    }
  }
  return root;
}

/** A sequence set ("1:*", "4,7:9") as a test of numbers; `*` is the largest number in use. */
function sequenceSet(set: string, max: number): (n: number) => boolean {
  const ranges = set.split(',').map((r) => {
    const [a, b] = r.split(':').map((x) => (x === '*' ? max : Number(x)));
    const lo = Math.min(a!, b ?? a!);
    const hi = Math.max(a!, b ?? a!);
    return [lo, hi] as const;
  });
  return (n) => ranges.some(([lo, hi]) => n >= lo && n <= hi);
}

function sequenceMatches(set: string, maxUid: number, messages: FakeMessage[]): number[] {
  const wanted = sequenceSet(set, maxUid);
  return messages.filter((m) => wanted(m.uid)).map((m) => m.uid);
}

const quote = (s: string) => `"${s.replace(/(["\\])/g, '\\$1')}"`;
