const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML text or attribute content: the five characters with a meaning in HTML escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * The input with every `<…>` run removed, as `html.replace(/<[^>]*>/g, '')` does, in linear time (that
 * regex backtracks over the rest of the input at every '<' that has no '>' after it).
 */
export function removeTags(html: string): string {
  const parts: string[] = [];
  let i = 0;
  for (;;) {
    const lt = html.indexOf('<', i);
    if (lt === -1) break;
    const gt = html.indexOf('>', lt + 1);
    // No '>' after this '<' means none after any later '<' either: the rest stays as it is.
    if (gt === -1) break;
    parts.push(html.slice(i, lt));
    i = gt + 1;
  }
  parts.push(html.slice(i));
  return parts.join('');
}

/** Elements whose content is not text: skipped up to their end tag. */
const RAW_TEXT = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'svg', 'math']);
/** Elements that start and end a line. */
const BLOCKS = new Set(
  'address article aside blockquote body caption dd div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hr html li main nav ol p pre section summary table tbody tfoot thead title tr ul'.split(
    ' ',
  ),
);
/** Cells: a space between neighbours. */
const CELLS = new Set(['td', 'th']);
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  copy: '©',
  reg: '®',
  deg: '°',
  euro: '€',
  pound: '£',
  sect: '§',
  para: '¶',
  middot: '·',
  bull: '•',
  times: '×',
};
/** The longest entity read (&#x10FFFF; and the names above fit). */
const MAX_ENTITY = 10;

/**
 * The text of an HTML (or XML) document: tags, comments and script or style content dropped, entities
 * decoded, block elements and <br> as line breaks, at most one empty line in a row.
 *
 * One pass over the input with no backtracking: every character is looked at a bounded number of times,
 * so the work is linear in the length whatever the markup (an unclosed tag or comment ends the text,
 * as in a browser).
 */
export function htmlToText(html: string): string {
  const out = new TextBuilder();
  const n = html.length;
  // Text runs from textStart to the next markup; a '<' that starts no markup is text ("a < b").
  let textStart = 0;
  let i = 0;
  for (;;) {
    const lt = html.indexOf('<', i);
    if (lt === -1) break;
    const next = html.charCodeAt(lt + 1);
    const comment = html.startsWith('<!--', lt);
    const declaration = next === 0x21 /* ! */ || next === 0x3f; /* ? */
    const closing = next === 0x2f; /* / */
    if (!comment && !declaration && !isAsciiLetter(closing ? html.charCodeAt(lt + 2) : next)) {
      i = lt + 1;
      continue;
    }
    if (lt > textStart) out.text(html, textStart, lt);
    if (comment) {
      const end = html.indexOf('-->', lt + 4);
      i = end === -1 ? n : end + 3;
    } else if (declaration) {
      const end = html.indexOf('>', lt + 2);
      i = end === -1 ? n : end + 1;
    } else {
      const nameStart = lt + (closing ? 2 : 1);
      let nameEnd = nameStart;
      while (nameEnd < n && !isTagNameEnd(html.charCodeAt(nameEnd))) nameEnd++;
      const tagEnd = endOfTag(html, nameEnd);
      const name = html.slice(nameStart, nameEnd).toLowerCase();
      i = tagEnd === -1 ? n : tagEnd + 1;
      if (tagEnd === -1) {
        // An unclosed tag: the rest of the input is inside it.
      } else if (!closing && RAW_TEXT.has(name) && html.charCodeAt(tagEnd - 1) !== 0x2f) {
        i = endOfRawText(html, i, name);
      } else if (name === 'br') {
        out.lineBreak();
      } else if (BLOCKS.has(name)) {
        out.blockBoundary(!closing && name === 'p');
      } else if (CELLS.has(name)) {
        out.space();
      }
    }
    textStart = i;
  }
  if (textStart < n) out.text(html, textStart, n);
  return out.result();
}

function isAsciiLetter(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;
}

function isTagNameEnd(c: number): boolean {
  return isSpace(c) || c === 0x2f || c === 0x3e;
}

/**
 * The index of the '>' that ends a tag whose attributes start at `from`, skipping quoted attribute
 * values; -1 when the input ends first. Each character is read once.
 */
function endOfTag(html: string, from: number): number {
  const n = html.length;
  let i = from;
  while (i < n) {
    const c = html.charCodeAt(i);
    if (c === 0x3e) return i;
    if (c === 0x3d /* = */) {
      i++;
      while (i < n && isSpace(html.charCodeAt(i))) i++;
      const q = html.charCodeAt(i);
      if (q === 0x22 || q === 0x27) {
        const close = html.indexOf(q === 0x22 ? '"' : "'", i + 1);
        if (close === -1) return -1;
        i = close + 1;
      }
      continue;
    }
    i++;
  }
  return -1;
}

/** Where the text after a raw-text element's end tag starts (the input's end when it has none). */
function endOfRawText(html: string, from: number, name: string): number {
  const closing = new RegExp(`</${name}(?=[\\s/>])`, 'gi');
  closing.lastIndex = from;
  const match = closing.exec(html);
  if (!match) return html.length;
  const end = endOfTag(html, match.index + 2 + name.length);
  return end === -1 ? html.length : end + 1;
}

/** Decodes one entity at `at` (an '&'), read before `end`: its text and where the input goes on, or null. */
function entityAt(html: string, at: number, end: number): { text: string; next: number } | null {
  // The ';' is looked for within the longest entity only, so a text of many '&' stays linear.
  const limit = Math.min(end, at + 2 + MAX_ENTITY);
  let semi = at + 1;
  while (semi < limit && html.charCodeAt(semi) !== 0x3b) semi++;
  if (semi >= limit) return null;
  const body = html.slice(at + 1, semi);
  let code: number | undefined;
  if (/^#[0-9]{1,7}$/.test(body)) code = Number(body.slice(1));
  else if (/^#[xX][0-9a-fA-F]{1,6}$/.test(body)) code = parseInt(body.slice(2), 16);
  if (code !== undefined) {
    const ok = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    return { text: ok ? String.fromCodePoint(code) : '\ufffd', next: semi + 1 };
  }
  const named = Object.hasOwn(NAMED_ENTITIES, body) ? NAMED_ENTITIES[body] : undefined;
  return named === undefined ? null : { text: named, next: semi + 1 };
}

/** Builds the text: white space and line breaks settled as they come, so no pass over the result is needed. */
class TextBuilder {
  private readonly parts: string[] = [];
  /** Line breaks owed before the next text (at most 2: one empty line). */
  private breaks = 0;
  private spaceOwed = false;
  private started = false;

  text(html: string, from: number, to: number): void {
    let runStart = from;
    for (let i = from; i < to; i++) {
      const c = html.charCodeAt(i);
      if (c === 0x26 /* & */) {
        const entity = entityAt(html, i, to);
        if (!entity) continue;
        this.word(html.slice(runStart, i));
        if (entity.text === ' ') this.space();
        else this.word(entity.text);
        i = entity.next - 1;
        runStart = entity.next;
      } else if (isSpace(c)) {
        this.word(html.slice(runStart, i));
        this.space();
        runStart = i + 1;
      }
    }
    this.word(html.slice(runStart, to));
  }

  private word(s: string): void {
    if (s.length === 0) return;
    if (this.started && this.breaks > 0) this.parts.push(this.breaks === 1 ? '\n' : '\n\n');
    else if (this.started && this.spaceOwed) this.parts.push(' ');
    this.breaks = 0;
    this.spaceOwed = false;
    this.started = true;
    this.parts.push(s);
  }

  space(): void {
    if (this.breaks === 0) this.spaceOwed = true;
  }

  lineBreak(): void {
    this.breaks = Math.min(this.breaks + 1, 2);
    this.spaceOwed = false;
  }

  /** A block's start or end: a new line; a paragraph's start: an empty line before it. */
  blockBoundary(paragraph: boolean): void {
    this.breaks = Math.max(this.breaks, paragraph ? 2 : 1);
    this.spaceOwed = false;
  }

  result(): string {
    return this.parts.join('');
  }
}
