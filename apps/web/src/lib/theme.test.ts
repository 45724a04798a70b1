import { luminance } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { readableUnderWhite, shades } from './theme.js';

/** WCAG's contrast of white text on a colour. */
const contrastWithWhite = (color: string) => 1.05 / (luminance(color) + 0.05);

describe('shades', () => {
  it('keeps a colour white text already reads on as the filled shade', () => {
    expect(shades('#3F51B5')[6]).toBe('#3F51B5');
    expect(readableUnderWhite('#aa0000')).toBe('#aa0000');
  });

  it('darkens a light company colour just enough for white text at AA', () => {
    for (const color of ['#EC5252', '#36b37e', '#ffab00', '#00b8d9']) {
      const filled = shades(color)[6];
      expect(contrastWithWhite(filled)).toBeGreaterThanOrEqual(4.5);
      // Just enough: one step lighter would not read.
      expect(contrastWithWhite(readableUnderWhite(color))).toBeLessThan(5.2);
    }
  });

  it('keeps the light shades of the chosen colour, lightest first', () => {
    const tuple = shades('#EC5252');
    expect(tuple).toHaveLength(10);
    expect(luminance(tuple[0])).toBeGreaterThan(luminance(tuple[5]));
    expect(luminance(tuple[5])).toBeGreaterThan(luminance('#EC5252') - 0.001);
  });
});
