import { describe, expect, it } from 'vitest';
import { checkUpload, formatFileSize, UPLOAD_DEFAULTS, UPLOAD_KINDS, type UploadRules } from './uploads.js';

const KB = 1024;
const rules: UploadRules = { maxKilobytes: 100, namePattern: /^[a-z]+\.txt$/, mimePattern: /^text\/plain$/ };

describe('checkUpload (spec §5)', () => {
  it.each([
    ['an allowed file', { name: 'notes.txt', size: 10 * KB, type: 'text/plain' }, null],
    ['exactly the limit', { name: 'notes.txt', size: 100 * KB, type: 'text/plain' }, null],
    [
      'one byte over the limit',
      { name: 'notes.txt', size: 100 * KB + 1, type: 'text/plain' },
      { key: 'upload.invalid_size', params: { value: '100' } },
    ],
    [
      'an empty file',
      { name: 'notes.txt', size: 0, type: 'text/plain' },
      { key: 'upload.invalid_size', params: { value: '100' } },
    ],
    [
      'a name outside the pattern',
      { name: 'Notes.TXT', size: 1, type: 'text/plain' },
      { key: 'upload.invalid_name', params: { value: 'Notes.TXT' } },
    ],
    [
      'a type outside the pattern',
      { name: 'notes.txt', size: 1, type: 'text/html' },
      { key: 'upload.invalid_type', params: { value: 'text/html' } },
    ],
    [
      'no declared type',
      { name: 'notes.txt', size: 1, type: '' },
      { key: 'upload.invalid_type', params: { value: '?' } },
    ],
    [
      'every rule broken reports the type first',
      { name: 'x.exe', size: 999 * KB, type: 'application/x-msdownload' },
      { key: 'upload.invalid_type', params: { value: 'application/x-msdownload' } },
    ],
    [
      'a bad name and size reports the name first',
      { name: 'x.exe', size: 999 * KB, type: 'text/plain' },
      { key: 'upload.invalid_name', params: { value: 'x.exe' } },
    ],
  ])('%s', (_case, file, expected) => {
    expect(checkUpload(file, rules)).toEqual(expected);
  });
});

describe('the avatar kind', () => {
  const avatar = UPLOAD_KINDS.avatar;
  it.each([
    ['photo.png', 'image/png', true],
    ['Fotoğraf Şubat.JPG', 'image/jpeg', true],
    ['portrait.jpeg', 'image/jpeg', true],
    ['wave.webp', 'image/webp', true],
    ['anim.gif', 'image/gif', true],
    ['vector.svg', 'image/svg+xml', false],
    ['photo.png', 'text/html', false],
    ['../../etc/passwd.png', 'image/png', false],
    ['dir\\photo.png', 'image/png', false],
    ['photo.png.exe', 'image/png', false],
    ['line\nbreak.png', 'image/png', false],
    ['.png', 'image/png', false],
  ])('%s as %s allowed: %s', (name, type, allowed) => {
    expect(checkUpload({ name, type, size: 10 * KB }, avatar) === null).toBe(allowed);
  });

  it('allows 2048 KB and not a byte more', () => {
    expect(checkUpload({ name: 'a.png', type: 'image/png', size: 2048 * KB }, avatar)).toBeNull();
    expect(checkUpload({ name: 'a.png', type: 'image/png', size: 2048 * KB + 1 }, avatar)).toEqual({
      key: 'upload.invalid_size',
      params: { value: '2048' },
    });
  });
});

describe('upload defaults and sizes (spec §9)', () => {
  it('sends one file at a time by POST in files[]', () => {
    expect(UPLOAD_DEFAULTS).toEqual({ concurrency: 1, method: 'POST', fieldName: 'files[]' });
  });

  it.each([
    [0, '0 Bytes'],
    [-5, '0 Bytes'],
    [512, '512 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [2048 * 1024, '2 MB'],
    [1.25 * 1024 ** 3, '1.25 GB'],
    [3 * 1024 ** 4, '3 TB'],
    [5 * 1024 ** 5, '5120 TB'],
  ])('%d bytes reads %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
