import { Alert, Button, Group, Skeleton, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { useHasPage } from '../../../app/route-table.js';
import { contentsResource } from './api.js';
import { ContentTypeLabel } from './ContentType.js';

/** The content a page is about (report, assignment): its title and type, and a way to its preview. */
export function ContentHeading({ id }: { id: number }) {
  const { t } = useTranslation();
  const hasPage = useHasPage();
  const content = useQuery({ queryKey: contentsResource.keys.item(id), queryFn: () => contentsResource.get(id) });
  const preview = pathTo('company.content.preview', { id });
  if (content.isLoading) return <Skeleton h={32} w={320} />;
  if (!content.data) {
    return (
      <Alert color="danger" title={t('resource.load_failed')} data-testid="content-heading-error">
        <Button variant="light" size="xs" onClick={() => void content.refetch()}>
          {t('resource.retry')}
        </Button>
      </Alert>
    );
  }
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="sm">
        <Title order={2} fz="h3" data-testid="content-heading">
          {content.data.title}
        </Title>
        <ContentTypeLabel type={content.data.type} />
      </Group>
      {hasPage(preview) && (
        <Button component={Link} to={preview} variant="light" size="xs">
          {t('content.actions.preview')}
        </Button>
      )}
    </Group>
  );
}
