import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pathTo } from '../../../app/route-names.js';

const TABS = {
  competencies: 'company.competencies',
  categories: 'company.competency-categories',
  people: 'company.competencies.people',
} as const;
export type CompetencyTab = keyof typeof TABS;

/**
 * The three screens of `/admin/competencies-and-user-definitions` as tabs: the competencies, their categories and
 * people's levels. Each tab is its own address, so each list keeps its state in the URL.
 */
export function CompetencyTabs({ active }: { active: CompetencyTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Tabs value={active} onChange={(value) => value && navigate(pathTo(TABS[value as CompetencyTab]))} mb="md">
      <Tabs.List aria-label={t('competencies.tabs_label')}>
        {(Object.keys(TABS) as CompetencyTab[]).map((tab) => (
          <Tabs.Tab key={tab} value={tab} data-testid={`competency-tab-${tab}`}>
            {t(`competencies.tabs.${tab}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
