import { escapeHtml, removeTags } from '../../platform/html';

/** Placeholders look like {{name}}; names are letters, digits, dots and underscores. */
const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_.]*)\s*\}\}/g;

/** The placeholder names a template uses, in order of first use. */
export function placeholdersOf(...texts: string[]): string[] {
  const names = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(PLACEHOLDER)) names.add(m[1]!);
  return [...names];
}

export type RenderedMail = { subject: string; html: string; text: string };

/**
 * Fills a template. Values are data, never markup: in the body they are HTML-escaped, in the subject
 * line breaks are removed (no header injection). A placeholder without a value renders empty.
 *
 * A block is a part the application composes itself (a day sheet's list of bookings): its placeholder
 * takes the block's own HTML in the body and its own plain text in the text part (kept as written, so
 * its layout survives), and nothing in the subject. A block the body does not place (a tenant's own
 * wording left it out) is added at its end, so the e-mail always carries it.
 */
export function renderTemplate(
  template: { subject: string; templateContent: string },
  values: Readonly<Record<string, string | number | null | undefined>>,
  blocks: Readonly<Record<string, MailBlock>> = {},
): RenderedMail {
  const valueOf = (name: string) => {
    const v = values[name];
    return v === null || v === undefined ? '' : String(v);
  };
  const isBlock = (name: string) => Object.hasOwn(blocks, name);
  const placed = new Set(placeholdersOf(template.templateContent));
  const content = [
    template.templateContent,
    ...Object.keys(blocks)
      .filter((name) => !placed.has(name))
      .map((name) => `{{${name}}}`),
  ].join('\n');
  const subject = template.subject
    .replace(PLACEHOLDER, (_m, name: string) => (isBlock(name) ? '' : valueOf(name)))
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const fill = (block: (name: string) => string) =>
    content.replace(PLACEHOLDER, (_m, name: string) => (isBlock(name) ? block(name) : escapeHtml(valueOf(name))));
  const html = fill((name) => blocks[name]!.html);
  // The text part: the template's HTML as text, each block's own text put where its placeholder was.
  const text = htmlToPlainText(fill((name) => `\n${BLOCK_MARK}${name}${BLOCK_MARK}\n`)).replace(
    new RegExp(`${BLOCK_MARK}([^${BLOCK_MARK}]*)${BLOCK_MARK}`, 'g'),
    (_m, name: string) => blocks[name]!.text,
  );
  return { subject, html, text };
}

/** A part of an e-mail the application composes: trusted HTML and its plain-text version. */
export type MailBlock = { html: string; text: string };

/** Marks where a block goes in the text part (a character no template or value contains). */
const BLOCK_MARK = '\u0000';

/** A plain-text alternative of an HTML body. */
export function htmlToPlainText(html: string): string {
  // Each step is linear: a tenant's template is up to 200,000 characters of anyone's markup.
  return removeTags(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|h[1-6]|tr)>/gi, '\n'))
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .split('\n')
    .map(trimLineEnd)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A line without its trailing spaces and tabs (a regex for it backtracks over long runs of spaces). */
function trimLineEnd(line: string): string {
  let end = line.length;
  while (end > 0 && (line.charCodeAt(end - 1) === 0x20 || line.charCodeAt(end - 1) === 0x09)) end--;
  return line.slice(0, end);
}
