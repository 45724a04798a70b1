import { LOCALES, translations } from '@kampus/shared';
import { describe, expect, it } from 'vitest';
import { POLICY_DOCUMENTS, textBlocks } from './documents.js';

/** A text of the locale tree, or undefined. */
function text(code: (typeof LOCALES)[number], path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], translations[code]);
}

describe('the policies page texts', () => {
  const paths = POLICY_DOCUMENTS.flatMap(({ id, sections }) => [
    `policies.${id}.title`,
    `policies.${id}.intro`,
    ...sections.flatMap((section) => [`policies.${id}.${section}.title`, `policies.${id}.${section}.body`]),
  ]);

  it.each(LOCALES)('exist in %s for every section of every document', (code) => {
    const missing = paths.filter((path) => typeof text(code, path) !== 'string');
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)('are substantial in %s: every body has real text, and each document has lists', (code) => {
    for (const { id, sections } of POLICY_DOCUMENTS) {
      const bodies = sections.map((section) => String(text(code, `policies.${id}.${section}.body`)));
      for (const body of bodies) expect(body.length, `${code} ${id}`).toBeGreaterThan(60);
      expect(bodies.join('').length, `${code} ${id}`).toBeGreaterThan(1000);
      expect(bodies.some((body) => textBlocks(body).some((block) => block.kind === 'list'))).toBe(true);
    }
  });

  it('mention 30 days to answer a data request in every language', () => {
    for (const code of LOCALES) expect(text(code, 'policies.privacy.rights.body')).toMatch(/30/);
  });
});

describe('textBlocks', () => {
  it('turns lines into paragraphs and runs of "- " lines into one list each', () => {
    expect(textBlocks('Intro line\n- one\n- two\n\nMiddle\n- three')).toEqual([
      { kind: 'paragraph', text: 'Intro line' },
      { kind: 'list', items: ['one', 'two'] },
      { kind: 'paragraph', text: 'Middle' },
      { kind: 'list', items: ['three'] },
    ]);
  });

  it('keeps a hyphen inside a sentence as text', () => {
    expect(textBlocks('Pre- and post-tests')).toEqual([{ kind: 'paragraph', text: 'Pre- and post-tests' }]);
  });
});
