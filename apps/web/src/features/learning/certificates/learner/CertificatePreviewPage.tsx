import { Anchor, Badge, Button, Group, Image, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../../components/EmptyState.js';
import { formatDay, NS, useMyCertificate } from './api.js';
import { CertificateActions } from './CertificateActions.js';

/** /certification/{id}/preview: one of the person's certificates at full size, with its downloads and sharing. */
export default function CertificatePreviewPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const query = useMyCertificate(id);
  const back = (
    <Anchor component={Link} to="/my-certification" fz="sm">
      <Group gap={4}>
        <IconArrowLeft size={16} aria-hidden />
        {t(`${NS}.back`)}
      </Group>
    </Anchor>
  );
  if (query.isPending && Number.isInteger(id) && id > 0) {
    return (
      <Stack gap="lg" role="status" aria-busy="true" aria-label={t(`${NS}.loading`)}>
        <Skeleton height={32} width={320} />
        <Skeleton height={1024} maw={600} />
      </Stack>
    );
  }
  if (!query.data) {
    return (
      <Stack gap="lg">
        {back}
        <EmptyState
          title={t(`${NS}.not_found`)}
          action={query.isError ? <Button onClick={() => void query.refetch()}>{t(`${NS}.retry`)}</Button> : undefined}
          testId="certificate-preview-error"
        />
      </Stack>
    );
  }
  const certificate = query.data;
  return (
    <Stack gap="lg" data-testid="certificate-preview-page">
      {back}
      <div>
        <Title order={1} fz="h2">
          {certificate.name}
        </Title>
        <Group gap="sm" mt={4}>
          <Badge
            color={certificate.state === 'valid' ? 'teal' : certificate.state === 'expiring' ? 'orange' : 'red'}
            variant="dot"
          >
            {t(`${NS}.state.${certificate.state}`)}
          </Badge>
          <Text fz="sm" c="dimmed">
            {t(`${NS}.issued`, { date: formatDay(certificate.issued_at, i18n.language) })}
            {' · '}
            {certificate.expires_at
              ? t(`${NS}.expires`, { date: formatDay(certificate.expires_at, i18n.language) })
              : t(`${NS}.no_expiry`)}
          </Text>
        </Group>
      </div>
      <CertificateActions certificate={certificate} />
      <Paper withBorder radius="md" maw={600} style={{ overflow: 'hidden' }}>
        {certificate.png_url ? (
          <Image
            src={certificate.png_url}
            alt={t(`${NS}.image_alt`, { name: certificate.name, number: certificate.number })}
            data-testid="certificate-image"
          />
        ) : (
          <Text p="lg" c="dimmed">
            {t(`${NS}.rendering`)}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
