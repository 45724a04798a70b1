/** Minutes, rounded up (a 20-second clip is "1 min"): how a content's or a part's length is written on a card. */
export const durationMinutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));
