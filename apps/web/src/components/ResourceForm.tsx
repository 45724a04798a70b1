import { Alert, Button, Group, Stack } from '@mantine/core';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { useSchemaForm } from '../lib/form.js';
import { LeaveGuardModal, useLeaveGuard } from '../lib/leave-guard.js';

/** How a save ends: back to the list, or staying on the form to go on editing. */
export type SaveMode = 'back' | 'stay';

export type ResourceFormControl<S extends z.ZodType<Record<string, unknown>>> = ReturnType<typeof useSchemaForm<S>>;

interface ResourceFormProps<S extends z.ZodType<Record<string, unknown>>> {
  /** The shared schema the values must pass before anything is sent. */
  schema: S;
  initial: z.input<S>;
  /** Sends the validated values; it navigates itself (the store's redirect rules). A rejection keeps the form open. */
  onSave: (data: z.output<S>, mode: SaveMode) => Promise<unknown>;
  /** Where cancel goes. */
  cancelTo: string;
  testId: string;
  /** True while the form cannot be saved yet (an upload under way): both save buttons wait. */
  saveDisabled?: boolean;
  children: (form: ResourceFormControl<S>) => ReactNode;
}

/** Values are compared as data, so typing a letter and deleting it again is not a change. */
export function isDirtyForm(values: unknown, baseline: unknown): boolean {
  return JSON.stringify(values) !== JSON.stringify(baseline);
}

/**
 * The admin form (issue 4): validated with the shared schema before sending, the server's 422 field errors on their
 * fields, a question before leaving with unsaved changes, and save-and-back or save-and-stay.
 */
export function ResourceForm<S extends z.ZodType<Record<string, unknown>>>({
  schema,
  initial,
  onSave,
  cancelTo,
  testId,
  saveDisabled = false,
  children,
}: ResourceFormProps<S>) {
  const { t } = useTranslation();
  const form = useSchemaForm(schema, initial);
  const [baseline, setBaseline] = useState(initial);
  const [mode, setMode] = useState<SaveMode | null>(null);
  const dirty = isDirtyForm(form.values, baseline);
  // Read by the guard when a navigation starts: a save's own redirect never asks.
  const guard = useRef({ dirty, saving: false });
  guard.current.dirty = dirty;
  const shouldAsk = useMemo(() => () => guard.current.dirty && !guard.current.saving, []);
  const blocker = useLeaveGuard(shouldAsk);

  const save = (chosen: SaveMode) => {
    setMode(chosen);
    return form.submit(async (data) => {
      guard.current.saving = true;
      try {
        await onSave(data, chosen);
        setBaseline(form.values);
        guard.current.dirty = false;
      } finally {
        guard.current.saving = false;
      }
    });
  };

  return (
    <form
      noValidate
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        if (!saveDisabled) void save('back');
      }}
    >
      <Stack>
        {form.formError && (
          <Alert color="danger" role="alert" data-testid={`${testId}-error`}>
            {form.formError}
          </Alert>
        )}
        {children(form)}
        <Group justify="flex-end" gap="xs">
          <Button component={Link} to={cancelTo} variant="default" data-testid={`${testId}-cancel`}>
            {t('resource.cancel')}
          </Button>
          <Button
            variant="light"
            loading={form.submitting && mode === 'stay'}
            disabled={saveDisabled || (form.submitting && mode !== 'stay')}
            onClick={() => void save('stay')}
            data-testid={`${testId}-save-stay`}
          >
            {t('resource.save_and_stay')}
          </Button>
          <Button
            type="submit"
            loading={form.submitting && mode === 'back'}
            disabled={saveDisabled || (form.submitting && mode !== 'back')}
            data-testid={`${testId}-save`}
          >
            {t('resource.save')}
          </Button>
        </Group>
      </Stack>
      <LeaveGuardModal
        blocker={blocker}
        title={t('resource.unsaved_title')}
        text={t('resource.unsaved_text')}
        stayLabel={t('resource.stay')}
        leaveLabel={t('resource.leave')}
        testId={`${testId}-leave-guard`}
      />
    </form>
  );
}
