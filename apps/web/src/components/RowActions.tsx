import { ActionIcon, Tooltip } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmButton } from './ConfirmButton.js';

/** A list row's link as an icon with a tooltip, named for the row it acts on ("Edit: Ayşe Yılmaz"). */
export function RowLinkAction({
  to,
  label,
  name,
  icon,
  testId,
}: {
  to: string;
  label: string;
  name: string;
  icon: ReactNode;
  testId: string;
}) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon component={Link} to={to} variant="subtle" aria-label={`${label}: ${name}`} data-testid={testId}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/** A list row's edit link. */
export function EditRowAction({ to, name, testId }: { to: string; name: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <RowLinkAction
      to={to}
      label={t('resource.edit')}
      name={name}
      icon={<IconEdit size={18} aria-hidden />}
      testId={testId}
    />
  );
}

/** A list row's delete, confirmed first. */
export function DeleteRowAction({
  title,
  message,
  name,
  onConfirm,
  testId,
}: {
  title: string;
  message: string;
  name: string;
  onConfirm: () => unknown;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmButton
      icon={<IconTrash size={18} aria-hidden />}
      title={title}
      message={message}
      confirmLabel={t('resource.delete')}
      onConfirm={onConfirm}
      data-testid={testId}
    >
      {`${t('resource.delete')}: ${name}`}
    </ConfirmButton>
  );
}
