import { Alert, Anchor, Button, Center, Container, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
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
        <Table variant="vertical" withTableBorder>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={180}>{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
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
    <Container size="sm" py="xl" component="main">
      <Paper withBorder radius="lg" p="xl">
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
      </Paper>
    </Container>
  );
}
