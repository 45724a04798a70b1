import type { EducationCard, LearnerHome as Home } from '@kampus/shared';
import {
  Anchor,
  Box,
  Button,
  Grid,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBooks,
  IconCalendarDue,
  IconCertificate,
  IconClockHour4,
  IconPlayerPlay,
  IconRosetteDiscountCheck,
  IconRoute,
  IconSparkles,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../../components/EmptyState.js';
import { useSessionUser } from '../../../../lib/session.js';
import { educationPlayerPath } from '../../player/paths.js';
import { ProgramCard, ProgramPanel } from '../../programs/learner/ProgramPanel.js';
import { useLearnerHome } from './api.js';
import { EducationCardView, EducationMeta } from './EducationCard.js';
import { CATALOGUE_MODULE, CATALOGUE_PATH, educationDetailPath, MY_EDUCATION_PATH } from './paths.js';
import { EducationCover, wholeRate } from './visuals.js';

function Block({
  id,
  title,
  icon,
  link,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  link?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Stack component="section" aria-labelledby={`home-${id}`} gap="sm" data-testid={`home-${id}`}>
      <Group justify="space-between" align="center">
        <Group gap="xs">
          <ThemeIcon variant="light" radius="md" size={30} aria-hidden>
            {icon}
          </ThemeIcon>
          <Title order={2} fz="h4" id={`home-${id}`}>
            {title}
          </Title>
        </Group>
        {link && (
          <Anchor component={Link} to={link.to} fz="sm" fw={500}>
            {link.label}
          </Anchor>
        )}
      </Group>
      {children}
    </Stack>
  );
}

/** The one obvious next step: the education touched last, big, with its progress and "Devam et". */
function ContinueLearning({ card }: { card: EducationCard | null }) {
  const { t } = useTranslation();
  if (!card)
    return (
      <Paper withBorder radius="lg" p="lg" h="100%" data-testid="home-continue-empty">
        <EmptyState
          icon={<IconPlayerPlay size={26} />}
          title={t('learner.home.continue_empty')}
          text={t('learner.home.continue_empty_hint')}
          action={
            <Button component={Link} to={MY_EDUCATION_PATH} variant="light">
              {t('learner.home.to_my_educations')}
            </Button>
          }
        />
      </Paper>
    );
  const rate = wholeRate(card.enrolment?.finished_rate ?? 0);
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }} h="100%" data-testid="home-continue" data-id={card.id}>
      <Grid gap={0} h="100%">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Box h="100%" mih={200}>
            <EducationCover image={card.image_url} icon={card.category?.icon ?? null} height="100%" />
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Stack p="lg" gap="sm" h="100%" justify="center">
            <Text fz="xs" fw={700} tt="uppercase" c="indigo.8">
              {t('learner.home.continue_eyebrow')}
            </Text>
            <Title order={3} fz="h3" lineClamp={2}>
              <Anchor component={Link} to={educationDetailPath(card.id)} c="inherit" fw={700} underline="hover">
                {card.title}
              </Anchor>
            </Title>
            <EducationMeta card={card} />
            <Group gap="sm" wrap="nowrap">
              <Progress
                value={rate}
                size="lg"
                radius="xl"
                style={{ flex: 1 }}
                aria-label={t('learner.progress_of', { title: card.title })}
              />
              <Text fw={700} data-testid="home-continue-rate">
                {t('learner.percent', { value: rate })}
              </Text>
            </Group>
            <Group>
              <Button
                size="md"
                component={Link}
                to={educationPlayerPath(card.id)}
                leftSection={<IconPlayerPlay size={18} aria-hidden />}
                data-testid="home-continue-button"
              >
                {t('learner.action.continue')}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}

function Total({ icon, value, label, testId }: { icon: ReactNode; value: string; label: string; testId: string }) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
        <Stack gap={0}>
          <Text fw={700} fz="xl" lh={1.2}>
            {value}
          </Text>
          <Text fz="xs" c="dimmed">
            {label}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** The learner's totals: completed, in progress, hours learned, completed programs. */
function Totals({ totals }: { totals: Home['totals'] }) {
  const { t, i18n } = useTranslation();
  const hours = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(totals.hours_learned);
  return (
    <SimpleGrid cols={2} spacing="sm" data-testid="home-totals">
      <Total
        icon={<IconRosetteDiscountCheck size={22} />}
        value={String(totals.completed_educations)}
        label={t('learner.home.totals.completed_educations')}
        testId="total-completed"
      />
      <Total
        icon={<IconBooks size={22} />}
        value={String(totals.in_progress_educations)}
        label={t('learner.home.totals.in_progress_educations')}
        testId="total-in-progress"
      />
      <Total
        icon={<IconClockHour4 size={22} />}
        value={hours}
        label={t('learner.home.totals.hours_learned')}
        testId="total-hours"
      />
      <Total
        icon={<IconCertificate size={22} />}
        value={String(totals.completed_programs)}
        label={t('learner.home.totals.completed_programs')}
        testId="total-programs"
      />
    </SimpleGrid>
  );
}

function CardGrid({ cards }: { cards: EducationCard[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
      {cards.map((card) => (
        <EducationCardView key={card.id} card={card} />
      ))}
    </SimpleGrid>
  );
}

function Sections({ home }: { home: Home }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [program, setProgram] = useState<number | null>(null);
  const catalogueOn = user?.modules.includes(CATALOGUE_MODULE) ?? false;
  return (
    <Stack gap="xl">
      <Grid gap="md" align="stretch">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <ContinueLearning card={home.continue_learning} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Totals totals={home.totals} />
        </Grid.Col>
      </Grid>
      <Block
        id="due"
        title={t('learner.home.due_title')}
        icon={<IconCalendarDue size={18} />}
        link={{ to: MY_EDUCATION_PATH, label: t('learner.home.see_all') }}
      >
        {home.due_soon.length === 0 ? (
          <Paper withBorder radius="lg">
            <EmptyState title={t('learner.home.due_empty')} text={t('learner.home.due_empty_hint')} />
          </Paper>
        ) : (
          <CardGrid cards={home.due_soon} />
        )}
      </Block>
      <Block
        id="programs"
        title={t('learner.home.programs_title')}
        icon={<IconRoute size={18} />}
        link={{ to: `${MY_EDUCATION_PATH}?tab=programs`, label: t('learner.home.see_all') }}
      >
        {home.programs.length === 0 ? (
          <Paper withBorder radius="lg">
            <EmptyState title={t('learner.home.programs_empty')} text={t('learner.home.programs_empty_hint')} />
          </Paper>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {home.programs.map((item) => (
              <ProgramCard key={item.id} program={item} onOpen={setProgram} />
            ))}
          </SimpleGrid>
        )}
        <ProgramPanel programId={program} onClose={() => setProgram(null)} />
      </Block>
      {catalogueOn && (
        <Block
          id="new"
          title={t('learner.home.new_title')}
          icon={<IconSparkles size={18} />}
          link={{ to: CATALOGUE_PATH, label: t('learner.home.to_catalogue') }}
        >
          {home.new_in_catalogue.length === 0 ? (
            <Paper withBorder radius="lg">
              <EmptyState title={t('learner.home.new_empty')} text={t('learner.home.new_empty_hint')} />
            </Paper>
          ) : (
            <CardGrid cards={home.new_in_catalogue} />
          )}
        </Block>
      )}
    </Stack>
  );
}

function HomeBlocks() {
  const { t } = useTranslation();
  const home = useLearnerHome();
  if (home.data) return <Sections home={home.data} />;
  if (home.isError)
    return (
      <Paper withBorder radius="lg">
        <EmptyState
          title={t('learner.home.load_failed')}
          text={home.error instanceof Error ? home.error.message : undefined}
          action={<Button onClick={() => void home.refetch()}>{t('learner.retry')}</Button>}
          testId="home-error"
        />
      </Paper>
    );
  return (
    <Stack gap="xl" role="status" aria-busy="true" aria-label={t('learner.loading')} data-testid="home-loading">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Skeleton height={240} radius="lg" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton height={240} radius="lg" />
        </Grid.Col>
      </Grid>
      <Skeleton height={300} radius="lg" />
    </Stack>
  );
}

/**
 * The learner home's learning blocks from one call (GET api/my/home). The home page itself loads no React Query
 * (issue 11's budget); this part comes after the first paint with the app's one query cache (DashboardPage defers it
 * with `deferredWithQueries`), so an enrolment here refreshes the other learner pages too.
 */
export default function LearnerHome() {
  return <HomeBlocks />;
}
