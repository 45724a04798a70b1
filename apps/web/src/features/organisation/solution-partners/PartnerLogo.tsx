import { Avatar } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A partner's logo, or a neutral shop icon when it has none (or it fails to load). */
export function PartnerLogo({ name, logo, size = 36 }: { name: string; logo: string | null; size?: number }) {
  const { t } = useTranslation();
  return (
    <Avatar
      src={logo}
      alt={t('solution_partners.logo_alt', { name })}
      size={size}
      radius="sm"
      variant="light"
      imageProps={{ style: { objectFit: 'contain' } }}
    >
      <IconBuildingStore size={size * 0.55} aria-hidden />
    </Avatar>
  );
}
