import type { MyCompetency } from '@kampus/shared';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconStairsUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.js';
import { formatDateTime } from '../../../lib/dates.js';
import { useLocalizedText } from '../../organisation/faq/admin/api.js';
import { useMyCompetencies } from './api.js';

const NS = 'competencies';

function CompetencyCard({ item }: { item: MyCompetency }) {
  const { t, i18n } = useTranslation();
  const localized = useLocalizedText();
  const { competency, level } = item;
  const name = localized(competency.names);
  return (
    <Paper withBorder radius="md" p="md" data-testid="my-competency">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600}>{name}</Text>
          <Badge variant="light" tt="none" style={{ flexShrink: 0, minWidth: 'max-content' }}>
            {level} · {item.level_name}
          </Badge>
        </Group>
        {competency.category && (
          <Text fz="xs" c="dimmed">
            {localized(competency.category.names)}
          </Text>
        )}
        <Progress
          value={(level / competency.levels.length) * 100}
          aria-label={t(`${NS}.mine_progress`, { name, level, total: competency.levels.length })}
        />
        <Text fz="xs" c="dimmed">
          {t(`${NS}.mine_source.${item.source}`)} · {formatDateTime(item.set_at, i18n.language)}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The signed-in person's competencies and levels (`GET api/competencies/me`), for the profile page. */
export function MyCompetenciesSection() {
  const { t } = useTranslation();
  const query = useMyCompetencies();
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="my-competencies">
      <Stack>
        <Title order={2} fz="h4">
          {t(`${NS}.mine_title`)}
        </Title>
        {query.isLoading ? (
          <Center p="md">
            <Loader role="status" aria-label={t('resource.loading')} />
          </Center>
        ) : query.isError || !query.data ? (
          <Alert color="danger" title={t('resource.load_failed')}>
            <Button variant="subtle" onClick={() => void query.refetch()}>
              {t('resource.retry')}
            </Button>
          </Alert>
        ) : query.data.length === 0 ? (
          <EmptyState
            title={t(`${NS}.mine_empty`)}
            text={t(`${NS}.mine_empty_text`)}
            icon={<IconStairsUp size={26} />}
          />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {query.data.map((item) => (
              <CompetencyCard key={item.competency.id} item={item} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
