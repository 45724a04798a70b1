import type { ActiveStatus } from '@kampus/shared';
import { NumberInput, Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveStatusOptions } from './ActiveStatusBadge.js';

interface RecordFieldProps<Value> {
  /** The feature's locale namespace: the label is `<namespace>.fields.<field>`. */
  namespace: string;
  value: unknown;
  onChange: (value: Value) => void;
  error?: ReactNode;
  description?: ReactNode;
  testId?: string;
}

/** A record form's active/passive select; a new record starts active. */
export function ActiveStatusSelect({
  namespace,
  value,
  onChange,
  error,
  description,
  testId,
}: RecordFieldProps<ActiveStatus>) {
  const { t } = useTranslation();
  return (
    <Select
      label={t(`${namespace}.fields.status`)}
      description={description}
      data={useActiveStatusOptions(namespace)}
      value={String(value ?? 1)}
      onChange={(next) => next !== null && onChange(Number(next) as ActiveStatus)}
      allowDeselect={false}
      error={error}
      data-testid={testId}
    />
  );
}

/** A record's place in its list: a whole number from 0 (an emptied field counts as 0), hinted by `<namespace>.order_hint`. */
export function OrderInput({ namespace, value, onChange, error, testId }: RecordFieldProps<number>) {
  const { t } = useTranslation();
  return (
    <NumberInput
      label={t(`${namespace}.fields.order`)}
      description={t(`${namespace}.order_hint`)}
      min={0}
      allowDecimal={false}
      value={value as number}
      onChange={(next) => onChange(typeof next === 'number' ? next : 0)}
      error={error}
      data-testid={testId}
    />
  );
}
