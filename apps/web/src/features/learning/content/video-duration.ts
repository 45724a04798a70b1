/** How long the browser may take to read a file's metadata before the length is left for the person to enter. */
const READ_TIMEOUT_MS = 10_000;

/** Seconds rounded to whole ones; nothing for a length that is not a positive finite number. */
const wholeSeconds = (seconds: number | null) =>
  seconds !== null && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : null;

/**
 * The length a <video> element reads from the file's metadata (an object URL; nothing is uploaded for it). A WebM
 * written by MediaRecorder states no duration (`Infinity`) until the element is asked to seek past the end.
 */
function readWithElement(file: Blob, timeoutMs: number): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    let settled = false;
    const finish = (seconds: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(wholeSeconds(seconds));
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => {
      if (Number.isFinite(video.duration)) return finish(video.duration);
      video.ondurationchange = () => {
        if (Number.isFinite(video.duration)) finish(video.duration);
      };
      video.currentTime = Number.MAX_SAFE_INTEGER;
    };
    video.onerror = () => finish(null);
    video.src = url;
  });
}

const bytesOf = async (file: Blob, start: number, end: number) =>
  new DataView(await file.slice(start, Math.min(end, file.size)).arrayBuffer());

// --- WebM / Matroska (EBML) ---

const EBML_SEGMENT = 0x18538067;
const EBML_INFO = 0x1549a966;
const EBML_CLUSTER = 0x1f43b675;
const EBML_TIMECODE_SCALE = 0x2ad7b1;
const EBML_DURATION = 0x4489;
/** Where a WebM keeps its Info: before the first cluster, well within the file's first bytes. */
const WEBM_HEAD_BYTES = 512 * 1024;

/** An EBML variable-length number at `at`: its value (the marker bit kept for ids) and its length in bytes. */
function readVint(view: DataView, at: number, keepMarker: boolean): { value: number; length: number } | null {
  if (at >= view.byteLength) return null;
  const first = view.getUint8(at);
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || at + length > view.byteLength) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + view.getUint8(at + i);
  return { value, length };
}

function webmDuration(view: DataView): number | null {
  let at = 0;
  let scale = 1_000_000;
  let duration: number | null = null;
  while (at < view.byteLength) {
    const id = readVint(view, at, true);
    const size = id && readVint(view, at + id.length, false);
    if (!id || !size) break;
    const body = at + id.length + size.length;
    // The segment and its info are walked into; a size of all ones ("unknown") only occurs on the containers.
    if (id.value === EBML_SEGMENT || id.value === EBML_INFO) {
      at = body;
      continue;
    }
    if (id.value === EBML_CLUSTER) break;
    if (id.value === EBML_TIMECODE_SCALE && size.value <= 8) {
      scale = 0;
      for (let i = 0; i < size.value; i++) scale = scale * 256 + view.getUint8(body + i);
    }
    if (id.value === EBML_DURATION && body + size.value <= view.byteLength) {
      if (size.value === 4) duration = view.getFloat32(body);
      if (size.value === 8) duration = view.getFloat64(body);
    }
    at = body + size.value;
  }
  return duration === null ? null : (duration * scale) / 1e9;
}

// --- MP4 (ISO base media) ---

const MOOV_MAX_BYTES = 32 * 1024 * 1024;
const typeOf = (view: DataView, at: number) =>
  String.fromCharCode(view.getUint8(at), view.getUint8(at + 1), view.getUint8(at + 2), view.getUint8(at + 3));

/** The movie header's duration over its time scale, found among the top-level boxes (moov may come last). */
async function mp4Duration(file: Blob): Promise<number | null> {
  let at = 0;
  while (at + 8 <= file.size) {
    const head = await bytesOf(file, at, at + 16);
    let size = head.getUint32(0);
    const type = typeOf(head, 4);
    let header = 8;
    if (size === 1 && head.byteLength >= 16) {
      size = head.getUint32(8) * 2 ** 32 + head.getUint32(12);
      header = 16;
    } else if (size === 0) size = file.size - at;
    if (size < header) return null;
    if (type === 'moov') {
      if (size > MOOV_MAX_BYTES) return null;
      return mvhdDuration(await bytesOf(file, at + header, at + size));
    }
    at += size;
  }
  return null;
}

function mvhdDuration(moov: DataView): number | null {
  let at = 0;
  while (at + 8 <= moov.byteLength) {
    const size = moov.getUint32(at);
    if (typeOf(moov, at + 4) === 'mvhd') {
      const version = moov.getUint8(at + 8);
      const fields = at + 12;
      if (version === 1 && fields + 32 <= moov.byteLength) {
        const timescale = moov.getUint32(fields + 16);
        const duration = moov.getUint32(fields + 20) * 2 ** 32 + moov.getUint32(fields + 24);
        return timescale > 0 ? duration / timescale : null;
      }
      if (fields + 16 <= moov.byteLength) {
        const timescale = moov.getUint32(fields + 8);
        return timescale > 0 ? moov.getUint32(fields + 12) / timescale : null;
      }
      return null;
    }
    if (size < 8) return null;
    at += size;
  }
  return null;
}

/**
 * The length the file's container states, read from its bytes: a WebM's Info duration, an MP4's movie header. For
 * where the page may not play the file itself (a Content-Security-Policy without `blob:` media).
 */
export async function readContainerDuration(file: Blob): Promise<number | null> {
  try {
    const head = await bytesOf(file, 0, 12);
    if (head.byteLength >= 4 && head.getUint32(0) === 0x1a45dfa3) {
      return wholeSeconds(webmDuration(await bytesOf(file, 0, WEBM_HEAD_BYTES)));
    }
    if (head.byteLength >= 8 && typeOf(head, 4) === 'ftyp') return wholeSeconds(await mp4Duration(file));
  } catch {
    // A file cut short or not what it claims: the person enters the length.
  }
  return null;
}

/**
 * The length in whole seconds of a chosen video file, read in the browser, or null when it cannot tell: first by a
 * <video> element from the file's metadata, else from the container's own header.
 */
export async function readVideoDuration(file: Blob, timeoutMs = READ_TIMEOUT_MS): Promise<number | null> {
  return (await readWithElement(file, timeoutMs)) ?? (await readContainerDuration(file));
}
