import { describe, expect, it } from 'vitest';
import { imagesOf, isOwnImageSrc, sanitizeRichText } from './rich-text.js';

const OWN = `/api/files/${'a'.repeat(32)}.png`;

describe('sanitizeRichText', () => {
  it('keeps an image only when it shows one of our own stored image files', () => {
    const html = [
      `<p>Bakın:</p><img src="${OWN}" alt="Levha" width="200" onerror="alert(1)" class="x">`,
      '<img src="https://evil.test/pixel.gif" alt="a">',
      '<img src="http://evil.test/pixel.gif">',
      `<img src="//evil.test${OWN}">`,
      '<img src="data:image/png;base64,iVBORw0KGgo=">',
      '<img src="javascript:alert(1)">',
      `<img src="/api/files/${'a'.repeat(32)}.pdf">`,
      `<img src="/api/files/../${'a'.repeat(32)}.png">`,
      `<img src="${OWN}?expires=1&amp;signature=x">`,
      '<img alt="no source">',
    ].join('');
    expect(sanitizeRichText(html)).toBe(`<p>Bakın:</p><img src="${OWN}" alt="Levha" width="200" />`);
  });

  it('still keeps links anywhere and strips script', () => {
    expect(sanitizeRichText('<p><a href="https://example.com">x</a><script>alert(1)</script></p>')).toBe(
      '<p><a href="https://example.com" rel="noopener noreferrer" target="_blank">x</a></p>',
    );
  });

  it('lists the own images of a text once each', () => {
    const other = `/api/files/${'b'.repeat(32)}.webp`;
    const html = sanitizeRichText(`<img src="${OWN}" alt=""><p>x</p><img src="${other}"><img src="${OWN}">`);
    expect(imagesOf(html)).toEqual([OWN, other]);
    expect(imagesOf(null)).toEqual([]);
    expect(isOwnImageSrc(OWN)).toBe(true);
    expect(isOwnImageSrc(`https://demo.localhost${OWN}`)).toBe(false);
  });
});
