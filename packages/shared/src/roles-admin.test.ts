import { describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from './access.js';
import {
  adminRoleCreateSchema,
  adminRoleUpdateSchema,
  groupPermissions,
  PERMISSION_AREAS,
  permissionAreaOf,
} from './schemas/roles-admin.js';

describe('permissionAreaOf', () => {
  it.each<[Permission, string]>([
    ['show_user', 'users'],
    ['create_content', 'content'],
    ['read_contentdetailreport', 'report'],
    ['show_training', 'training'],
    ['create_program', 'program'],
    ['read_companysetting', 'settings'],
    ['create_evaluationsurvey', 'survey'],
    ['show_survey', 'survey'],
    ['show_exam', 'exam'],
    ['read_examresultreport', 'report'],
    ['create_certificatetemplate', 'certificate'],
    ['show_certificate', 'certificate'],
    ['create_hashtag', 'hashtag'],
    ['read_point', 'point'],
    ['read_widgetmanagement', 'widget'],
    ['read_sharesmanagement', 'widget'],
    ['read_gift', 'gift'],
    ['read_giftreport', 'report'],
    ['create_automaticcompetency', 'competency'],
    ['create_assignment', 'assignment'],
    ['read_faq', 'faq'],
    ['read_integration', 'integration'],
    ['read_leaderboardrule', 'leaderboard'],
    ['create_role', 'role'],
    ['read_permission', 'role'],
  ])('%s → %s', (name, area) => {
    expect(permissionAreaOf(name)).toBe(area);
  });

  it('puts every permission of the catalogue in an area', () => {
    for (const name of PERMISSIONS) expect(PERMISSION_AREAS).toContain(permissionAreaOf(name));
  });

  it('throws for a name that fits no area', () => {
    expect(() => permissionAreaOf('read_unknownthing' as Permission)).toThrow(/no area/);
  });
});

describe('groupPermissions', () => {
  it('groups the whole catalogue once, areas in order', () => {
    const groups = groupPermissions();
    expect(groups.map((g) => g.area)).toEqual(PERMISSION_AREAS);
    expect(groups.flatMap((g) => g.permissions).sort()).toEqual([...PERMISSIONS].sort());
  });

  it('leaves empty areas out', () => {
    expect(groupPermissions(['read_role', 'show_user'])).toEqual([
      { area: 'users', permissions: ['show_user'] },
      { area: 'role', permissions: ['read_role'] },
    ]);
  });
});

describe('adminRoleCreateSchema', () => {
  it('trims the name and de-duplicates permissions', () => {
    expect(adminRoleCreateSchema.parse({ name: ' Raporcu ', permissions: ['read_report', 'read_report'] })).toEqual({
      name: 'Raporcu',
      permissions: ['read_report'],
    });
  });

  it('refuses names outside the catalogue and an empty name', () => {
    expect(adminRoleCreateSchema.safeParse({ name: 'x', permissions: ['drop_tables'] }).success).toBe(false);
    expect(adminRoleCreateSchema.safeParse({ name: '  ', permissions: [] }).success).toBe(false);
  });
});

describe('adminRoleUpdateSchema', () => {
  it('changes only what is sent: a rename keeps the permissions', () => {
    expect(adminRoleUpdateSchema.parse({ name: ' Raporcu ' })).toEqual({ name: 'Raporcu' });
    expect(adminRoleUpdateSchema.parse({ permissions: ['read_faq', 'read_faq'] })).toEqual({
      permissions: ['read_faq'],
    });
    expect(adminRoleUpdateSchema.parse({ permissions: [] })).toEqual({ permissions: [] });
  });
});
