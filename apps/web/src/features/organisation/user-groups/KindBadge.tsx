import type { UserGroupKind } from '@kampus/shared';
import { Badge } from '@mantine/core';
import { IconFilter, IconListCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Static or rule-based; the outline variant keeps the text dark enough for the contrast check. */
export function GroupKindBadge({ kind }: { kind: UserGroupKind }) {
  const { t } = useTranslation();
  const Icon = kind === 'rule' ? IconFilter : IconListCheck;
  return (
    <Badge
      variant="outline"
      color={kind === 'rule' ? 'info.9' : 'gray.8'}
      leftSection={<Icon size={12} aria-hidden />}
      data-testid="group-kind"
      data-kind={kind}
    >
      {t(`user_groups.kinds.${kind}`)}
    </Badge>
  );
}
