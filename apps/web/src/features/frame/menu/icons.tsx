import {
  IconBell,
  IconCalendarEvent,
  IconCategory,
  IconCertificate,
  IconChartBar,
  IconClipboardCheck,
  IconClipboardList,
  IconGift,
  IconHome,
  IconLayoutGrid,
  IconMessages,
  IconNotebook,
  IconQuestionMark,
  IconTrophy,
  type TablerIcon,
} from '@tabler/icons-react';

/**
 * The menu types with an icon of their own (spec §2.7), plus home, notifications and the learner's educations, which
 * Kampus gives one too (a notebook: what they are working through); every other type gets a question mark.
 */
const ICONS: Record<string, TablerIcon> = {
  dashboard: IconHome,
  notification: IconBell,
  'my-assignment': IconClipboardList,
  'my-education': IconNotebook,
  'my-statistics': IconChartBar,
  'my-collection': IconLayoutGrid,
  'education-category': IconCategory,
  gift: IconGift,
  wall: IconMessages,
  agenda: IconCalendarEvent,
  test: IconClipboardCheck,
  'my-certification': IconCertificate,
  // Issue 17: the leader table, a trophy.
  'leader-table': IconTrophy,
};

export function MenuIcon({ type }: { type: string }) {
  const Icon = ICONS[type] ?? IconQuestionMark;
  return <Icon size={20} stroke={1.6} aria-hidden />;
}
