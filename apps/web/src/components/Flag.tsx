import { FLAG_SHAPES, type Locale } from '@kampus/shared';

/**
 * Small drawn flags: emoji flags do not render on Windows or in many Linux browsers. The shapes are shared with the
 * server, which draws the same flag in the sign-in page's first-paint shell (platform/http/web.ts).
 */
export function Flag({ code, size = 20 }: { code: Locale; size?: number }) {
  return (
    <svg
      width={size}
      height={(size * 2) / 3}
      viewBox="0 0 30 20"
      aria-hidden="true"
      focusable="false"
      // Constant markup of our own (FLAG_SHAPES), no input.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: see above
      dangerouslySetInnerHTML={{ __html: FLAG_SHAPES[code] ?? FLAG_SHAPES.en }}
    />
  );
}
