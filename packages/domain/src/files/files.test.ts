import { describe, expect, test } from 'vitest';
import {
  AllowedExtensions,
  allowedExtensions,
  checkExtension,
  checkSelection,
  checkSize,
  extensionOf,
  UploadMessages,
} from './upload-rules';
import { contentMatchesExtension, detectFileType } from './magic';
import { bytesToGb } from './sizes';
import { formatFileSize } from '../forms';
import { summarizeText } from './summary';
import { canDeleteFiles, isDemoAccount } from './demo';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('upload messages, word for word', () => {
  test('accepted types, size, count, single, failure', () => {
    expect(UploadMessages.onlyAccepted(['pdf', 'docx'])).toBe("Only '.pdf, .docx' file accepted");
    expect(UploadMessages.tooLarge(100)).toBe('The file you have selected is too large. The maximum size is 100MB.');
    expect(UploadMessages.tooMany(5)).toBe('You can only upload 5 files');
    expect(UploadMessages.onlyOne).toBe('Only 1 document is allowed');
    expect(UploadMessages.failed('brief.pdf')).toBe('brief.pdf file upload failed.');
    expect(UploadMessages.cleanedUp).toBe('File has been cleaned up successfully');
    expect(UploadMessages.alreadyCleanedUp).toBe('File already cleaned up. No action required');
    expect(UploadMessages.confirmDelete).toBe('Do you want to delete this file?');
    expect(UploadMessages.confirmDeleteAll).toBe('Do you want delete all files?');
    expect(UploadMessages.pdfFailed).toBe('Failed to load PDF file');
  });
});

describe('extension allow-lists', () => {
  test('the lists of the spec', () => {
    expect(AllowedExtensions.audio).toEqual(['mp3', 'dss', 'm4a', 'aac', 'wav', 'ds2', 'amr']);
    expect(AllowedExtensions.images).toEqual(['jpg', 'jpeg', 'png', 'ico', 'svg', 'gif', 'bmp', 'tif', 'tiff']);
    expect(AllowedExtensions.documents).toHaveLength(15);
    expect(AllowedExtensions.otherAudio).toEqual(['mp3', 'wav', 'wma', 'ogg', 'm4a', 'aac', 'flac', 'amr']);
    expect(AllowedExtensions.video).toEqual(['mp4', 'avi', 'mov', 'wmv', 'flv', 'mkv', 'webm']);
    expect(allowedExtensions('any')).toContain('dss');
    expect(allowedExtensions('any')).toContain('pdf');
    expect(allowedExtensions('any')).not.toContain('exe');
  });

  test('extension of a name: last dot, lower case, none for dotfiles or no dot', () => {
    expect(extensionOf('Report.Final.PDF')).toBe('pdf');
    expect(extensionOf('C:\\x\\a.docx')).toBe('docx');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('noext')).toBe('');
    expect(extensionOf('trailing.')).toBe('');
  });

  test('a name outside the list gets the accepted-types message', () => {
    expect(checkExtension('brief.pdf', ['pdf'])).toBeUndefined();
    expect(checkExtension('setup.exe', ['pdf', 'docx'])).toBe("Only '.pdf, .docx' file accepted");
    expect(checkExtension('audio.DSS', AllowedExtensions.audio)).toBeUndefined();
  });

  test('size limit: 100 MB by default, exactly the limit passes', () => {
    expect(checkSize(100 * 1024 * 1024)).toBeUndefined();
    expect(checkSize(100 * 1024 * 1024 + 1)).toBe(
      'The file you have selected is too large. The maximum size is 100MB.',
    );
    expect(checkSize(3 * 1024 * 1024, 2)).toBe('The file you have selected is too large. The maximum size is 2MB.');
  });
});

describe('uploader selection', () => {
  const f = (name: string, size = 10) => ({ name, size });
  test('a single uploader takes one document', () => {
    expect(checkSelection([f('a.pdf'), f('b.pdf')], 0, { allowed: ['pdf'], single: true })).toEqual({
      accepted: [],
      errors: ['Only 1 document is allowed'],
    });
    expect(checkSelection([f('b.pdf')], 1, { allowed: ['pdf'], single: true }).errors).toEqual([
      'Only 1 document is allowed',
    ]);
    expect(checkSelection([f('b.pdf')], 0, { allowed: ['pdf'], single: true }).accepted).toHaveLength(1);
  });
  test('the multi-upload cap counts files already there', () => {
    expect(checkSelection([f('a.pdf'), f('b.pdf')], 2, { allowed: ['pdf'], maxCount: 3 }).errors).toEqual([
      'You can only upload 3 files',
    ]);
  });
  test('multi-file uploads drop files over the limit and wrong types, keeping the rest', () => {
    const big = f('big.pdf', 101 * 1024 * 1024);
    const result = checkSelection([f('a.pdf'), big, f('x.exe'), f('c.pdf')], 0, { allowed: ['pdf'] });
    expect(result.accepted.map((x) => x.name)).toEqual(['a.pdf', 'c.pdf']);
    expect(result.errors).toEqual([
      'The file you have selected is too large. The maximum size is 100MB.',
      "Only '.pdf' file accepted",
    ]);
  });
});

describe('real type from the bytes', () => {
  const exe = bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0]);
  const elf = bytes([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]);
  test('known signatures', () => {
    expect(detectFileType(bytes('%PDF-1.7\n'))).toBe('pdf');
    expect(detectFileType(bytes([0x50, 0x4b, 3, 4, 20, 0]))).toBe('zip');
    expect(detectFileType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(detectFileType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(detectFileType(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBe('wav');
    expect(detectFileType(bytes([0, 0, 0, 0x20], 'ftypM4A '))).toBe('iso-media');
    expect(detectFileType(bytes([0x02], 'dss', [1, 2]))).toBe('dss');
    expect(detectFileType(exe)).toBe('executable');
    expect(detectFileType(elf)).toBe('executable');
    expect(detectFileType(bytes('#!/bin/sh\nrm -rf /'))).toBe('executable');
    expect(detectFileType(bytes('plain words\n'))).toBe('text');
    expect(detectFileType(bytes([1, 0, 2, 0]))).toBeUndefined();
  });
  test('a renamed program is refused under any allowed name', () => {
    for (const ext of ['pdf', 'docx', 'txt', 'jpg', 'mp3', 'zip', 'html']) {
      expect(contentMatchesExtension(ext, exe), ext).toBe(false);
      expect(contentMatchesExtension(ext, elf), ext).toBe(false);
    }
  });
  test('a file is accepted when its bytes are what its name says', () => {
    expect(contentMatchesExtension('pdf', bytes('%PDF-1.4'))).toBe(true);
    expect(contentMatchesExtension('PDF', bytes('%PDF-1.4'))).toBe(true);
    expect(contentMatchesExtension('docx', bytes([0x50, 0x4b, 3, 4]))).toBe(true);
    expect(contentMatchesExtension('txt', bytes('notes'))).toBe(true);
    expect(contentMatchesExtension('pdf', bytes('notes'))).toBe(false);
    expect(contentMatchesExtension('png', bytes('%PDF-1.4'))).toBe(false);
    expect(contentMatchesExtension('exe', exe)).toBe(false);
  });
});

describe('file sizes', () => {
  test('B to TB in steps of 1024, 2 decimals, trailing .00 dropped', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.50 KB');
    expect(formatFileSize(1024 * 1024 * 2.25)).toBe('2.25 MB');
    expect(formatFileSize(1024 ** 3)).toBe('1 GB');
    expect(formatFileSize(1024 ** 4 * 3)).toBe('3 TB');
    expect(formatFileSize(1024 ** 5)).toBe('1024 TB');
    expect(formatFileSize(1234567)).toBe('1.18 MB');
  });
  test('gigabytes with one decimal', () => {
    expect(bytesToGb(0)).toBe(0);
    expect(bytesToGb(1.25 * 1024 ** 3)).toBe(1.3);
    expect(bytesToGb(1024 ** 2)).toBe(0);
  });
});

describe('extractive summary', () => {
  test('keeps the sentences about the main subject, in order', () => {
    const text =
      'The claimant injured the lumbar spine at work. Lunch was served at noon. ' +
      'Lumbar spine pain persists and the lumbar range is limited. The weather was mild. ' +
      'Spine imaging confirms a lumbar disc injury.';
    const summary = summarizeText(text, 2);
    expect(summary).toContain('lumbar');
    expect(summary).not.toContain('weather');
    expect(summary).not.toContain('Lunch');
    expect(summarizeText('One sentence only.')).toBe('One sentence only.');
  });
});

describe('who may do what with files', () => {
  test('contractors cannot delete; demo accounts are users of a demo tenant except admin staff', () => {
    expect(canDeleteFiles(['CONTRACTOR'])).toBe(false);
    expect(canDeleteFiles(['STAFF'])).toBe(true);
    expect(isDemoAccount(['STAFF'], { IsDemo: 'True' })).toBe(true);
    expect(isDemoAccount(['ADMIN_STAFF'], { IsDemo: 'true' })).toBe(false);
    expect(isDemoAccount(['STAFF'], {})).toBe(false);
  });
});
