import { describe, expect, it } from 'vitest';
import { isMenuTypeEnabled, menuTypeLabelKey } from './menu.js';

describe('isMenuTypeEnabled', () => {
  it.each([
    ['wall', ['wall'], true],
    ['wall', ['gift'], false],
    ['leader-table', [], false],
    ['gift', ['gift', 'wall'], true],
    ['education-category', ['my-collection'], false],
    ['my-collection', ['my-collection'], true],
    ['dashboard', [], true],
    ['my-assignment', [], true],
    ['agenda', ['wall'], true],
  ] as const)('%s with modules %j → %s', (type, modules, expected) => {
    expect(isMenuTypeEnabled(type, modules)).toBe(expected);
  });
});

describe('menuTypeLabelKey', () => {
  it('names the menu namespace key of the type', () => {
    expect(menuTypeLabelKey('my-assignment')).toBe('menu.my-assignment');
  });
});
