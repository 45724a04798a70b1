import { MARKER_OPTION_MAX, MARKER_SECTION_MAX, type MarkerInput, markerInputSchema } from '@kampus/shared';
import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18next } from '../../../../lib/i18n.js';
import { blankMarker, type EditorMarker } from './markers-reducer.js';

type Option = { text: string; correct: boolean };
type Section = { question: string; options: Option[] };

/** The form's shape for both types: type 1 is one section whose question is the marker's. */
interface Draft {
  type_id: 1 | 2;
  second: number;
  question: string;
  sections: Section[];
}

function toDraft(marker: MarkerInput): Draft {
  return marker.type_id === 1
    ? {
        type_id: 1,
        second: marker.second,
        question: marker.question,
        sections: [
          { question: '', options: marker.options.map((o) => ({ text: o.text, correct: o.correct ?? false })) },
        ],
      }
    : {
        type_id: 2,
        second: marker.second,
        question: marker.question,
        sections: marker.sections.map((s) => ({
          question: s.question,
          options: s.options.map((o) => ({ text: o.text, correct: o.correct ?? false })),
        })),
      };
}

function fromDraft(draft: Draft, id: number | undefined): MarkerInput {
  const base = { ...(id ? { id } : {}), second: draft.second, question: draft.question };
  return draft.type_id === 1
    ? { ...base, type_id: 1, options: draft.sections[0]?.options ?? [] }
    : { ...base, type_id: 2, sections: draft.sections };
}

/** A type 1 marker's option errors are `options.N…`; the form keeps them under its one section. */
function errorsOf(draft: Draft, issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    let path = issue.path.map(String).join('.');
    if (draft.type_id === 1 && path.startsWith('options')) path = `sections.0.${path}`;
    out[path] ??= i18next.exists(issue.message) ? i18next.t(issue.message) : i18next.t('validation.invalid');
  }
  return out;
}

interface MarkerFormModalProps {
  marker: EditorMarker | null;
  /** The server's field errors of this marker (paths inside the marker), after a save it refused. */
  serverErrors: Record<string, string>;
  duration: number;
  onSave(key: string, marker: MarkerInput): void;
  onClose(): void;
}

/** A marker's form in a modal, by its type (spec §4: a modal with the selected type; closing clears it). */
export function MarkerFormModal({ marker, serverErrors, duration, onSave, onClose }: MarkerFormModalProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    setDraft(marker ? toDraft(marker) : null);
    setErrors({});
  }, [marker]);

  if (!marker || !draft) return null;
  const shown = { ...serverErrors, ...errors };
  const error = (path: string) => shown[draft.type_id === 1 ? path.replace(/^options/, 'sections.0.options') : path];

  const change = (next: Partial<Draft>) => setDraft({ ...draft, ...next });
  const changeSection = (index: number, next: Partial<Section>) =>
    change({ sections: draft.sections.map((s, i) => (i === index ? { ...s, ...next } : s)) });
  const changeOption = (section: number, index: number, next: Partial<Option>) =>
    changeSection(section, {
      options: draft.sections[section]!.options.map((o, i) => (i === index ? { ...o, ...next } : o)),
    });

  const switchType = (value: string) => {
    const type = value === '2' ? 2 : 1;
    if (type === draft.type_id) return;
    // Keep what was typed: type 1's options become type 2's first section, and back.
    const sections = draft.sections.length > 0 ? draft.sections : toDraft(blankMarker(type, draft.second)).sections;
    change({ type_id: type, sections: type === 1 ? sections.slice(0, 1) : sections });
  };

  const save = () => {
    const value = fromDraft(draft, marker.id);
    const parsed = markerInputSchema.safeParse(value);
    if (!parsed.success) {
      setErrors(errorsOf(draft, parsed.error.issues));
      return;
    }
    onSave(marker.key, parsed.data);
  };

  const sectionFields = (section: Section, index: number) => {
    const prefix = `sections.${index}`;
    return (
      <Stack gap="xs">
        {draft.type_id === 2 && (
          <TextInput
            label={t('player.editor.section_question')}
            value={section.question}
            onChange={(e) => changeSection(index, { question: e.currentTarget.value })}
            error={error(`${prefix}.question`)}
            maxLength={500}
            required
          />
        )}
        <Text fz="sm" fw={600}>
          {t('player.editor.options')}
        </Text>
        {section.options.map((option, optionIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an option is its place in the list
          <Group key={optionIndex} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              style={{ flex: 1 }}
              aria-label={t('player.editor.option_n', { n: optionIndex + 1 })}
              placeholder={t('player.editor.option_n', { n: optionIndex + 1 })}
              value={option.text}
              onChange={(e) => changeOption(index, optionIndex, { text: e.currentTarget.value })}
              error={error(`${prefix}.options.${optionIndex}.text`)}
              maxLength={300}
              data-testid="marker-option"
            />
            <Checkbox
              mt={8}
              label={t('player.editor.correct')}
              checked={option.correct}
              onChange={(e) => changeOption(index, optionIndex, { correct: e.currentTarget.checked })}
            />
            <ActionIcon
              mt={4}
              variant="subtle"
              color="danger"
              disabled={section.options.length <= 2}
              aria-label={t('player.editor.remove_option', { n: optionIndex + 1 })}
              onClick={() => changeSection(index, { options: section.options.filter((_, i) => i !== optionIndex) })}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        {error(`${prefix}.options`) && (
          <Text c="red" fz="sm">
            {error(`${prefix}.options`)}
          </Text>
        )}
        <Group>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={section.options.length >= MARKER_OPTION_MAX}
            onClick={() => changeSection(index, { options: [...section.options, { text: '', correct: false }] })}
          >
            {t('player.editor.add_option')}
          </Button>
        </Group>
      </Stack>
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('player.editor.marker_title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('player.editor.cancel') }}
      data-testid="marker-form"
    >
      <Stack>
        <SegmentedControl
          value={String(draft.type_id)}
          onChange={switchType}
          data={[
            { value: '1', label: t('player.editor.type_1') },
            { value: '2', label: t('player.editor.type_2') },
          ]}
          aria-label={t('player.editor.type')}
        />
        <NumberInput
          label={t('player.editor.second')}
          value={draft.second}
          min={0}
          max={duration > 0 ? duration : undefined}
          step={1}
          decimalScale={1}
          onChange={(value) => change({ second: typeof value === 'number' ? value : 0 })}
          error={error('second')}
        />
        <TextInput
          label={draft.type_id === 1 ? t('player.editor.question') : t('player.editor.title_question')}
          value={draft.question}
          onChange={(e) => change({ question: e.currentTarget.value })}
          error={error('question')}
          maxLength={500}
          required
          data-autofocus
          data-testid="marker-question"
        />
        {draft.type_id === 1
          ? sectionFields(draft.sections[0] ?? { question: '', options: [] }, 0)
          : draft.sections.map((section, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a section is its place in the list
              <Fieldset key={index} legend={t('player.editor.section_n', { n: index + 1 })}>
                {sectionFields(section, index)}
                <Group justify="flex-end" mt="xs">
                  <Button
                    variant="subtle"
                    color="danger"
                    size="xs"
                    disabled={draft.sections.length <= 1}
                    onClick={() => change({ sections: draft.sections.filter((_, i) => i !== index) })}
                  >
                    {t('player.editor.remove_section')}
                  </Button>
                </Group>
              </Fieldset>
            ))}
        {draft.type_id === 2 && (
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={draft.sections.length >= MARKER_SECTION_MAX}
              onClick={() =>
                change({
                  sections: [
                    ...draft.sections,
                    {
                      question: '',
                      options: [
                        { text: '', correct: false },
                        { text: '', correct: false },
                      ],
                    },
                  ],
                })
              }
            >
              {t('player.editor.add_section')}
            </Button>
          </Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('player.editor.cancel')}
          </Button>
          <Button onClick={save} data-testid="marker-form-save">
            {t('player.editor.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
