/** How long the browser may take to read a file's metadata before the length is left for the person to enter. */
const READ_TIMEOUT_MS = 10_000;

/**
 * The length in whole seconds of a chosen video file, read by the browser itself from the file's metadata (a
 * <video> element on an object URL; nothing is uploaded for it), or null when it cannot tell.
 *
 * A WebM written by MediaRecorder states no duration (`Infinity`) until the element is asked to seek past the end,
 * after which it knows the real length.
 */
export function readVideoDuration(file: Blob, timeoutMs = READ_TIMEOUT_MS): Promise<number | null> {
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
      resolve(seconds !== null && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : null);
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
