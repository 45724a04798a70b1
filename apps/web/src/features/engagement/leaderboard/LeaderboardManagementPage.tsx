import {
  LEADERBOARD_PERIODS,
  LEADERBOARD_SCOPES,
  type LeaderboardSettings,
  leaderboardSettingsUpdateSchema,
} from '@kampus/shared';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  MultiSelect,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/ConfirmButton.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { formatDateTime, formatLongDate } from '../../../lib/dates.js';
import { useSchemaForm } from '../../../lib/form.js';
import { usePeopleOptions } from '../../learning/competencies/api.js';
import { useLeaderboardSettings, useResetPoints, useSaveLeaderboardSettings } from './api.js';

const NS = 'leaderboard.admin';

/** People to leave out, searched in the company's users as one types; the chosen ones stay named. */
function ExcludedPicker({
  value,
  onChange,
  known,
  error,
}: {
  value: number[];
  onChange: (ids: number[]) => void;
  known: Map<number, string>;
  error?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const people = usePeopleOptions(search);
  const [names, setNames] = useState(known);
  const options = useMemo(() => {
    const found = new Map(names);
    for (const person of people.data ?? []) {
      found.set(
        person.id,
        person.email ? `${person.name} ${person.surname} · ${person.email}` : `${person.name} ${person.surname}`,
      );
    }
    return [...found].map(([id, label]) => ({ value: String(id), label }));
  }, [names, people.data]);
  return (
    <MultiSelect
      label={t(`${NS}.excluded_label`)}
      description={t(`${NS}.excluded_hint`)}
      placeholder={t(`${NS}.excluded_placeholder`)}
      data={options}
      value={value.map(String)}
      onChange={(ids) => {
        const labels = new Map(names);
        for (const option of options) if (ids.includes(option.value)) labels.set(Number(option.value), option.label);
        setNames(labels);
        onChange(ids.map(Number));
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={people.isFetching ? t('resource.loading') : undefined}
      rightSection={
        people.isFetching ? <Loader size="xs" role="status" aria-label={t('resource.loading')} /> : undefined
      }
      clearable
      error={error}
      data-testid="leaderboard-excluded"
    />
  );
}

function SettingsForm({ settings }: { settings: LeaderboardSettings }) {
  const { t } = useTranslation();
  const save = useSaveLeaderboardSettings();
  const form = useSchemaForm(leaderboardSettingsUpdateSchema, {
    periods: settings.periods,
    scopes: settings.scopes,
    excluded_user_ids: settings.excluded.map((p) => p.id),
  });
  const known = useMemo(
    () =>
      new Map(
        settings.excluded.map((p) => [
          p.id,
          p.email ? `${p.name} ${p.surname} · ${p.email}` : `${p.name} ${p.surname}`,
        ]),
      ),
    [settings.excluded],
  );
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="form"
      aria-labelledby="shown-title"
      data-testid="leaderboard-settings-form"
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(async (data) => {
          await save.mutateAsync(data);
          notifications.show({ color: 'success', message: t(`${NS}.saved`) });
        });
      }}
    >
      <Stack gap="md">
        <Title order={2} fz="h4" id="shown-title">
          {t(`${NS}.shown_title`)}
        </Title>
        <Checkbox.Group
          label={t(`${NS}.periods_label`)}
          value={form.values.periods}
          onChange={(periods) => form.setField('periods', periods as typeof form.values.periods)}
          error={form.errors.periods}
        >
          <Group mt="xs">
            {LEADERBOARD_PERIODS.map((period) => (
              <Checkbox
                key={period}
                value={period}
                label={t(`leaderboard.periods.${period}`)}
                data-testid={`period-${period}`}
              />
            ))}
          </Group>
        </Checkbox.Group>
        <Checkbox.Group
          label={t(`${NS}.scopes_label`)}
          value={form.values.scopes}
          onChange={(scopes) => form.setField('scopes', scopes as typeof form.values.scopes)}
          error={form.errors.scopes}
        >
          <Group mt="xs">
            {LEADERBOARD_SCOPES.filter((scope) => scope !== 'sub_companies' || settings.has_sub_companies).map(
              (scope) => (
                <Checkbox
                  key={scope}
                  value={scope}
                  label={t(`leaderboard.scopes.${scope}`)}
                  data-testid={`scope-${scope}`}
                />
              ),
            )}
          </Group>
        </Checkbox.Group>
        <ExcludedPicker
          value={form.values.excluded_user_ids}
          onChange={(ids) => form.setField('excluded_user_ids', ids)}
          known={known}
          error={form.errors.excluded_user_ids}
        />
        {form.formError && <Alert color="danger">{form.formError}</Alert>}
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting} data-testid="leaderboard-settings-save">
            {t(`${NS}.save`)}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function SeasonPanel({ settings }: { settings: LeaderboardSettings }) {
  const { t, i18n } = useTranslation();
  const reset = useResetPoints();
  const [error, setError] = useState<string | null>(null);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="season-title">
      <Stack gap="md">
        <Title order={2} fz="h4" id="season-title">
          {t(`${NS}.reset_title`)}
        </Title>
        <Text fz="sm">
          {t(`${NS}.reset_text`, {
            season: settings.season,
            date: formatLongDate(settings.season_started_at, i18n.language),
          })}
        </Text>
        {error && <Alert color="danger">{error}</Alert>}
        <Group>
          <ConfirmButton
            title={t(`${NS}.reset_confirm_title`, { next: settings.season + 1 })}
            message={t(`${NS}.reset_confirm_text`, { season: settings.season })}
            confirmLabel={t(`${NS}.reset_button`)}
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={reset.isPending}
            data-testid="leaderboard-reset"
            onConfirm={async () => {
              setError(null);
              try {
                const result = await reset.mutateAsync(settings.season);
                notifications.show({ color: 'success', message: result.message });
              } catch (failure) {
                setError(failure instanceof Error ? failure.message : t('general.error_occurred'));
              }
            }}
          >
            {t(`${NS}.reset_button`)}
          </ConfirmButton>
        </Group>
        <Title order={3} fz="h5">
          {t(`${NS}.seasons_title`)}
        </Title>
        {settings.seasons.length === 0 ? (
          <Text fz="sm" c="dimmed" data-testid="leaderboard-seasons-empty">
            {t(`${NS}.seasons_empty`)}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table data-testid="leaderboard-seasons">
              <Table.Thead>
                <Table.Tr>
                  {(['season', 'started_at', 'closed_at', 'people', 'top_points'] as const).map((column) => (
                    <Table.Th key={column}>{t(`${NS}.season_columns.${column}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {settings.seasons.map((season) => (
                  <Table.Tr key={season.season}>
                    <Table.Td>{season.season}</Table.Td>
                    <Table.Td>{formatDateTime(season.started_at, i18n.language)}</Table.Td>
                    <Table.Td>{formatDateTime(season.closed_at, i18n.language)}</Table.Td>
                    <Table.Td>{season.people.toLocaleString(i18n.language)}</Table.Td>
                    <Table.Td>{season.top_points.toLocaleString(i18n.language)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * /admin/leaders-table-management (read_leaderboardrule): the periods and scopes learners see, the people left out,
 * and the season reset (`POST api/company/reset-points`, confirmed) with the closed seasons.
 */
export default function LeaderboardManagementPage() {
  const { t } = useTranslation();
  const settings = useLeaderboardSettings();
  let content: React.ReactNode;
  if (settings.isPending) {
    content = (
      <Stack role="status" aria-busy="true" aria-label={t('resource.loading')}>
        <Skeleton height={260} radius="lg" />
        <Skeleton height={200} radius="lg" />
      </Stack>
    );
  } else if (settings.isError) {
    content = (
      <EmptyState
        title={t('resource.load_failed')}
        text={settings.error instanceof Error ? settings.error.message : undefined}
        action={<Button onClick={() => void settings.refetch()}>{t('resource.retry')}</Button>}
        testId="leaderboard-settings-error"
      />
    );
  } else {
    content = (
      <>
        <SettingsForm key={settings.dataUpdatedAt} settings={settings.data} />
        <SeasonPanel settings={settings.data} />
      </>
    );
  }
  return (
    <Stack gap="lg" data-testid="leaderboard-management">
      <PageHeader description={t(`${NS}.description`)} />
      {content}
    </Stack>
  );
}
