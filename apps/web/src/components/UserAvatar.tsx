import { Avatar, type AvatarProps } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { useState } from 'react';

/** An avatar source is treated as absent for placeholders and images that fail to load (spec §2.6). */
export function usableAvatar(src: string | null | undefined, failed: boolean): string | null {
  if (!src || failed || /not-found\.png|placeholder|default/i.test(src)) return null;
  return src;
}

interface UserAvatarProps extends Omit<AvatarProps, 'src' | 'children'> {
  photo: string | null | undefined;
  /** The image's text alternative; left empty (decorative) where the name is written beside the avatar. */
  alt?: string;
}

/** A person's photo, or a user icon when there is none or it does not load (spec §2.6). */
export function UserAvatar({ photo, alt = '', ...props }: UserAvatarProps) {
  // Remembered per address, so a new photo gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = usableAvatar(photo, failedSrc !== null && failedSrc === photo);
  return (
    <Avatar
      color="brand"
      radius={1000}
      {...props}
      src={src}
      alt={alt}
      imageProps={{ onError: () => setFailedSrc(photo ?? null) }}
      data-photo={src ? 'image' : 'icon'}
    >
      <IconUser size="60%" stroke={1.6} aria-hidden />
    </Avatar>
  );
}
