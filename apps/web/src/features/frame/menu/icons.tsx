import {
  IconBell,
  IconCalendarEvent,
  IconCategory,
  IconChartBar,
  IconClipboardList,
  IconGift,
  IconHome,
  IconLayoutGrid,
  IconMessages,
  IconQuestionMark,
  type TablerIcon,
} from '@tabler/icons-react';

/**
 * The menu types with an icon of their own (spec §2.7), plus home and notifications, which Kampus adds as menu types;
 * every other type gets a question mark.
 */
const ICONS: Record<string, TablerIcon> = {
  dashboard: IconHome,
  notification: IconBell,
  'my-assignment': IconClipboardList,
  'my-statistics': IconChartBar,
  'my-collection': IconLayoutGrid,
  'education-category': IconCategory,
  gift: IconGift,
  wall: IconMessages,
  agenda: IconCalendarEvent,
};

export function MenuIcon({ type }: { type: string }) {
  const Icon = ICONS[type] ?? IconQuestionMark;
  return <Icon size={20} stroke={1.6} aria-hidden />;
}
