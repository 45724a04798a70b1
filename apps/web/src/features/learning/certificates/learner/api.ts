import type { CertificateVerification, MyCertificate } from '@kampus/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/api.js';

export const NS = 'myCertificates';
const MINE_KEY = ['my-certificates'] as const;

/** GET api/certificates/me: the person's valid and expired certificates, newest first. */
export function useMyCertificates() {
  return useQuery({
    queryKey: MINE_KEY,
    queryFn: async () => (await http.get<{ data: MyCertificate[] }>('api/certificates/me')).data,
  });
}

/** GET api/certificates/me/{id}: one of them, for the full-size preview. */
export function useMyCertificate(id: number) {
  return useQuery({
    queryKey: [...MINE_KEY, id],
    queryFn: async () => (await http.get<{ data: MyCertificate }>('api/certificates/me', id)).data,
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** GET api/verify/{number}: the public verification of a certificate number on the company's host. */
export function useVerification(number: string) {
  return useQuery({
    queryKey: ['certificate-verification', number],
    queryFn: async () =>
      (await http.get<{ data: CertificateVerification }>('api/verify', encodeURIComponent(number))).data,
    retry: false,
  });
}

/** A certificate's day in the reader's language, e.g. "14 Mart 2026". */
export function formatDay(value: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(value));
}

export const previewPath = (id: number) => `/certification/${id}/preview`;
