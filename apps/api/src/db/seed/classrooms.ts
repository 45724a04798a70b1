import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Attendance, RegistrationStatus } from '@kampus/shared';
import { and, asc, eq, ne, notLike } from 'drizzle-orm';
import { apiPath } from '../../paths.js';
import type { FileStorage } from '../../platform/storage.js';
import { fileUrlOf } from '../../platform/uploads.js';
import type { Db } from '../client.js';
import {
  assignmentItems,
  assignments,
  assignmentTargets,
  assignmentUsers,
  classroomRegistrations,
  classroomSessions,
  classroomTrainings,
  educationCategories,
  educationEnrolments,
  educationParts,
  educations,
  storedFiles,
  users,
} from '../schema/index.js';

const DAY = 86_400_000;

const TEXTS = {
  tr: {
    title: 'Etkili Sunum Teknikleri',
    description:
      '<p>Bir sunumu hazırlamaktan sahneye çıkmaya kadar bir günlük uygulamalı atölye: mesajı üç cümleye indirmek, slaytları sadeleştirmek, sesi ve bedeni kullanmak.</p><ul><li>Kısa bir sunum hazırlayıp grup önünde yapacaksınız.</li><li>Eğitmenden ve gruptan geri bildirim alacaksınız.</li></ul>',
    place: 'Genel Müdürlük, 3. kat Eğitim Salonu',
    education: 'Sunum Becerileri Atölyesi',
    educationSub: 'Eğitmenli, sınıf ortamında bir günlük uygulama',
    instructor: 'Derya Aksoy',
    assignment: 'Sunum becerileri: oturumunu seç',
    assignmentDescription:
      '<p>Ekip liderleri ve müşteriyle konuşan herkes için. Size uyan sınıf oturumunu seçin; dolu oturumda bekleme listesine girebilirsiniz.</p>',
    onlineUrl: 'https://teams.microsoft.com/l/meetup-join/kampus-demo-sunum',
  },
  en: {
    title: 'Presenting with Impact',
    description:
      '<p>A one-day hands-on workshop from preparing a talk to standing in front of the room: cutting the message to three sentences, simpler slides, voice and body.</p><ul><li>You prepare a short talk and give it to the group.</li><li>You get feedback from the trainer and your peers.</li></ul>',
    place: 'Head office, 3rd floor training room',
    education: 'Presentation Skills Workshop',
    educationSub: 'Instructor-led, one day in the classroom',
    instructor: 'Sarah Collins',
    assignment: 'Presentation skills: pick your session',
    assignmentDescription:
      '<p>For team leads and everyone who speaks to customers. Choose the classroom session that suits you; when one is full, join its waiting list.</p>',
    onlineUrl: 'https://teams.microsoft.com/l/meetup-join/kampus-demo-presenting',
  },
} as const;

/** A day `days` from now at `hour`:00 Istanbul time (UTC+3 all year). */
function at(days: number, hour: number): Date {
  const date = new Date(Date.now() + days * DAY);
  date.setUTCHours(hour - 3, 0, 0, 0);
  return date;
}

interface CompanySeed {
  companyId: number;
  language: 'tr' | 'en';
  learnerEmail: string;
  adminEmail: string;
}

/**
 * A classroom training per company inside an education of its own: a past session with attendance taken (the
 * present ones have completed the education), an upcoming one that is full with a waiting list, and another with
 * seats left where the demo learner holds a place — so the admin's sessions, registrations and attendance sheet and
 * the learner's session picker all show real data.
 */
async function seedCompany(tx: Db, files: FileStorage, seed: CompanySeed) {
  const text = TEXTS[seed.language];
  const { companyId } = seed;
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), ne(users.email, seed.adminEmail), notLike(users.email, '%@kampus.test')))
    .orderBy(asc(users.id))
    .limit(40);
  const learner = people.find((p) => p.email === seed.learnerEmail);
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.email, seed.adminEmail)));
  if (!learner || people.length < 16) return;
  const others = people.filter((p) => p.id !== learner.id);

  const stored = await files.put(
    companyId,
    'jpg',
    readFileSync(apiPath('src/db/seed/media', 'edu-communication.jpg')),
    { contentType: 'image/jpeg' },
  );
  await tx.insert(storedFiles).values({
    companyId,
    name: stored.name,
    originalName: 'classroom-presenting.jpg',
    size: stored.size,
    mime: 'image/jpeg',
    visibility: 'public',
    attachments: 2,
    attachedAt: new Date(),
  });
  const cover = fileUrlOf(stored.name);
  const [category] = await tx
    .select({ id: educationCategories.id })
    .from(educationCategories)
    .where(eq(educationCategories.companyId, companyId))
    .orderBy(asc(educationCategories.id))
    .limit(1);
  const created = new Date(Date.now() - 40 * DAY);
  const [training] = await tx
    .insert(classroomTrainings)
    .values({
      companyId,
      title: text.title,
      description: text.description,
      imageUrl: cover,
      categoryId: category?.id ?? null,
      language: seed.language,
      defaultPlace: text.place,
      createdBy: admin?.id ?? null,
      createdAt: created,
      updatedAt: created,
    })
    .returning({ id: classroomTrainings.id });
  if (!training) return;

  const [education] = await tx
    .insert(educations)
    .values({
      companyId,
      title: text.education,
      subTitle: text.educationSub,
      description: text.description,
      imageUrl: cover,
      categoryId: category?.id ?? null,
      language: seed.language,
      estimatedMinutes: 420,
      visibility: 'assigned',
      createdBy: admin?.id ?? null,
      createdAt: created,
      updatedAt: created,
    })
    .returning({ id: educations.id });
  if (!education) return;
  await tx.insert(educationParts).values({
    companyId,
    educationId: education.id,
    type: 'classroom',
    refId: training.id,
    position: 1,
    required: true,
  });

  const session = async (values: {
    days: number;
    capacity: number;
    place?: string | null;
    onlineUrl?: string | null;
    sequence?: number;
  }) => {
    const [row] = await tx
      .insert(classroomSessions)
      .values({
        companyId,
        trainingId: training.id,
        startsAt: at(values.days, 9),
        endsAt: at(values.days, 17),
        timeZone: 'Europe/Istanbul',
        place: values.place === undefined ? text.place : values.place,
        onlineUrl: values.onlineUrl ?? null,
        capacity: values.capacity,
        instructorName: text.instructor,
        sequence: values.sequence ?? 0,
        uid: randomUUID(),
        createdAt: created,
        updatedAt: created,
      })
      .returning({ id: classroomSessions.id });
    return (row as { id: number }).id;
  };
  const past = await session({ days: -14, capacity: 12 });
  const full = await session({ days: 9, capacity: 4 });
  const open = await session({ days: 23, capacity: 16, place: null, onlineUrl: text.onlineUrl, sequence: 1 });

  type Seat = {
    userId: number;
    sessionId: number;
    status: RegistrationStatus;
    position?: number;
    attendance?: Attendance;
  };
  const attendances: Attendance[] = [
    'present',
    'present',
    'present',
    'present',
    'present',
    'present',
    'absent',
    'excused',
  ];
  const seats: Seat[] = [
    ...attendances.map((attendance, index) => ({
      userId: (others[index] as { id: number }).id,
      sessionId: past,
      status: 'registered' as const,
      attendance,
    })),
    ...others.slice(8, 12).map((p) => ({ userId: p.id, sessionId: full, status: 'registered' as const })),
    ...others.slice(12, 14).map((p, index) => ({
      userId: p.id,
      sessionId: full,
      status: 'waitlisted' as const,
      position: index + 1,
    })),
    { userId: learner.id, sessionId: open, status: 'registered' },
    ...others.slice(14, 18).map((p) => ({ userId: p.id, sessionId: open, status: 'registered' as const })),
  ];
  await tx.insert(classroomRegistrations).values(
    seats.map((seat) => ({
      companyId,
      trainingId: training.id,
      sessionId: seat.sessionId,
      userId: seat.userId,
      status: seat.status,
      position: seat.position ?? null,
      attendance: seat.attendance ?? null,
      attendedAt: seat.attendance === 'present' ? at(-14, 17) : null,
      createdAt: new Date(Date.now() - 20 * DAY),
      updatedAt: new Date(Date.now() - 20 * DAY),
    })),
  );

  // Everyone with a seat, a place in line or an attendance is enrolled; present is completed (the one part), the
  // rest in progress — the roll-up's own rule for a classroom part (started once registered).
  const enrolled = [...new Map(seats.map((seat) => [seat.userId, seat])).values()];
  await tx.insert(educationEnrolments).values(
    enrolled.map((seat) => {
      const completed = seat.attendance === 'present';
      return {
        companyId,
        educationId: education.id,
        userId: seat.userId,
        source: 'assignment' as const,
        status: completed ? 'completed' : 'in_progress',
        finishedRate: completed ? 100 : 0,
        completedParts: completed ? 1 : 0,
        enrolledBy: admin?.id ?? null,
        startedAt: new Date(Date.now() - 20 * DAY),
        lastActivityAt: completed ? at(-14, 17) : new Date(Date.now() - 20 * DAY),
        completedAt: completed ? at(-14, 17) : null,
        createdAt: new Date(Date.now() - 25 * DAY),
      };
    }),
  );
  await assignEveryoneSeated(tx, {
    companyId,
    adminId: admin?.id ?? null,
    educationId: education.id,
    name: text.assignment,
    description: text.assignmentDescription,
    cover,
    seated: enrolled.map((seat) => ({ userId: seat.userId, completed: seat.attendance === 'present' })),
  });
}

/**
 * The assignment the classroom education came with (`/assignments/{id}/classroom-education` lists its sessions):
 * published 25 days ago to the people it seated, each row rolled up as the publish job would from their enrolment
 * (present: completed; registered or waiting: in progress at 0%).
 */
async function assignEveryoneSeated(
  tx: Db,
  values: {
    companyId: number;
    adminId: number | null;
    educationId: number;
    name: string;
    description: string;
    cover: string;
    seated: { userId: number; completed: boolean }[];
  },
) {
  const { companyId } = values;
  const publishedAt = new Date(Date.now() - 25 * DAY);
  const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
  const [assignment] = await tx
    .insert(assignments)
    .values({
      companyId,
      name: values.name,
      description: values.description,
      imageUrl: values.cover,
      startDate: day(-24),
      endDate: day(30),
      mandatory: false,
      reminderDays: [7, 1],
      remindOverdue: true,
      targetKind: 'users',
      publishedAt,
      createdBy: values.adminId,
      createdAt: publishedAt,
      updatedAt: publishedAt,
    })
    .returning({ id: assignments.id });
  if (!assignment) return;
  await tx
    .insert(assignmentItems)
    .values({ companyId, assignmentId: assignment.id, type: 'education', refId: values.educationId, position: 0 });
  await tx
    .insert(assignmentTargets)
    .values(
      values.seated.map((p) => ({ companyId, assignmentId: assignment.id, kind: 'user' as const, refId: p.userId })),
    );
  await tx.insert(assignmentUsers).values(
    values.seated.map((p) => ({
      companyId,
      assignmentId: assignment.id,
      userId: p.userId,
      status: p.completed ? ('completed' as const) : ('in_progress' as const),
      progress: p.completed ? 100 : 0,
      startedAt: new Date(Date.now() - 20 * DAY),
      lastActivityAt: p.completed ? at(-14, 17) : new Date(Date.now() - 20 * DAY),
      completedAt: p.completed ? at(-14, 17) : null,
      notifiedAt: publishedAt,
      createdAt: publishedAt,
    })),
  );
}

export async function seedClassrooms(tx: Db, files: FileStorage, companies: { demo: number; acme: number }) {
  await seedCompany(tx, files, {
    companyId: companies.demo,
    language: 'tr',
    learnerEmail: 'learner@demo.test',
    adminEmail: 'admin@demo.test',
  });
  await seedCompany(tx, files, {
    companyId: companies.acme,
    language: 'en',
    learnerEmail: 'learner@acme.test',
    adminEmail: 'admin@acme.test',
  });
}
