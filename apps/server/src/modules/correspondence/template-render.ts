/** Placeholders look like {{name}}; names are letters, digits, dots and underscores. */
const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_.]*)\s*\}\}/g;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

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
 */
export function renderTemplate(
  template: { subject: string; templateContent: string },
  values: Readonly<Record<string, string | number | null | undefined>>,
): RenderedMail {
  const valueOf = (name: string) => {
    const v = values[name];
    return v === null || v === undefined ? '' : String(v);
  };
  const subject = template.subject
    .replace(PLACEHOLDER, (_m, name: string) => valueOf(name))
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const html = template.templateContent.replace(PLACEHOLDER, (_m, name: string) => escapeHtml(valueOf(name)));
  return { subject, html, text: htmlToPlainText(html) };
}

/** A plain-text alternative of an HTML body. */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
