import { isTruthySetting } from '@kampus/shared';
import { ActionIcon, Anchor, Button, Flex, Group, Menu, Text } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandYoutube,
  IconPlus,
} from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LazyClarificationModal } from '../../features/frame/legal/LazyLegalModals.js';
import { isCompanyPage, quickCreateItems } from '../../features/frame/shell/quick-create.js';
import { type SocialNetwork, socialLinks } from '../../features/frame/shell/social-links.js';
import { useCompany } from '../company.js';
import { useRouteTable } from '../route-table.js';

const SOCIAL_ICONS: Record<SocialNetwork, typeof IconBrandLinkedin> = {
  linkedin: IconBrandLinkedin,
  instagram: IconBrandInstagram,
  facebook: IconBrandFacebook,
  youtube: IconBrandYoutube,
};

/** The company's social links, each opening in a new tab (spec §2.9). */
function SocialLinks() {
  const { t } = useTranslation();
  const company = useCompany();
  const links = useMemo(() => socialLinks(company?.settings, window.location), [company?.settings]);
  if (links.length === 0) return null;
  return (
    <Group gap={4} data-testid="footer-social" component="nav" aria-label={t('footer.social_links')}>
      {links.map(({ key, label, href }) => {
        const Icon = SOCIAL_ICONS[key];
        return (
          <ActionIcon
            key={key}
            component="a"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('footer.social_link', { network: label })}
            data-testid={`footer-social-${key}`}
          >
            <Icon size={20} stroke={1.6} aria-hidden />
          </ActionIcon>
        );
      })}
    </Group>
  );
}

/** The clarification link and the modal it opens, with the text chosen by host (spec §2.9). */
function ClarificationLink() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Anchor component="button" type="button" fz="sm" onClick={() => setOpened(true)} data-testid="clarification-link">
        {t('footer.clarification')}
      </Anchor>
      <LazyClarificationModal opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

/**
 * Quick-create on company pages (spec §2.9): the named company.*.add routes that exist; hidden while there are none.
 * The menu closes on every route change, back and forward included.
 */
function QuickCreate() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const routes = useRouteTable();
  const items = useMemo(() => quickCreateItems(routes), [routes]);
  const [opened, setOpened] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every route change by design
  useEffect(() => setOpened(false), [pathname]);
  if (!isCompanyPage(pathname) || items.length === 0) return null;
  return (
    <Menu opened={opened} onChange={setOpened} position="top-end" withinPortal>
      <Menu.Target>
        <Button size="compact-md" leftSection={<IconPlus size={16} aria-hidden />} data-testid="quick-create">
          {t('footer.quick_create')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item key={item.name} component={Link} to={item.path} data-testid={`quick-create-${item.label}`}>
            {t(`footer.quick_create_items.${item.label}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The dashboard footer: copyright, clarification link, social links and quick-create (spec §2.9). */
export function Footer() {
  const { t } = useTranslation();
  const company = useCompany();
  const hideCopyright = isTruthySetting(company?.settings.find((s) => s.key === 'hide_copyright_notice')?.value);
  const name = company?.name ?? t('app.product_name');
  return (
    <Flex
      h="100%"
      px="md"
      py={6}
      gap={{ base: 4, sm: 'md' }}
      direction={{ base: 'column', sm: 'row' }}
      align="center"
      justify="space-between"
    >
      <Group gap="md" wrap="nowrap">
        {!hideCopyright && (
          <Text fz="sm" c="gray.7" data-testid="footer-copyright">
            {t('footer.copyright', { year: new Date().getFullYear(), company: name })}
          </Text>
        )}
        <ClarificationLink />
      </Group>
      <Group gap="md" wrap="nowrap">
        <SocialLinks />
        <QuickCreate />
      </Group>
    </Flex>
  );
}
