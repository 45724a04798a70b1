import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContainerDuration } from './video-duration.js';

/** The demo library's 8-second WebM (MediaRecorder's output, with the Duration its script writes). */
const webm = readFileSync(
  path.resolve(import.meta.dirname, '../../../../../api/src/db/seed/media/video-onboarding-tr.webm'),
);

/** A box of the ISO base media format: size, type, body. */
function box(type: string, ...parts: Uint8Array[]): Uint8Array {
  const size = 8 + parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, size);
  out.set(new TextEncoder().encode(type), 4);
  let at = 8;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A version 0 movie header: flags, creation and modification times, time scale, duration. */
function mvhd(timescale: number, duration: number): Uint8Array {
  const body = new Uint8Array(100);
  const view = new DataView(body.buffer);
  view.setUint32(12, timescale);
  view.setUint32(16, duration);
  return box('mvhd', body);
}

const blob = (...parts: Uint8Array[]) => new Blob(parts as BlobPart[]);

describe('readContainerDuration (the length a video file states, without playing it)', () => {
  it("reads a WebM's Info duration", async () => {
    expect(await readContainerDuration(blob(webm))).toBe(8);
  });

  it("reads an MP4's movie header, also when the movie box comes after the media", async () => {
    const ftyp = box('ftyp', new TextEncoder().encode('isom\0\0\0\0isom'));
    const mdat = box('mdat', new Uint8Array(4096));
    const moov = box('moov', mvhd(600, 600 * 95));
    expect(await readContainerDuration(blob(ftyp, moov, mdat))).toBe(95);
    expect(await readContainerDuration(blob(ftyp, mdat, moov))).toBe(95);
  });

  it('answers nothing for a file it cannot read, a WebM without a duration or a cut-short MP4', async () => {
    expect(await readContainerDuration(blob(new TextEncoder().encode('not a video at all')))).toBeNull();
    expect(await readContainerDuration(blob(webm.subarray(0, 40)))).toBeNull();
    const ftyp = box('ftyp', new TextEncoder().encode('isom\0\0\0\0isom'));
    expect(await readContainerDuration(blob(ftyp, box('mdat', new Uint8Array(64))))).toBeNull();
  });
});
