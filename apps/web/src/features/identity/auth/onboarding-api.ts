import type {
  emailVerificationSchema,
  MessageBody,
  registerInvitationSchema,
  registerSchema,
  Session,
} from '@kampus/shared';
import type { z } from 'zod';
import { http } from '../../../lib/api.js';

/** Joining a company: self-registration, an invitation link, and the mailed email-verification link (spec §7). */
export const onboardingApi = {
  register: (body: z.output<typeof registerSchema>) => http.post<MessageBody>('api/register', body),
  /** The invitation's signed params travel in the body; the server checks the signature, company and expiry. */
  registerByInvitation: (body: z.output<typeof registerInvitationSchema>) =>
    http.post<Session>('api/register-invitation', body),
  verifyEmail: (body: z.output<typeof emailVerificationSchema>) =>
    http.post<MessageBody>('api/email-verification', body),
};
