import { Anchor, Box, Center, Container, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageMenu } from '../../components/LanguageMenu.js';
import { useCompany } from '../company.js';

/** The company's name on its host, the product's on the marketing host. */
function useSiteName(): string {
  const company = useCompany();
  const { t } = useTranslation();
  return company?.name ?? t('app.product_name');
}

/** The logo (or the name) leading home. */
export function SiteLogo({ height = 36 }: { height?: number }) {
  const company = useCompany();
  const name = useSiteName();
  return (
    <Anchor component={Link} to="/" underline="never" c="brand.8" fw={700} fz="lg" data-testid="public-logo">
      {company?.logo_link ? <Image src={company.logo_link} alt={name} h={height} w="auto" /> : name}
    </Anchor>
  );
}

function PublicFooter() {
  const { t } = useTranslation();
  const name = useSiteName();
  return (
    <Box component="footer" py="lg" px="md">
      <Group justify="center" gap="md" fz="sm">
        <Text c="dimmed" fz="sm">
          {name}
        </Text>
        <Anchor component={Link} to="/policies" c="dimmed" fz="sm" data-testid="footer-policies">
          {t('policies.footer_link')}
        </Anchor>
      </Group>
    </Box>
  );
}

/**
 * The frame of every public page in the company's branding: logo and language menu on top, the policies link in the
 * footer. `actions` sit beside the language menu (a sign-in button on a welcome page, section links on the landing).
 */
export function PublicFrame({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Box mih="100vh" bg="var(--mantine-color-brand-0)" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group component="header" justify="space-between" p="md" wrap="nowrap">
        <SiteLogo />
        <Group gap="xs" wrap="nowrap">
          {actions}
          <LanguageMenu />
        </Group>
      </Group>
      <Box component="main" style={{ flex: 1 }}>
        {children}
      </Box>
      <PublicFooter />
    </Box>
  );
}

/** A public page with one card: the sign-in pages, registration, error pages. `width` widens it for long texts. */
export function PublicLayout({ title, children, width = 440 }: { title: string; children: ReactNode; width?: number }) {
  return (
    <PublicFrame>
      <Center px="md" pb="xl">
        <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={width}>
          <Stack gap="lg">
            <Title order={1} fz="h2">
              {title}
            </Title>
            {children}
          </Stack>
        </Paper>
      </Center>
    </PublicFrame>
  );
}

/** A wide reading column inside the public frame (policies). */
export function PublicPage({ children }: { children: ReactNode }) {
  return (
    <PublicFrame>
      <Container size="md" pb="xl">
        {children}
      </Container>
    </PublicFrame>
  );
}
