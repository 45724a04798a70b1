import { ROLE } from '@kampus/shared';
import { describe, expect, it } from 'vitest';
import { sessionCan } from './access.js';

const user = { id: ROLE.user, permissions: [] };
const admin = { id: ROLE.admin, permissions: [{ name: 'show_user' }, { name: 'read_faq' }] };
const superAdmin = { id: ROLE.superAdmin, permissions: [] };
const faqEditor = { id: 120, permissions: [{ name: 'read_faq' }] };
const empty = { id: 121, permissions: [] };

describe('sessionCan (spec §6)', () => {
  it.each([
    ['a learner', [user], 'admin_panel', false],
    ['a learner', [user], 'show_user', false],
    ['an admin', [admin, user], 'admin_panel', true],
    ['an admin', [admin, user], 'show_user', true],
    ['an admin', [admin, user], 'create_role', false],
    ['a super admin', [superAdmin, admin, user], 'create_role', true],
    ['a super admin', [superAdmin, admin, user], 'admin_panel', true],
    ['a FAQ editor', [faqEditor, user], 'admin_panel', true],
    ['a FAQ editor', [faqEditor, user], 'show_user', false],
    ['a FAQ editor with one role', [faqEditor], 'read_faq', true],
    ['a FAQ editor with one role', [faqEditor], 'admin_panel', false],
    ['two roles without permissions', [empty, user], 'admin_panel', false],
    ['no session', null, 'admin_panel', false],
    ['a super admin', [superAdmin, admin, user], 'super_admin', true],
    ['an admin', [admin, user], 'super_admin', false],
    ['no session', null, 'super_admin', false],
  ] as const)('%s with %j → %s: %s', (_who, roles, requirement, expected) => {
    expect(sessionCan(roles, requirement)).toBe(expected);
  });
});
