import { COMPETENCY_NOTE_MAX, type Competency } from '@kampus/shared';
import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http.js';
import { useLocalizedText } from '../../organisation/faq/admin/api.js';
import { useCompetencyOptions, useSetLevel } from './api.js';
import { PersonPicker, type PickedPerson } from './PersonPicker.js';

const NS = 'competencies';

export interface SetLevelTarget {
  person: PickedPerson | null;
  competencyId: number | null;
  level: number | null;
}

/**
 * Sets a person's level by hand (`PUT api/admin/competency-levels`): raised, lowered or removed, with a note. The
 * server records who and when; its field errors show on the fields.
 */
export function SetLevelDialog({ target, onClose }: { target: SetLevelTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={t(`${NS}.set_level_title`)}
      centered
      closeButtonProps={{ 'aria-label': t('resource.cancel') }}
      data-testid="set-level-dialog"
    >
      {target && <SetLevelForm target={target} onClose={onClose} />}
    </Modal>
  );
}

function SetLevelForm({ target, onClose }: { target: SetLevelTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const localized = useLocalizedText();
  const competencies = useCompetencyOptions();
  const setLevel = useSetLevel();
  const [person, setPerson] = useState(target.person);
  const [competencyId, setCompetencyId] = useState(target.competencyId);
  const [level, setLevelValue] = useState<string | null>(target.level ? String(target.level) : null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const competency: Competency | undefined = competencies.data?.find((c) => c.id === competencyId);
  const levelOptions = [
    { value: '0', label: t(`${NS}.level_none`) },
    ...(competency?.levels ?? []).map((name, index) => ({ value: String(index + 1), label: `${index + 1} · ${name}` })),
  ];

  async function submit() {
    const missing: Record<string, string> = {};
    if (!person) missing.user_id = t('validation.required');
    if (!competencyId) missing.competency_id = t('validation.required');
    if (level === null) missing.level = t('validation.required');
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setSaving(true);
    try {
      await setLevel({
        user_id: person?.id ?? 0,
        competency_id: competencyId ?? 0,
        level: level === '0' ? null : Number(level),
        note: note.trim() || null,
      });
      notifications.show({ color: 'success', message: t(`${NS}.level_saved`) });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0] ?? ''])));
      } else {
        notifications.show({ color: 'danger', message: error instanceof Error ? error.message : String(error) });
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack>
      <PersonPicker
        label={t(`${NS}.level_columns.person`)}
        value={person}
        onChange={setPerson}
        error={errors.user_id}
        required
        testId="set-level-person"
      />
      <Select
        label={t(`${NS}.level_columns.competency`)}
        data={(competencies.data ?? []).map((c) => ({ value: String(c.id), label: localized(c.names) }))}
        value={competencyId ? String(competencyId) : null}
        onChange={(value) => {
          setCompetencyId(value ? Number(value) : null);
          setLevelValue(null);
        }}
        searchable
        required
        error={errors.competency_id}
        data-testid="set-level-competency"
      />
      <Select
        label={t(`${NS}.level_columns.level`)}
        data={levelOptions}
        value={level}
        onChange={setLevelValue}
        disabled={!competency}
        required
        allowDeselect={false}
        error={errors.level}
        data-testid="set-level-level"
      />
      <Textarea
        label={t(`${NS}.fields.note`)}
        description={t(`${NS}.note_hint`)}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        maxLength={COMPETENCY_NOTE_MAX}
        autosize
        minRows={2}
        error={errors.note}
        data-testid="set-level-note"
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('resource.cancel')}
        </Button>
        <Button onClick={() => void submit()} loading={saving} data-testid="set-level-save">
          {t(`${NS}.set_level_save`)}
        </Button>
      </Group>
    </Stack>
  );
}
