import { beforeAll } from 'vitest';

/** Mantine's autosizing text area listens for web fonts, which jsdom lacks: the component tests give it a stand-in. */
export function withDocumentFonts() {
  beforeAll(() => {
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
    }
  });
}
