import { Anchor, Box, Center, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageMenu } from '../../components/LanguageMenu.js';
import { useCompany } from '../company.js';

/** The frame of every public page: the company's logo and name, the language menu, and one card. */
export function PublicLayout({ title, children }: { title: string; children: ReactNode }) {
  const company = useCompany();
  const { t } = useTranslation();
  const name = company?.name ?? t('app.product_name');
  return (
    <Box mih="100vh" bg="var(--mantine-color-brand-0)">
      <Group justify="space-between" p="md">
        <Anchor component={Link} to="/" underline="never" c="brand.8" fw={700} fz="lg">
          {company?.logo_link ? <Image src={company.logo_link} alt={name} h={36} w="auto" /> : name}
        </Anchor>
        <LanguageMenu />
      </Group>
      <Center px="md" pb="xl">
        <Paper component="main" withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={440}>
          <Stack gap="lg">
            <Title order={1} fz="h2">
              {title}
            </Title>
            {children}
          </Stack>
        </Paper>
      </Center>
      <Text ta="center" c="dimmed" fz="sm" pb="md">
        {name}
      </Text>
    </Box>
  );
}
