import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MandatoryModal } from '../../features/frame/dashboard/MandatoryModal.js';
import { SideMenu } from '../../features/frame/menu/SideMenu.js';
import { queryClient } from '../../lib/query-client.js';
import { Footer } from './Footer.js';
import HeaderTools from './HeaderTools.js';

/**
 * The learner frame's parts that load after its first page shows (DashboardLayout), in one chunk. They ask the
 * server through React Query, which the learner home itself does not load (issue 11), so each brings the app's one
 * query client with it.
 */
const withQueries = (children: ReactNode) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

export const HeaderToolsPart = () => withQueries(<HeaderTools />);
export const SideMenuPart = ({ onNavigate }: { onNavigate: () => void }) =>
  withQueries(<SideMenu onNavigate={onNavigate} />);
export const FooterPart = () => withQueries(<Footer />);
export const MandatoryModalPart = () => withQueries(<MandatoryModal />);
