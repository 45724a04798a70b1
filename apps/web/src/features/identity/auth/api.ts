import type { Session, SmsChallenge } from '@kampus/shared';
import { http } from '../../../lib/api.js';

/** A sign-in that needs a one-time code next: sent by SMS, or by mail after repeated failed attempts. */
export type { SmsChallenge };
export type LoginAnswer = Session | SmsChallenge;

export const isSmsChallenge = (answer: LoginAnswer): answer is SmsChallenge => 'requires_sms_code' in answer;

export const authApi = {
  login: (username: string, password: string) =>
    http.post<LoginAnswer>('api/token', { grant_type: 'password', username, password }),
  validateCode: (challenge: string, code: string) =>
    http.post<Session>('api/auth-validation', { grant_type: 'sms_code', challenge, code }),
  forgotPassword: (username: string) => http.post<{ message: string }>('api/forgot-password', { username }),
  resetPassword: (body: { token: string; password: string; password_confirmation: string }) =>
    http.post<{ message: string }>('api/reset-password', body),
  createPassword: (body: { token: string; password: string; password_confirmation: string }) =>
    http.post<{ message: string }>('api/create-password', body),
  logout: () => http.post('api/logout'),
  exchangeLoginToken: (token: string) => http.get<Session>('api/clients/authorization-token', undefined, { token }),
  changeCompany: (companyId: number) =>
    http.post<Session | { redirect_url: string }>('api/change-company', { company_id: companyId }),
  impersonate: (userId: number) => http.post<Session>(`api/impersonate/${userId}`),
  leaveImpersonation: () => http.delete<{ message: string }>('api/impersonate/leaving'),
};
