import { companyFinderSchema } from '@kampus/shared';
import {
  Anchor,
  Box,
  Button,
  Card,
  Container,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowRight,
  IconAward,
  IconBuildingCommunity,
  IconChartBar,
  IconChecklist,
  IconMessages,
  IconSchool,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCompany } from '../../../app/company.js';
import { PublicFrame } from '../../../app/layouts/PublicLayout.js';
import { useSchemaForm } from '../../../lib/form.js';
import { sessionStore } from '../../../lib/session.js';
import { useLoginOptions } from '../../identity/auth/login-options.js';
import { companyLoginUrl, productHost } from './finder.js';
import classes from './landing.module.css';

type Icon = ComponentType<{ size?: number | string; stroke?: number }>;

/** The product's capabilities, each with its `landing.feature_{key}_*` texts. */
const FEATURES: { key: string; icon: Icon }[] = [
  { key: 'trainings', icon: IconSchool },
  { key: 'assessment', icon: IconChecklist },
  { key: 'rewards', icon: IconAward },
  { key: 'social', icon: IconMessages },
  { key: 'reports', icon: IconChartBar },
  { key: 'groups', icon: IconBuildingCommunity },
];
const STEPS = [1, 2, 3, 4] as const;

function SectionHeading({ title, text, id }: { title: string; text?: string; id: string }) {
  return (
    <Stack gap={6} ta="center" mb="xl" maw={680} mx="auto">
      <Title order={2} id={id}>
        {title}
      </Title>
      {text && <Text c="dimmed">{text}</Text>}
    </Stack>
  );
}

function Hero() {
  const { t } = useTranslation();
  return (
    <Box className={classes.hero} px={{ base: 'lg', sm: 48 }} py={{ base: 40, sm: 72 }}>
      <Stack gap="lg" maw={720}>
        <Text tt="uppercase" fw={700} fz="sm" opacity={0.85}>
          {t('landing.hero_badge')}
        </Text>
        <Title order={1} className={classes.heroTitle} data-testid="landing-title">
          {t('landing.hero_title')}
        </Title>
        <Text fz="lg" opacity={0.92}>
          {t('landing.hero_text')}
        </Text>
        <Group gap="sm">
          <Button
            component="a"
            href="#find"
            size="md"
            variant="white"
            rightSection={<IconArrowRight size={18} aria-hidden />}
            data-testid="landing-cta"
          >
            {t('landing.hero_cta')}
          </Button>
          <Button component="a" href="#features" size="md" variant="outline" color="white">
            {t('landing.hero_secondary')}
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}

function Features() {
  const { t } = useTranslation();
  return (
    <Box component="section" id="features" aria-labelledby="features-title" data-testid="landing-features">
      <SectionHeading id="features-title" title={t('landing.features_title')} text={t('landing.features_text')} />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {FEATURES.map(({ key, icon: FeatureIcon }) => (
          <Card key={key} withBorder radius="lg" padding="lg" className={classes.card}>
            <ThemeIcon size={44} radius="md" variant="light" mb="md" aria-hidden>
              <FeatureIcon size={24} stroke={1.6} />
            </ThemeIcon>
            <Title order={3} fz="h4" mb={6}>
              {t(`landing.feature_${key}_title`)}
            </Title>
            <Text c="dimmed" fz="sm">
              {t(`landing.feature_${key}_text`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Box>
  );
}

function HowItWorks() {
  const { t } = useTranslation();
  const host = productHost(window.location.host);
  return (
    <Box component="section" id="how" aria-labelledby="how-title">
      <SectionHeading id="how-title" title={t('landing.how_title')} />
      <SimpleGrid
        component="ol"
        cols={{ base: 1, sm: 2, md: 4 }}
        spacing="lg"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {STEPS.map((step) => (
          <Stack component="li" key={step} gap="xs">
            <ThemeIcon size={36} radius="xl" aria-hidden>
              <Text fw={700}>{step}</Text>
            </ThemeIcon>
            <Title order={3} fz="h5">
              {t(`landing.how_step${step}_title`)}
            </Title>
            <Text c="dimmed" fz="sm">
              {t(`landing.how_step${step}_text`, { host })}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Box>
  );
}

/** "Find your company's address": a short name becomes {slug}.{this host}/login. */
function CompanyFinder() {
  const { t } = useTranslation();
  const host = productHost(window.location.host);
  const form = useSchemaForm(companyFinderSchema, { slug: '' });
  const preview = form.values.slug.trim().toLowerCase() || t('landing.find_placeholder');
  return (
    <Card component="section" id="find" aria-labelledby="find-title" withBorder radius="lg" padding="xl" shadow="sm">
      <Stack gap="md" maw={560} mx="auto" ta="center">
        <Title order={2} id="find-title">
          {t('landing.find_title')}
        </Title>
        <Text c="dimmed">{t('landing.find_text')}</Text>
        <form
          noValidate
          data-testid="company-finder"
          onSubmit={(event) => {
            event.preventDefault();
            void form.submit(async ({ slug }) => window.location.assign(companyLoginUrl(slug, window.location)));
          }}
        >
          <Stack gap="sm" ta="left">
            <TextInput
              label={t('landing.find_label')}
              placeholder={t('landing.find_placeholder')}
              description={t('landing.find_preview', { address: `${preview}.${host}` })}
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              name="slug"
              {...form.field('slug')}
            />
            <Button type="submit" rightSection={<IconArrowRight size={18} aria-hidden />}>
              {t('landing.find_submit')}
            </Button>
          </Stack>
        </form>
        <Text fz="sm" c="dimmed">
          {t('landing.find_hint')}
        </Text>
      </Stack>
    </Card>
  );
}

/** The marketing host's /homepage: a landing page for the product itself. */
function ProductLanding() {
  const { t } = useTranslation();
  return (
    <PublicFrame
      actions={
        <Group gap="xs" visibleFrom="sm" component="nav" aria-label={t('landing.nav_label')}>
          <Anchor href="#features" c="dark" fz="sm">
            {t('landing.nav_features')}
          </Anchor>
          <Anchor href="#how" c="dark" fz="sm" px="xs">
            {t('landing.nav_how')}
          </Anchor>
          <Button component="a" href="#find" size="xs" variant="light">
            {t('landing.nav_find')}
          </Button>
        </Group>
      }
    >
      <Container size="lg" pb={64} data-testid="landing">
        <Stack gap={72}>
          <Hero />
          <Features />
          <HowItWorks />
          <CompanyFinder />
        </Stack>
      </Container>
    </PublicFrame>
  );
}

/** A company's /homepage: its logo and name, sign-in, and registration when the company allows it. */
function CompanyWelcome({ name, logo }: { name: string; logo: string | null }) {
  const { t } = useTranslation();
  const options = useLoginOptions();
  const signedIn = sessionStore.isAuthenticated();
  return (
    <PublicFrame>
      <Container size="sm" py={{ base: 'xl', sm: 64 }}>
        <Card withBorder radius="lg" shadow="sm" padding="xl" data-testid="company-welcome">
          <Stack align="center" ta="center" gap="lg">
            {logo && <Image src={logo} alt="" h={72} w="auto" fit="contain" />}
            <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
              {t('home.company_title', { company: name })}
            </Title>
            <Text c="dimmed" maw={460}>
              {t('home.company_text')}
            </Text>
            <Group justify="center" gap="sm">
              {signedIn ? (
                <Button component={Link} to="/dashboard" size="md" data-testid="home-dashboard">
                  {t('landing.go_dashboard')}
                </Button>
              ) : (
                <Button component={Link} to="/login" size="md" data-testid="home-sign-in">
                  {t('auth.submit')}
                </Button>
              )}
              {!signedIn && options?.self_registration && (
                <Button component={Link} to="/register" size="md" variant="light" data-testid="home-register">
                  {t('register.link')}
                </Button>
              )}
            </Group>
          </Stack>
        </Card>
      </Container>
    </PublicFrame>
  );
}

/** /homepage: a company's welcome page on its host; the product's landing on the marketing host. */
export default function HomePage() {
  const company = useCompany();
  if (company) return <CompanyWelcome name={company.name} logo={company.logo_link} />;
  return <ProductLanding />;
}
