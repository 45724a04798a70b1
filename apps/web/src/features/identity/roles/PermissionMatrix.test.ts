import type { PermissionGroup } from '@kampus/shared';
import { describe, expect, it } from 'vitest';
import { toggleArea } from './PermissionMatrix.js';

const faq: PermissionGroup = { area: 'faq', permissions: ['read_faq', 'create_faq'] };

describe('toggleArea', () => {
  it('adds every permission of the area once, keeping the others', () => {
    expect(toggleArea(['show_user', 'read_faq'], faq, true)).toEqual(['show_user', 'read_faq', 'create_faq']);
  });

  it('clears only that area', () => {
    expect(toggleArea(['show_user', 'read_faq', 'create_faq'], faq, false)).toEqual(['show_user']);
  });
});
