import { Alert, Anchor, Box, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../../../../components/EmptyState.js';
import { formatDay, useVerification } from './api.js';

const NS = 'verify';
/** The light alerts' coloured title and text fail contrast (axe): they keep the body colour, the icon carries it. */
const READABLE = { title: { color: 'var(--mantine-color-text)' }, message: { color: 'var(--mantine-color-text)' } };

/**
 * /verify/{number}: anyone (no sign-in) checks a certificate number on the company's address. A valid certificate
 * states whom and what it certifies; every other number reads the same "not valid".
 */
export default function VerifyPage() {
  const { t, i18n } = useTranslation();
  const number = useParams().number ?? '';
  const query = useVerification(number);
  let content: React.ReactNode;
  if (query.isPending) {
    content = (
      <Center py="xl" role="status" aria-label={t(`${NS}.checking`)}>
        <Loader />
      </Center>
    );
  } else if (query.isError) {
    content = (
      <EmptyState
        title={t(`${NS}.load_failed`)}
        action={<Button onClick={() => void query.refetch()}>{t(`${NS}.retry`)}</Button>}
        testId="verify-error"
      />
    );
  } else if (query.data.valid) {
    const found = query.data;
    const rows: [string, string][] = [
      [t(`${NS}.full_name`), found.full_name],
      [t(`${NS}.certificate`), found.name],
      [t(`${NS}.subject`), found.title],
      [t(`${NS}.issuer`), found.company],
      [t(`${NS}.issued`), formatDay(found.issued_at, i18n.language)],
      [t(`${NS}.expires`), found.expires_at ? formatDay(found.expires_at, i18n.language) : t(`${NS}.no_expiry`)],
      [t(`${NS}.number`), found.number],
    ];
    content = (
      <Stack gap="md" data-testid="verify-valid">
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck aria-hidden />}
          title={t(`${NS}.valid_title`)}
          styles={READABLE}
        >
          {t(`${NS}.valid_text`)}
        </Alert>
        {/* A description list, not Mantine's Table: the table's code would join the sign-in page's shared chunks. */}
        <Stack component="dl" gap="xs" m={0}>
          {rows.map(([label, value]) => (
            <Stack key={label} gap={2}>
              <Text component="dt" c="dimmed" fz="xs" fw={600}>
                {label}
              </Text>
              <Text component="dd" fz="sm" m={0}>
                {value}
              </Text>
            </Stack>
          ))}
        </Stack>
      </Stack>
    );
  } else {
    content = (
      <Alert
        color="red"
        variant="light"
        icon={<IconCircleX aria-hidden />}
        title={t(`${NS}.invalid_title`)}
        styles={READABLE}
        data-testid="verify-invalid"
      >
        {t(`${NS}.invalid_text`, { number })}
      </Alert>
    );
  }
  return (
    // Box, not Container and Paper: their code would join the sign-in page's shared chunks (e2e/budget.e2e.ts).
    <Box component="main" maw={640} mx="auto" py="xl" px="md">
      <Box p="xl" bd="1px solid var(--mantine-color-gray-3)" style={{ borderRadius: 'var(--mantine-radius-lg)' }}>
        <Stack gap="lg">
          <div>
            <Title order={1} fz="h2">
              {t(`${NS}.title`)}
            </Title>
            <Text c="dimmed">{t(`${NS}.intro`)}</Text>
          </div>
          {content}
          <Anchor href="/" fz="sm">
            {t(`${NS}.home`)}
          </Anchor>
        </Stack>
      </Box>
    </Box>
  );
}
