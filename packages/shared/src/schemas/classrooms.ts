import { z } from 'zod';
import { LOCALES } from '../constants.js';
import { ACTIVE_STATUS_LIST_FILTER, defineContract, readWrite } from '../resource-contract.js';
import { ID_MAX, optionalText } from './common.js';
import { localizedTextSchema } from './faq.js';
import { activeStatusFilter, activeStatusSchema } from './hashtags.js';
import { lenient, resourceListQuerySchema } from './resource.js';

/**
 * Classroom trainings (instructor-led, issue 14): a learning item of its own with dated sessions that people register
 * for, a waiting list per session, and attendance. It joins an education as a part of type `classroom` whose
 * `ref_id` is the training's id; attendance `present` completes that part.
 */
export const CLASSROOM_TITLE_MAX = 200;
export const CLASSROOM_DESCRIPTION_MAX = 100_000;
export const CLASSROOM_PLACE_MAX = 300;
export const CLASSROOM_URL_MAX = 2000;
export const CLASSROOM_INSTRUCTOR_MAX = 200;
export const CLASSROOM_CAPACITY_MAX = 10_000;
/** Rows one attendance sheet or import may hold. */
export const ATTENDANCE_ROWS_MAX = 10_000;

/** The time zones a session may be held in (spec §9: Europe/Istanbul, Asia/Baku for az). */
export const CLASSROOM_TIME_ZONES = ['Europe/Istanbul', 'Asia/Baku'] as const;
export const classroomTimeZoneSchema = z.enum(CLASSROOM_TIME_ZONES, 'validation.required');
export type ClassroomTimeZone = z.infer<typeof classroomTimeZoneSchema>;

export const SESSION_STATUSES = ['active', 'cancelled'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** A registration holds a seat (`registered`), waits for one (`waitlisted`), or was given up (`cancelled`). */
export const REGISTRATION_STATUSES = ['registered', 'waitlisted', 'cancelled'] as const;
export const registrationStatusSchema = z.enum(REGISTRATION_STATUSES);
export type RegistrationStatus = z.infer<typeof registrationStatusSchema>;

export const ATTENDANCES = ['present', 'absent', 'excused'] as const;
export const attendanceSchema = z.enum(ATTENDANCES, 'classroomAdmin.errors.attendance_invalid');
export type Attendance = z.infer<typeof attendanceSchema>;

const idSchema = z.number().int().positive().max(ID_MAX);
const urlSchema = z
  .string()
  .trim()
  .max(CLASSROOM_URL_MAX)
  .refine((value) => /^https?:\/\/\S+$/i.test(value), 'classroomAdmin.errors.url_invalid');
const optionalUrl = urlSchema
  .nullable()
  .or(z.literal('').transform(() => null))
  .transform((v) => v ?? null);

// --- Trainings (`api/admin/classrooms`) ---

export const CLASSROOM_SORTS = ['title', 'status', 'next_session_at', 'created_at', 'updated_at'] as const;

export const classroomSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** Sanitized HTML. */
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  category: z.object({ id: z.number(), names: localizedTextSchema }).nullable(),
  language: z.enum(LOCALES),
  status: activeStatusSchema,
  /** Where sessions are held unless a session says otherwise. */
  default_place: z.string().nullable(),
  default_online_url: z.string().nullable(),
  sessions_count: z.number(),
  /** The start of the next active session to come (ISO), or null. */
  next_session_at: z.string().nullable(),
  /** Educations that hold it as a part. */
  educations_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Classroom = z.infer<typeof classroomSchema>;

const classroomWriteShape = {
  title: z.string().trim().min(1, 'validation.required').max(CLASSROOM_TITLE_MAX),
  /** HTML from the rich text editor; the server sanitizes it. */
  description: z.string().max(CLASSROOM_DESCRIPTION_MAX).nullable(),
  /** An address POST api/uploads answered (kind cover). */
  image_url: z.string().max(CLASSROOM_URL_MAX).nullable(),
  category_id: idSchema.nullable(),
  language: z.enum(LOCALES, 'validation.required'),
  status: activeStatusSchema,
  default_place: optionalText(CLASSROOM_PLACE_MAX),
  default_online_url: optionalUrl,
};

export const classroomCreateSchema = z.object({
  ...classroomWriteShape,
  description: classroomWriteShape.description.default(null),
  image_url: classroomWriteShape.image_url.default(null),
  category_id: classroomWriteShape.category_id.default(null),
  status: classroomWriteShape.status.default(1),
  default_place: classroomWriteShape.default_place.default(null),
  default_online_url: classroomWriteShape.default_online_url.default(null),
});
export type ClassroomCreate = z.infer<typeof classroomCreateSchema>;
export const classroomUpdateSchema = z.object(classroomWriteShape).partial();
export type ClassroomUpdate = z.infer<typeof classroomUpdateSchema>;

export const classroomListQuerySchema = resourceListQuerySchema.extend({
  status: activeStatusFilter,
  language: lenient(z.enum(LOCALES)),
});
export type ClassroomListQuery = z.infer<typeof classroomListQuerySchema>;

export const classroomsContract = defineContract({
  plural: 'classrooms',
  namespace: 'classroomAdmin',
  permissions: readWrite('show_training', 'create_training'),
  schemas: {
    item: classroomSchema,
    create: classroomCreateSchema,
    update: classroomUpdateSchema,
    listQuery: classroomListQuerySchema,
  },
  list: {
    sorts: CLASSROOM_SORTS,
    defaultSort: '-created_at',
    filters: [ACTIVE_STATUS_LIST_FILTER, { kind: 'select', param: 'language', options: LOCALES }],
  },
  screens: {
    list: { name: 'company.education.classroom', path: '/admin/education/classroom' },
    add: { name: 'company.education.classroom.add', path: '/admin/education/classroom/add' },
    edit: { name: 'company.education.classroom.edit', path: '/admin/education/classroom/edit/:id' },
  },
});

// --- Sessions (`api/admin/classrooms/{id}/sessions`) ---

export const sessionInstructorSchema = z.object({
  /** A person of the company, or null for an external instructor. */
  user_id: z.number().nullable(),
  name: z.string(),
});

export const classroomSessionSchema = z.object({
  id: z.number(),
  classroom_id: z.number(),
  /** ISO instants; shown in `time_zone`. */
  starts_at: z.string(),
  ends_at: z.string(),
  time_zone: classroomTimeZoneSchema,
  place: z.string().nullable(),
  online_url: z.string().nullable(),
  capacity: z.number(),
  instructor: sessionInstructorSchema.nullable(),
  status: z.enum(SESSION_STATUSES),
  registered_count: z.number(),
  waitlisted_count: z.number(),
  seats_left: z.number(),
  /** Bumped on every change of time or place (the .ics SEQUENCE). */
  sequence: z.number(),
  /** Whether attendance has been taken for anyone. */
  attendance_taken: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ClassroomSession = z.infer<typeof classroomSessionSchema>;
export const classroomSessionListSchema = z.object({ data: z.array(classroomSessionSchema) });

const instant = z.iso.datetime({ offset: true, message: 'classroomAdmin.errors.date_invalid' });

const sessionWriteShape = {
  starts_at: instant,
  ends_at: instant,
  time_zone: classroomTimeZoneSchema,
  place: optionalText(CLASSROOM_PLACE_MAX),
  online_url: optionalUrl,
  capacity: z
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(CLASSROOM_CAPACITY_MAX),
  instructor_user_id: idSchema.nullable(),
  instructor_name: optionalText(CLASSROOM_INSTRUCTOR_MAX),
};

const endsAfterStart = (value: { starts_at?: string; ends_at?: string }) =>
  !value.starts_at || !value.ends_at || Date.parse(value.ends_at) > Date.parse(value.starts_at);

export const classroomSessionCreateSchema = z
  .object({
    ...sessionWriteShape,
    time_zone: sessionWriteShape.time_zone.default('Europe/Istanbul'),
    place: sessionWriteShape.place.default(null),
    online_url: sessionWriteShape.online_url.default(null),
    instructor_user_id: sessionWriteShape.instructor_user_id.default(null),
    instructor_name: sessionWriteShape.instructor_name.default(null),
  })
  .refine(endsAfterStart, { path: ['ends_at'], message: 'classroomAdmin.errors.ends_before_start' });
export type ClassroomSessionCreate = z.infer<typeof classroomSessionCreateSchema>;
export const classroomSessionUpdateSchema = z
  .object(sessionWriteShape)
  .partial()
  .refine(endsAfterStart, { path: ['ends_at'], message: 'classroomAdmin.errors.ends_before_start' });
export type ClassroomSessionUpdate = z.infer<typeof classroomSessionUpdateSchema>;

export const sessionParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(ID_MAX),
  session: z.coerce.number().int().positive().max(ID_MAX),
});
export const registrationParamsSchema = sessionParamsSchema.extend({
  registration: z.coerce.number().int().positive().max(ID_MAX),
});

// --- Registrations and attendance ---

export const classroomRegistrationSchema = z.object({
  id: z.number(),
  user: z.object({ id: z.number(), name: z.string(), surname: z.string(), email: z.string().nullable() }),
  status: registrationStatusSchema,
  /** 1-based place on the waiting list; null unless waitlisted. */
  position: z.number().nullable(),
  attendance: attendanceSchema.nullable(),
  attended_at: z.string().nullable(),
  created_at: z.string(),
});
export type ClassroomRegistration = z.infer<typeof classroomRegistrationSchema>;
export const classroomRegistrationListSchema = z.object({
  data: z.array(classroomRegistrationSchema),
  session: classroomSessionSchema,
});
export type ClassroomRegistrationList = z.infer<typeof classroomRegistrationListSchema>;

/** PUT …/sessions/{session}/attendance: the sheet; `null` clears a mark. Only registered people may be marked. */
export const attendanceSheetSchema = z.object({
  entries: z
    .array(z.object({ user_id: idSchema, attendance: attendanceSchema.nullable() }))
    .min(1, 'validation.required')
    .max(ATTENDANCE_ROWS_MAX),
});
export type AttendanceSheet = z.infer<typeof attendanceSheetSchema>;

export const attendanceResultSchema = z.object({
  data: z.object({
    updated: z.number(),
    /** Rows of an imported sheet that were not taken, with why (1-based row numbers of the file). */
    errors: z.array(z.object({ row: z.number(), message: z.string() })),
  }),
  message: z.string(),
});
export type AttendanceResult = z.infer<typeof attendanceResultSchema>['data'];

// --- The learner's side (`api/my/classrooms/{id}`) ---

export const learnerSessionSchema = z.object({
  id: z.number(),
  starts_at: z.string(),
  ends_at: z.string(),
  time_zone: classroomTimeZoneSchema,
  place: z.string().nullable(),
  online_url: z.string().nullable(),
  instructor_name: z.string().nullable(),
  capacity: z.number(),
  seats_left: z.number(),
  waitlisted_count: z.number(),
  status: z.enum(SESSION_STATUSES),
  /** Past sessions cannot be registered for or left. */
  is_past: z.boolean(),
  /** The learner's registration in this session (not a cancelled one). */
  registration: z
    .object({
      status: z.enum(['registered', 'waitlisted']),
      position: z.number().nullable(),
      attendance: attendanceSchema.nullable(),
    })
    .nullable(),
});
export type LearnerSession = z.infer<typeof learnerSessionSchema>;

export const learnerClassroomSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  /** The learner holds a part of an education with this training open to them. */
  can_register: z.boolean(),
  /** Where the learner stands: the part is completed once an admin marked them present. */
  status: z.enum(['not_started', 'in_progress', 'completed']),
  sessions: z.array(learnerSessionSchema),
});
export type LearnerClassroom = z.infer<typeof learnerClassroomSchema>;
export const learnerClassroomResponseSchema = z.object({ data: learnerClassroomSchema });
