import type { MyCertificate, MyCertificateState } from '@kampus/shared';
import {
  AspectRatio,
  Badge,
  Button,
  Card,
  Center,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../../components/EmptyState.js';
import { formatDay, NS, previewPath, useMyCertificates } from './api.js';
import { CertificateActions } from './CertificateActions.js';

/** Dot badges: the light variants' yellow and teal text fail contrast (axe). */
const STATE_COLOR: Record<MyCertificateState, string> = { valid: 'teal', expiring: 'orange', expired: 'red' };

function CertificateCard({ certificate }: { certificate: MyCertificate }) {
  const { t, i18n } = useTranslation();
  const titleId = `certificate-${certificate.id}`;
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="article"
      aria-labelledby={titleId}
      data-testid="certificate-card"
    >
      <Card.Section>
        <Link to={previewPath(certificate.id)} aria-label={t(`${NS}.preview_of`, { name: certificate.name })}>
          <AspectRatio ratio={600 / 1024} mah={320} mx="auto" maw={188}>
            {certificate.png_url ? (
              <Image src={certificate.png_url} alt="" fit="contain" />
            ) : (
              <Center bg="var(--mantine-color-gray-1)">
                <IconCertificate size={48} aria-hidden />
              </Center>
            )}
          </AspectRatio>
        </Link>
      </Card.Section>
      <Stack gap="xs" mt="md">
        <Title order={3} fz="lg" id={titleId}>
          {certificate.name}
        </Title>
        {certificate.title !== certificate.name && <Text fz="sm">{certificate.title}</Text>}
        <Badge color={STATE_COLOR[certificate.state]} variant="dot" data-testid="certificate-state">
          {t(`${NS}.state.${certificate.state}`)}
        </Badge>
        <Text fz="sm" c="dimmed">
          {t(`${NS}.issued`, { date: formatDay(certificate.issued_at, i18n.language) })}
          {' · '}
          {certificate.expires_at
            ? t(`${NS}.expires`, { date: formatDay(certificate.expires_at, i18n.language) })
            : t(`${NS}.no_expiry`)}
        </Text>
        <Text fz="xs" c="dimmed" ff="monospace" data-testid="certificate-number">
          {certificate.number}
        </Text>
        {!certificate.pdf_url && (
          <Text fz="sm" c="dimmed">
            {t(`${NS}.rendering`)}
          </Text>
        )}
        <Button component={Link} to={previewPath(certificate.id)} variant="filled" size="xs" w="fit-content">
          {t(`${NS}.preview`)}
        </Button>
        <CertificateActions certificate={certificate} />
      </Stack>
    </Card>
  );
}

/** /my-certification: the person's certificates as cards, each with its image, status and what one can do with it. */
export default function MyCertificatesPage() {
  const { t } = useTranslation();
  const query = useMyCertificates();
  let content: React.ReactNode;
  if (query.isPending) {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="status" aria-busy="true" aria-label={t(`${NS}.loading`)}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={480} radius="lg" />
        ))}
      </SimpleGrid>
    );
  } else if (query.isError) {
    content = (
      <EmptyState
        title={t(`${NS}.load_failed`)}
        text={query.error instanceof Error ? query.error.message : undefined}
        action={<Button onClick={() => void query.refetch()}>{t(`${NS}.retry`)}</Button>}
        testId="certificates-error"
      />
    );
  } else if (query.data.length === 0) {
    content = (
      <EmptyState
        icon={<IconCertificate size={26} />}
        title={t(`${NS}.empty_title`)}
        text={t(`${NS}.empty_text`)}
        testId="certificates-empty"
      />
    );
  } else {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {query.data.map((certificate) => (
          <CertificateCard key={certificate.id} certificate={certificate} />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Stack gap="lg" data-testid="my-certificates-page">
      <div>
        <Title order={1} fz="h2">
          {t(`${NS}.title`)}
        </Title>
        <Text c="dimmed">{t(`${NS}.intro`)}</Text>
      </div>
      {content}
    </Stack>
  );
}
