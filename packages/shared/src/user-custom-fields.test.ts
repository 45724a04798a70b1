import { describe, expect, it } from 'vitest';
import { companySettingSchemas } from './schemas/company.js';
import {
  customFieldKeyOf,
  customFieldLabel,
  userCustomFieldSchema,
  userCustomFieldsSchema,
} from './schemas/user-custom-fields.js';

const issuesOf = (value: unknown) =>
  userCustomFieldsSchema.safeParse(value).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('company-defined user fields', () => {
  it('is the company setting user_custom_fields', () => {
    expect(companySettingSchemas.user_custom_fields).toBe(userCustomFieldsSchema);
  });

  it('takes a key of lower-case letters, digits and underscores with at least one label', () => {
    const field = { key: ' cost_center_2 ', label: { tr: ' Masraf merkezi ', en: '' } };
    expect(userCustomFieldSchema.parse(field)).toEqual({
      key: 'cost_center_2',
      label: { tr: 'Masraf merkezi', en: '' },
    });
    expect(issuesOf([{ key: 'Cost-Center', label: { en: 'Cost' } }])).toEqual([['0.key', 'user_fields.key_invalid']]);
    expect(issuesOf([{ key: 'shift', label: { tr: '  ' } }])).toEqual([['0.label', 'user_fields.label_required']]);
    expect(userCustomFieldSchema.safeParse({ key: 'x', label: { fr: 'Équipe' } }).success).toBe(false);
    expect(userCustomFieldSchema.safeParse({ key: 'k'.repeat(65), label: { en: 'Long' } }).success).toBe(false);
  });

  it('keeps keys unique and the list at 30 fields at most', () => {
    const shift = { key: 'shift', label: { en: 'Shift' } };
    expect(issuesOf([shift, { ...shift, label: { tr: 'Vardiya' } }])).toEqual([['1.key', 'user_fields.key_taken']]);
    const many = Array.from({ length: 31 }, (_, i) => ({ key: `f${i}`, label: { en: `F${i}` } }));
    expect(issuesOf(many)).toEqual([['', 'user_fields.too_many']]);
    expect(userCustomFieldsSchema.safeParse(many.slice(0, 30)).success).toBe(true);
  });

  it("shows a label in the request's language, else the company's, else the first written, else the key", () => {
    const field = { key: 'grade', label: { az: 'Dərəcə', de: 'Entgeltstufe' } };
    expect(customFieldLabel(field, 'de', 'tr')).toBe('Entgeltstufe');
    expect(customFieldLabel(field, 'en', 'de')).toBe('Entgeltstufe');
    expect(customFieldLabel(field, 'en', 'tr')).toBe('Dərəcə');
    expect(customFieldLabel({ key: 'grade', label: { en: '' } }, 'en', 'tr')).toBe('grade');
  });

  it('makes a key from a label in any of the four languages', () => {
    expect(customFieldKeyOf('Masraf Merkezi')).toBe('masraf_merkezi');
    expect(customFieldKeyOf('İşe Giriş Şekli')).toBe('ise_giris_sekli');
    expect(customFieldKeyOf('Xərc mərkəzi')).toBe('xerc_merkezi');
    expect(customFieldKeyOf('T-Shirt-Größe (EU)')).toBe('t_shirt_grosse_eu');
    expect(userCustomFieldSchema.safeParse({ key: customFieldKeyOf('Növbə №2'), label: { az: 'x' } }).success).toBe(
      true,
    );
  });
});
