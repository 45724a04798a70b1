import { Button, Group } from '@mantine/core';
import { IconCategory, IconChalkboard, IconSchool, IconShoppingBag } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../../app/route-names.js';
import { useHasPage } from '../../../../app/route-table.js';

export type CatalogSection = 'catalog' | 'purchased' | 'categories' | 'classroom';

/**
 * The education catalogue's lists side by side: the company's own educations, the purchased ones, the categories
 * and the classroom trainings. Links, not tabs: each is a page of its own with its address; the current one is marked for readers.
 */
export function CatalogTabs({ current }: { current: CatalogSection }) {
  const { t } = useTranslation();
  const hasPage = useHasPage();
  const sections: { key: CatalogSection; to: string; icon: ReactNode }[] = [
    { key: 'catalog', to: pathTo('company.content.catalog'), icon: <IconSchool size={16} aria-hidden /> },
    {
      key: 'purchased',
      to: pathTo('company.content.catalog.purchased'),
      icon: <IconShoppingBag size={16} aria-hidden />,
    },
    { key: 'categories', to: pathTo('company.education.categories'), icon: <IconCategory size={16} aria-hidden /> },
    {
      key: 'classroom',
      to: pathTo('company.education.classroom'),
      icon: <IconChalkboard size={16} aria-hidden />,
    },
  ];
  const shown = sections.filter((section) => section.key === current || hasPage(section.to));
  if (shown.length < 2) return null;
  return (
    <Group component="nav" gap="xs" aria-label={t('education.sections_label')} data-testid="catalog-tabs">
      {shown.map((section) => (
        <Button
          key={section.key}
          component={Link}
          to={section.to}
          size="xs"
          radius="xl"
          variant={section.key === current ? 'filled' : 'default'}
          leftSection={section.icon}
          aria-current={section.key === current ? 'page' : undefined}
          data-testid={`catalog-tab-${section.key}`}
        >
          {/* The classroom trainings' list names itself in its own namespace (issue 14). */}
          {section.key === 'classroom' ? t('classroomAdmin.list_title') : t(`education.sections.${section.key}`)}
        </Button>
      ))}
    </Group>
  );
}
