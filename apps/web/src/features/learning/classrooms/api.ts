import {
  type AttendanceResult,
  type AttendanceSheet,
  type ClassroomRegistrationList,
  type ClassroomSession,
  type ClassroomSessionCreate,
  type ClassroomSessionUpdate,
  classroomsContract,
  extractErrorMessage,
  type LearnerClassroom,
} from '@kampus/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api.js';
import { downloadFile } from '../../../lib/download.js';
import { ApiError } from '../../../lib/http.js';
import { i18next } from '../../../lib/i18n.js';
import { contractResource } from '../../../lib/resource.js';
import { LEARNER_KEY } from '../educations/learner/api.js';

/** `api/admin/classrooms` (issue 14): the classroom trainings' admin resource. */
export const classroomsResource = contractResource(classroomsContract);

const sessionsPath = (classroomId: number) => `api/admin/classrooms/${classroomId}/sessions`;
const sessionsKey = (classroomId: number) => [...classroomsResource.keys.all, 'sessions', classroomId] as const;

// --- Admin ---

export function useSessions(classroomId: number) {
  return useQuery({
    queryKey: sessionsKey(classroomId),
    queryFn: async () => (await http.get<{ data: ClassroomSession[] }>(sessionsPath(classroomId))).data,
  });
}

/** Adds or changes a session; every view of the training's sessions (and its list row) is read again. */
export function useSaveSession(classroomId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: ClassroomSessionCreate | ClassroomSessionUpdate }) =>
      id === null
        ? (await http.post<{ data: ClassroomSession }>(sessionsPath(classroomId), body)).data
        : (await http.put<{ data: ClassroomSession }>(`${sessionsPath(classroomId)}/${id}`, body)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: classroomsResource.keys.all }),
  });
}

export function useCancelSession(classroomId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (sessionId: number) =>
      (await http.post<{ data: ClassroomSession }>(`${sessionsPath(classroomId)}/${sessionId}/cancel`)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: classroomsResource.keys.all }),
  });
}

const registrationsKey = (classroomId: number, sessionId: number) =>
  [...sessionsKey(classroomId), sessionId, 'registrations'] as const;

export function useRegistrations(classroomId: number, sessionId: number) {
  return useQuery({
    queryKey: registrationsKey(classroomId, sessionId),
    queryFn: () => http.get<ClassroomRegistrationList>(`${sessionsPath(classroomId)}/${sessionId}/registrations`),
  });
}

export function useCancelRegistration(classroomId: number, sessionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (registrationId: number) =>
      http.post(`${sessionsPath(classroomId)}/${sessionId}/registrations/${registrationId}/cancel`),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsKey(classroomId) }),
  });
}

export function useSaveAttendance(classroomId: number, sessionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sheet: AttendanceSheet) =>
      http.put<{ data: AttendanceResult; message: string }>(
        `${sessionsPath(classroomId)}/${sessionId}/attendance`,
        sheet,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsKey(classroomId) }),
  });
}

export const attendanceTemplatePath = (classroomId: number, sessionId: number) =>
  `${sessionsPath(classroomId)}/${sessionId}/attendance/template`;

/**
 * Sends a filled attendance sheet as multipart (the JSON client cannot), renewing an expired session once. A refused
 * file's reason (under `errors.file`) becomes the error's message.
 */
export async function importAttendance(classroomId: number, sessionId: number, file: File) {
  const path = `${sessionsPath(classroomId)}/${sessionId}/attendance/import`;
  const send = () => {
    const form = new FormData();
    form.append('file', file);
    const headers = http.headers(path);
    // The browser writes the multipart boundary itself.
    headers.delete('Content-Type');
    return fetch(`/${path}`, { method: 'POST', headers, body: form });
  };
  let response: Response;
  try {
    response = await send();
    if (response.status === 401 && (await http.refresh())) response = await send();
  } catch {
    throw new ApiError(0, null, i18next.t('general.error_occurred'));
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const fileError = (body as { errors?: { file?: string[] } } | null)?.errors?.file?.[0];
    throw new ApiError(
      response.status,
      body,
      fileError ?? extractErrorMessage(body, i18next.t('general.error_occurred')),
    );
  }
  return body as { data: AttendanceResult; message: string };
}

/** The refresh after an import: the sheet and the counts. */
export function useRefreshSessions(classroomId: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: sessionsKey(classroomId) });
}

// --- Learner ---

const myKey = (classroomId: number) => [LEARNER_KEY, 'classroom', classroomId] as const;

export function useMyClassroom(classroomId: number) {
  return useQuery({
    queryKey: myKey(classroomId),
    queryFn: async () => (await http.get<{ data: LearnerClassroom }>(`api/my/classrooms/${classroomId}`)).data,
  });
}

/**
 * Registers for a session (or joins its waiting list) or cancels; the answer is the training as it now stands, and
 * the learner's educations are read again (the classroom part moved).
 */
export function useRegistration(classroomId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ sessionId, action }: { sessionId: number; action: 'register' | 'cancel' }) =>
      (await http.post<{ data: LearnerClassroom }>(`api/my/classrooms/${classroomId}/sessions/${sessionId}/${action}`))
        .data,
    onSuccess: (classroom) => {
      client.setQueryData(myKey(classroomId), classroom);
      return client.invalidateQueries({ queryKey: [LEARNER_KEY] });
    },
  });
}

export const sessionIcsPath = (sessionId: number) => `api/classroom-sessions/${sessionId}/ics`;

/** Saves a session's .ics under the name the server gives. */
export const downloadSessionIcs = (sessionId: number) => downloadFile(sessionIcsPath(sessionId), 'session.ics');

/** Active classroom trainings whose title matches a search, first 20 by title: the education parts builder's choices. */
export function useClassroomOptions(search: string) {
  return useQuery({
    queryKey: [...classroomsResource.keys.lists, 'education-parts', search],
    queryFn: () =>
      classroomsResource.list({ page: 1, per_page: 20, sort: 'title', status: '1', ...(search ? { search } : {}) }),
    select: (page) => page.data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
