import { USER_IMPORT_ACCEPT, USER_IMPORT_COLUMNS, USER_IMPORT_MAX_BYTES, type UserImportResult } from '@kampus/shared';
import { Checkbox, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../../app/route-names.js';
import { ImportPage } from '../../../components/ImportPage.js';
import { usersResource } from './api.js';
import { importTemplatePath, importUsers } from './import-api.js';

const NS = 'users_import';
const TEMPLATES = (['xlsx', 'csv'] as const).map((format) => ({
  path: importTemplatePath(format),
  format,
  labelKey: `${NS}.download_${format}`,
  testId: `import-template-${format}`,
}));

/**
 * /admin/user/import: download the template (xlsx or csv), pick a file, see a dry run (the summary and every bad row
 * with its reason), then import the valid rows — new people created, known ones updated, invitations sent if wished.
 */
export default function UsersImportPage() {
  const { t } = useTranslation();
  const [sendInvitations, setSendInvitations] = useState(true);
  return (
    <ImportPage<UserImportResult>
      ns={NS}
      templates={TEMPLATES}
      accept={USER_IMPORT_ACCEPT}
      maxBytes={USER_IMPORT_MAX_BYTES}
      columns={USER_IMPORT_COLUMNS}
      send={(file, dryRun) => importUsers(file, { dryRun, sendInvitations })}
      invalidates={usersResource.keys.all}
      listPath={pathTo('company.user.list')}
      figures={(result) => [
        ['rows', result.summary.rows],
        ['to_create', result.summary.to_create],
        ['to_update', result.summary.to_update],
        ['invalid', result.summary.invalid],
      ]}
      importable={(result) => result.summary.to_create + result.summary.to_update}
      options={
        <Checkbox
          checked={sendInvitations}
          onChange={(event) => setSendInvitations(event.currentTarget.checked)}
          label={t(`${NS}.send_invitations`)}
          data-testid="import-send-invitations"
        />
      }
      outcome={(result) => (
        <>
          <Text fz="sm">{t(`${NS}.result_text`, { created: result.created, updated: result.updated })}</Text>
          {result.invitations > 0 && (
            <Text fz="sm">{t(`${NS}.result_invitations`, { count: result.invitations })}</Text>
          )}
          {result.summary.invalid > 0 && (
            <Text fz="sm">{t(`${NS}.result_skipped`, { count: result.summary.invalid })}</Text>
          )}
        </>
      )}
      outcomeData={(result) => ({ 'data-created': result.created, 'data-updated': result.updated })}
    />
  );
}
