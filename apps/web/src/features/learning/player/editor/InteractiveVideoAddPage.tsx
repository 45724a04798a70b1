import { type Content, contentCreateSchema, LOCALES } from '@kampus/shared';
import { Alert, Button, Grid, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../../components/PageHeader.js';
import { UploadField } from '../../../../components/UploadField.js';
import { http } from '../../../../lib/api.js';
import { useSchemaForm } from '../../../../lib/form.js';

const editorPath = (id: number) => `/admin/content/editx/${id}`;

/** A new video content from an uploaded file, then on to its markers. */
function NewVideo() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [uploading, setUploading] = useState(false);
  const form = useSchemaForm(contentCreateSchema, {
    type: 'video',
    title: '',
    language: (LOCALES as readonly string[]).includes(i18n.language)
      ? (i18n.language as (typeof LOCALES)[number])
      : 'tr',
    file_url: null,
  });

  const submit = () =>
    form.submit(async (data) => {
      const created = await http.post<{ data: Content }>('api/admin/contents', data);
      navigate(editorPath(created.data.id));
    });

  return (
    <Paper withBorder radius="md" p="lg" h="100%">
      <Stack>
        <Title order={2} fz="h4">
          {t('player.add.new_title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('player.add.new_text')}
        </Text>
        <TextInput
          label={t('player.add.title')}
          required
          maxLength={200}
          {...form.field('title')}
          data-testid="addx-title"
        />
        <Select
          label={t('player.add.language')}
          data={LOCALES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
          value={form.values.language}
          onChange={(value) => value && form.setField('language', value as (typeof LOCALES)[number])}
          error={form.errors.language}
          allowDeselect={false}
        />
        <UploadField
          kind="video"
          label={t('player.add.file')}
          onUploaded={(file) => form.setField('file_url', file.url)}
          onBusyChange={setUploading}
          error={form.errors.file_url}
          testId="addx-upload"
        />
        {form.values.file_url && (
          <Text fz="sm" c="green.8">
            {t('player.add.file_ready')}
          </Text>
        )}
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            onClick={submit}
            loading={form.submitting}
            disabled={uploading}
            rightSection={<IconArrowRight size={16} aria-hidden />}
            data-testid="addx-create"
          >
            {t('player.add.create')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** An existing video content, found by its title. */
function ExistingVideo() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [chosen, setChosen] = useState<string | null>(null);
  const videos = useQuery({
    queryKey: ['contents', 'videos', debounced],
    queryFn: async () =>
      (
        await http.get<{ data: Content[] }>('api/admin/contents', undefined, {
          type: 'video',
          per_page: 50,
          sort: 'title',
          search: debounced || undefined,
        })
      ).data,
  });

  return (
    <Paper withBorder radius="md" p="lg" h="100%">
      <Stack>
        <Title order={2} fz="h4">
          {t('player.add.existing_title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('player.add.existing_text')}
        </Text>
        <Select
          label={t('player.add.pick')}
          placeholder={t('player.add.pick_placeholder')}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          data={(videos.data ?? []).map((video) => ({
            value: String(video.id),
            label: `${video.title}${video.markers_count ? ` (${t('player.add.markers', { count: video.markers_count })})` : ''}`,
          }))}
          value={chosen}
          onChange={setChosen}
          nothingFoundMessage={videos.isPending ? t('player.loading') : t('player.add.none_found')}
          error={videos.isError ? (videos.error as Error).message : undefined}
          data-testid="addx-pick"
        />
        <Group justify="flex-end">
          <Button
            disabled={!chosen}
            onClick={() => chosen && navigate(editorPath(Number(chosen)))}
            rightSection={<IconArrowRight size={16} aria-hidden />}
            data-testid="addx-open"
          >
            {t('player.add.open')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /admin/content/addx (create_content): start an interactive video from a new upload or an existing video. */
export default function InteractiveVideoAddPage() {
  const { t } = useTranslation();
  return (
    <Stack data-testid="addx-page">
      <PageHeader description={t('player.add.description')} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <NewVideo />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ExistingVideo />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
