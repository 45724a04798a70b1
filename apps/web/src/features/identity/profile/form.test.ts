import { describe, expect, it } from 'vitest';
import type { Profile } from './api.js';
import { formValuesOf, isDirty, profileFormSchema } from './form.js';

const profile: Profile = {
  id: 7,
  name: 'Deniz',
  surname: 'Kaya',
  email: 'deniz@demo.test',
  username: 'deniz',
  bio: null,
  photo: '/api/files/0123456789abcdef0123456789abcdef.png',
  language: 'tr',
};

describe('the profile form (PUT api/user body)', () => {
  const parse = (changes: Partial<ReturnType<typeof formValuesOf>>, from: Profile = profile) =>
    profileFormSchema(from).safeParse({ ...formValuesOf(from), ...changes });

  it('sends the profile without any password field when no new password is typed', () => {
    const result = parse({ bio: '  Satış ekibi ', current_password: 'typed-but-unused' });
    expect(result.success && result.data).toEqual({
      email: 'deniz@demo.test',
      username: 'deniz',
      bio: 'Satış ekibi',
      image: profile.photo,
    });
  });

  it('sends a removed photo and an emptied bio as null', () => {
    const result = parse({ image: '', bio: '' });
    expect(result.success && result.data).toMatchObject({ image: null, bio: null });
  });

  it.each([
    [
      'a new password without the current one',
      { password: 'Fresh-Start-2027', password_confirmation: 'Fresh-Start-2027' },
      'current_password',
    ],
    [
      'a confirmation that differs',
      { password: 'Fresh-Start-2027', password_confirmation: 'Fresh-Start-2028', current_password: 'x' },
      'password_confirmation',
    ],
    ['a confirmation alone', { password_confirmation: 'Fresh-Start-2027' }, 'password'],
    ['a short new password', { password: 'short', password_confirmation: 'short', current_password: 'x' }, 'password'],
    ['an emptied email', { email: '' }, 'email'],
    ['a username with spaces', { username: 'deniz kaya' }, 'username'],
  ])('refuses %s on its field', (_case, changes, field) => {
    const result = parse(changes);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(field);
  });

  it('sends a complete password change', () => {
    const result = parse({
      current_password: 'Old-Pass-2026',
      password: 'Fresh-Start-2027',
      password_confirmation: 'Fresh-Start-2027',
    });
    expect(result.success && result.data).toMatchObject({
      current_password: 'Old-Pass-2026',
      password: 'Fresh-Start-2027',
      password_confirmation: 'Fresh-Start-2027',
    });
  });

  it('leaves out an email and username the person never had', () => {
    const phoneOnly = { ...profile, email: null, username: null };
    const result = parse({ bio: 'x' }, phoneOnly);
    expect(result.success && result.data).toEqual({ bio: 'x', image: profile.photo });
  });

  it('knows when something changed', () => {
    const initial = formValuesOf(profile);
    expect(isDirty({ ...initial }, initial)).toBe(false);
    expect(isDirty({ ...initial, image: '' }, initial)).toBe(true);
    expect(isDirty({ ...initial, password: 'x' }, initial)).toBe(true);
  });
});
