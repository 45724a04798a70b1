import { LOCALES, USER_IMPORT_COLUMNS, type UserCustomField, type UserImportColumn } from '@kampus/shared';
import { translator } from '../../../platform/i18n.js';
import { normaliseHeader } from '../../../platform/imports/import-file.js';

/** Every accepted spelling of each column: its key, and its import and export labels in every language. */
function buildHeaderAliases(): Map<string, UserImportColumn> {
  const aliases = new Map<string, UserImportColumn>();
  for (const column of USER_IMPORT_COLUMNS) {
    const spellings: string[] = [column];
    for (const locale of LOCALES) {
      const t = translator(locale);
      spellings.push(t(`users_import.columns.${column}`));
      const exported = `users.columns.${column}`;
      if (t(exported) !== exported) spellings.push(t(exported));
    }
    for (const spelling of spellings) {
      const key = normaliseHeader(spelling);
      const taken = aliases.get(key);
      if (taken && taken !== column) throw new Error(`Import header "${spelling}" names both ${taken} and ${column}`);
      aliases.set(key, column);
    }
  }
  return aliases;
}

let headerAliases: Map<string, UserImportColumn> | undefined;

/** Every spelling of the company's fields: the key and each label, as headers are compared. */
function customFieldAliases(fields: readonly UserCustomField[]): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const field of fields) {
    for (const spelling of [field.key, ...Object.values(field.label)]) {
      const key = spelling ? normaliseHeader(spelling) : '';
      // The first field keeps a spelling two of them share, as the order decides everywhere else.
      if (key !== '' && !aliases.has(key)) aliases.set(key, field.key);
    }
  }
  return aliases;
}

/**
 * What each header of the file names: a standard column, one of the company's defined fields (by key or by a label
 * in any language), or nothing.
 */
export function mapHeaders(headers: string[], customFields: readonly UserCustomField[]) {
  headerAliases ??= buildHeaderAliases();
  const custom = customFieldAliases(customFields);
  const columns: ({ kind: 'column'; column: UserImportColumn } | { kind: 'custom'; key: string } | null)[] = [];
  const seen = new Set<string>();
  const ignored: string[] = [];
  for (const header of headers) {
    const normalised = normaliseHeader(header);
    const column = headerAliases.get(normalised);
    const customKey = custom.get(normalised);
    const target = column ? `c:${column}` : customKey ? `f:${customKey}` : null;
    // A column repeated is read once, from its first occurrence.
    if (!target || seen.has(target)) {
      if (header !== '') ignored.push(header);
      columns.push(null);
      continue;
    }
    seen.add(target);
    columns.push(column ? { kind: 'column', column } : { kind: 'custom', key: customKey as string });
  }
  return { columns, ignored };
}
