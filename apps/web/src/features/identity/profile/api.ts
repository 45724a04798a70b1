import type { profileSchema, UpdateUser } from '@kampus/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/api.js';
import { sessionStore } from '../../../lib/session.js';

export type Profile = z.infer<typeof profileSchema>;

export const profileKeys = { me: ['profile', 'me'] as const };

/** GET api/user: the signed-in person's own profile. */
export function useProfile() {
  return useQuery({ queryKey: profileKeys.me, queryFn: () => http.get<Profile>('api/user') });
}

/** PUT api/user; the stored session user follows, so the header avatar and name change at once. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUser) => http.put<Profile>('api/user', body),
    onSuccess: async (profile) => {
      client.setQueryData(profileKeys.me, profile);
      await sessionStore.updateUser({
        name: profile.name,
        surname: profile.surname,
        email: profile.email,
        photo: profile.photo,
      });
    },
  });
}
