import { updateUserSchema } from '@kampus/shared';
import { z } from 'zod';
import type { Profile } from './api.js';

/** The edit form holds text only; the photo is the address POST api/uploads answered ('' for none). */
export const profileFormShape = z.object({
  email: z.string(),
  username: z.string(),
  bio: z.string(),
  image: z.string(),
  current_password: z.string(),
  password: z.string(),
  password_confirmation: z.string(),
});
export type ProfileFormValues = z.infer<typeof profileFormShape>;

export function formValuesOf(profile: Profile): ProfileFormValues {
  return {
    email: profile.email ?? '',
    username: profile.username ?? '',
    bio: profile.bio ?? '',
    image: profile.photo ?? '',
    current_password: '',
    password: '',
    password_confirmation: '',
  };
}

/**
 * The PUT api/user body from the form: an identifier the person never had and left empty is not sent (so someone
 * without an email can still save), the photo is sent as null to remove it, and the password fields go only when a
 * new password was typed. The shared updateUserSchema then checks the result, with its messages on these fields.
 */
export function profileFormSchema(profile: Profile) {
  return profileFormShape
    .transform((values): z.input<typeof updateUserSchema> => {
      const changesPassword = values.password !== '' || values.password_confirmation !== '';
      return {
        ...(values.email !== '' || profile.email !== null ? { email: values.email } : {}),
        ...(values.username !== '' || profile.username !== null ? { username: values.username } : {}),
        bio: values.bio,
        image: values.image === '' ? null : values.image,
        ...(changesPassword
          ? {
              current_password: values.current_password,
              password: values.password,
              password_confirmation: values.password_confirmation,
            }
          : {}),
      };
    })
    .pipe(updateUserSchema);
}

/** Whether the form differs from what was loaded, for the guard against leaving with unsaved changes. */
export function isDirty(values: ProfileFormValues, initial: ProfileFormValues): boolean {
  return (Object.keys(initial) as (keyof ProfileFormValues)[]).some((key) => values[key] !== initial[key]);
}
