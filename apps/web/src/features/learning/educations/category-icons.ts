import type { CategoryIcon as CategoryIconName } from '@kampus/shared';
import {
  type Icon,
  IconBriefcase,
  IconBulb,
  IconCertificate,
  IconChartLine,
  IconDeviceLaptop,
  IconFirstAidKit,
  IconHeartHandshake,
  IconHelmet,
  IconLeaf,
  IconLock,
  IconMessages,
  IconScale,
  IconSchool,
  IconShieldLock,
  IconUsers,
  IconWorld,
} from '@tabler/icons-react';

/**
 * The tabler component of each icon a category may carry (`CATEGORY_ICONS`): one map for the admin screens and the
 * learner's pages (outside `admin/`, which the learner's pages must not load).
 */
export const CATEGORY_ICON_COMPONENTS: Record<CategoryIconName, Icon> = {
  'shield-lock': IconShieldLock,
  lock: IconLock,
  'first-aid-kit': IconFirstAidKit,
  helmet: IconHelmet,
  'chart-line': IconChartLine,
  users: IconUsers,
  briefcase: IconBriefcase,
  bulb: IconBulb,
  messages: IconMessages,
  world: IconWorld,
  school: IconSchool,
  certificate: IconCertificate,
  'device-laptop': IconDeviceLaptop,
  'heart-handshake': IconHeartHandshake,
  leaf: IconLeaf,
  scale: IconScale,
};
