import { Anchor, AppShell, Burger, Group, Image } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { deferred } from '../../lib/deferred.js';
import { deferredWithQueries } from '../../lib/deferred-queries.js';
import { useSessionUser } from '../../lib/session.js';
import { usePageViewTracking } from '../../lib/tracking.js';
import { useCompany } from '../company.js';

// The header's menus, the side menu (its items come from the server anyway), the footer and the mandatory-training
// check load after the page shows (issue 11), each from its own chunk and in a task of its own (lib/deferred.tsx);
// the header, the navbar and the footer keep their fixed sizes meanwhile, so nothing moves when they arrive.
const HeaderTools = deferredWithQueries(async () => (await import('./HeaderTools.js')).default);
const SideMenu = deferredWithQueries(async () => (await import('../../features/frame/menu/SideMenu.js')).SideMenu);
const Footer = deferredWithQueries(async () => (await import('./Footer.js')).Footer);
/**
 * The frame's one modals provider, for every page's confirmations; Mantine's Modal and its scroll lock stay off the
 * first paint (issue 11). A dialog asked for before it listens opens when it does (lib/modals-ready.ts).
 */
const ModalsHost = deferred(async () => ({ default: (await import('../../components/ModalsHost.js')).ModalsHost }));
const MandatoryModal = deferredWithQueries(
  async () => (await import('../../features/frame/dashboard/MandatoryModal.js')).MandatoryModal,
);

/** The signed-in frame: header with logo, language and the profile menu; the routed page below it. */
export function DashboardLayout() {
  const { t } = useTranslation();
  const company = useCompany();
  const user = useSessionUser();
  // On a phone the side menu is a drawer behind the burger; choosing an item closes it.
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  usePageViewTracking();
  const name = company?.name ?? user?.company_name ?? t('app.product_name');

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      footer={{ height: { base: 84, sm: 56 } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger opened={navOpened} onClick={toggleNav} hiddenFrom="sm" size="sm" aria-label={t('menu.toggle')} />
            <Anchor
              component={Link}
              to="/dashboard"
              underline="never"
              fw={700}
              fz={{ base: 'sm', xs: 'lg' }}
              lh={1.2}
              c="brand.8"
              // Two lines rather than "De…" beside a phone's header icons.
              lineClamp={2}
              miw={56}
              data-testid="header-logo"
            >
              {company?.logo_link ? <Image src={company.logo_link} alt={name} h={36} w="auto" /> : name}
            </Anchor>
          </Group>
          <Group gap={4} wrap="nowrap">
            <HeaderTools />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <SideMenu onNavigate={closeNav} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      <AppShell.Footer>
        <Footer />
      </AppShell.Footer>
      <MandatoryModal />
      <ModalsHost />
    </AppShell>
  );
}
