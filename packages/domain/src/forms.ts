/** Field rules and messages of the spec's shared controls (shell.md §5, §9), word for word. */
export const FormMessages = {
  required: 'This field is required',
  /** A save with invalid fields (case modules §5); the first invalid field is scrolled to. */
  incomplete: 'Please complete required fields.',
  email: 'Please enter a valid email',
  phone: 'Phone number must be 10 digits',
  /** Chat forms name the field. */
  requiredLabel: (label: string) => `${label} is required`,
  formatLabel: (label: string) => `${label} is not in the correct format`,
  extension: (types: string) => `Only '${types}' file accepted`,
  tooLarge: (mb: number) => `The file you have selected is too large. The maximum size is ${mb}MB.`,
  tooMany: (n: number) => `You can only upload ${n} files`,
  single: 'Only 1 document is allowed',
  uploadFailed: (name: string) => `${name} file upload failed.`,
  exportNeedsFilter: 'You need to search text or filter first before exporting results.',
  loadingHint: "Hang tight! It's currently loading.",
  noData: 'No Data',
} as const;

export const TEXT_AREA_MAX = 4000;
export const TEXT_AREA_ROWS = 3;
export const NUMBER_MAX = 1e10;
export const UPLOAD_LIMIT_MB = 100;
export const PAGE_SIZES = [20, 50, 100] as const;
export const SEARCH_DEBOUNCE_MS = 500;
export const COLUMN_SETTINGS_DEBOUNCE_MS = 1000;
export const LOADING_HINT_AFTER_MS = 5000;
export const SUCCESS_NOTICE_SECONDS = 3;
export const ERROR_NOTICE_SECONDS = 5;

/** A simple e-mail pattern, as the spec's e-mail field uses. */
export function isEmail(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());
}

/** Only the digits of what was typed in a phone field. */
export function phoneDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/** A phone number is ten digits, no country code. */
export function isPhone(text: string): boolean {
  return /^\d{10}$/.test(phoneDigits(text));
}

/** Shows digits with the mask 99 9999 9999 (as many as have been typed). */
export function formatPhone(text: string): string {
  const d = phoneDigits(text).slice(0, 10);
  return [d.slice(0, 2), d.slice(2, 6), d.slice(6, 10)].filter(Boolean).join(' ');
}

/** Reads a typed number: dollar signs, commas and spaces are stripped; undefined when it is not one. */
export function parseAmount(text: string): number | undefined {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '' || !/^-?\d*\.?\d+$|^-?\d+\.$/.test(cleaned)) return undefined;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : undefined;
}

/** Why a number is out of range for a number, currency or percent field, or undefined when it is fine. */
export function checkAmount(
  value: number,
  kind: 'number' | 'currency' | 'percent',
  limits: { min?: number; max?: number } = {},
): string | undefined {
  const max = limits.max ?? NUMBER_MAX;
  const min = limits.min ?? (kind === 'currency' ? 0 : undefined);
  if (value > max) return `The value must be at most ${max.toLocaleString('en-AU')}`;
  if (min !== undefined && value < min) return `The value must be at least ${min.toLocaleString('en-AU')}`;
  return undefined;
}

/** Currency and percent show two decimals; currency with thousands separators. */
export function formatAmount(value: number, kind: 'number' | 'currency' | 'percent'): string {
  if (kind === 'number') return String(value);
  return value.toLocaleString('en-AU', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: kind === 'currency',
  });
}

/** File sizes in B, KB, MB, GB, TB (steps of 1024), two decimals, a trailing '.00' dropped. */
export function formatFileSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(2).replace(/\.00$/, '')} ${units[unit]}`;
}

/** The extension rule of an upload: the lower-case extensions allowed, checked by file name. */
export function hasAllowedExtension(fileName: string, allowed: readonly string[]): boolean {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return false;
  const ext = fileName.slice(dot).toLowerCase();
  return allowed.map((a) => (a.startsWith('.') ? a : `.${a}`).toLowerCase()).includes(ext);
}
