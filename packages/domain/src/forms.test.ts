import { describe, expect, test } from 'vitest';
import {
  checkAmount,
  formatAmount,
  formatFileSize,
  formatPhone,
  FormMessages,
  hasAllowedExtension,
  isEmail,
  isPhone,
  parseAmount,
} from './forms';

describe('phone', () => {
  test('ten digits, no country code, shown as 99 9999 9999', () => {
    expect(isPhone('0412345678')).toBe(true);
    expect(isPhone('04 1234 5678')).toBe(true);
    expect(isPhone('+61412345678')).toBe(false);
    expect(isPhone('041234567')).toBe(false);
    expect(formatPhone('0412345678')).toBe('04 1234 5678');
    expect(formatPhone('04123')).toBe('04 123');
    expect(formatPhone('041234567890')).toBe('04 1234 5678');
  });
});

describe('amounts', () => {
  test('dollar signs and commas are stripped when reading', () => {
    expect(parseAmount('$1,234.50')).toBe(1234.5);
    expect(parseAmount(' 12 ')).toBe(12);
    expect(parseAmount('abc')).toBeUndefined();
    expect(parseAmount('')).toBeUndefined();
    expect(parseAmount('1.2.3')).toBeUndefined();
  });

  test('at most 1e10 by default; currency at least 0', () => {
    expect(checkAmount(1e10, 'number')).toBeUndefined();
    expect(checkAmount(1e10 + 1, 'number')).toMatch(/at most/);
    expect(checkAmount(-1, 'currency')).toMatch(/at least 0/);
    expect(checkAmount(-1, 'number')).toBeUndefined();
  });

  test('currency and percent show two decimals', () => {
    expect(formatAmount(1234.5, 'currency')).toBe('1,234.50');
    expect(formatAmount(12.345, 'percent')).toBe('12.35');
    expect(formatAmount(7, 'number')).toBe('7');
  });
});

describe('files', () => {
  test.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.50 KB'],
    [100 * 1024 * 1024, '100 MB'],
    [1.25 * 1024 ** 3, '1.25 GB'],
    [3 * 1024 ** 4, '3 TB'],
  ])('%d bytes show as %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  test('extensions are checked case-insensitively', () => {
    expect(hasAllowedExtension('Report.PDF', ['pdf', 'docx'])).toBe(true);
    expect(hasAllowedExtension('virus.pdf.exe', ['.pdf'])).toBe(false);
    expect(hasAllowedExtension('noextension', ['pdf'])).toBe(false);
  });

  test('upload messages are the spec words', () => {
    expect(FormMessages.extension('.pdf, .docx')).toBe("Only '.pdf, .docx' file accepted");
    expect(FormMessages.tooLarge(100)).toBe('The file you have selected is too large. The maximum size is 100MB.');
    expect(FormMessages.tooMany(5)).toBe('You can only upload 5 files');
    expect(FormMessages.uploadFailed('brief.pdf')).toBe('brief.pdf file upload failed.');
  });
});

test('e-mail uses a simple pattern', () => {
  expect(isEmail('someone@example.com')).toBe(true);
  expect(isEmail('someone@example')).toBe(false);
  expect(isEmail('some one@example.com')).toBe(false);
});
