// Answers of the learner API as the shared schemas shape them, for the component tests of the learner pages.
import type {
  EducationCard,
  EducationDetail,
  EducationEnrolment,
  EducationPlayer,
  LearnerPart,
  LearnerProgram,
  LearnerProgramDetail,
} from '@kampus/shared';

export function enrolment(changes: Partial<EducationEnrolment> = {}): EducationEnrolment {
  return {
    status: 'in_progress',
    finished_rate: 40,
    completed_parts: 2,
    due_at: null,
    enrolled_at: '2026-09-01T09:00:00Z',
    last_activity_at: '2026-09-03T09:00:00Z',
    completed_at: null,
    ...changes,
  };
}

export function card(changes: Partial<EducationCard> = {}): EducationCard {
  return {
    id: 1,
    title: 'Information security basics',
    sub_title: 'Passwords, phishing and safe habits',
    image_url: null,
    category: { id: 3, name: 'Security', icon: 'shield-lock' },
    language: 'en',
    estimated_minutes: 90,
    parts_count: 5,
    start_date: null,
    end_date: null,
    enrolment: enrolment(),
    can_enrol: false,
    can_request: false,
    created_at: '2026-08-01T09:00:00Z',
    ...changes,
  };
}

export function part(changes: Partial<LearnerPart> = {}): LearnerPart {
  return {
    id: 11,
    type: 'content',
    ref_id: 101,
    order: 0,
    required: true,
    title: 'Why passwords matter',
    content_type: 'page',
    duration_seconds: 240,
    status: 'not_started',
    progress: 0,
    locked: false,
    ...changes,
  };
}

export function detail(changes: Partial<EducationDetail> = {}): EducationDetail {
  return {
    id: 1,
    title: 'Information security basics',
    sub_title: 'Passwords, phishing and safe habits',
    description_title: 'What you will learn',
    description: '<p>Spot <b>phishing</b> mails.</p><script>alert(1)</script>',
    image: null,
    category: { id: 3, name: 'Security', icon: 'shield-lock' },
    language: 'en',
    hashtags: ['security'],
    start_date: '2026-03-01',
    end_date: '2026-06-30',
    estimated_minutes: 90,
    sequential: true,
    finished_rate: 50,
    person_completed_education: 7,
    experience_shares_count: 0,
    enrolment: enrolment({ finished_rate: 50, completed_parts: 1 }),
    can_enrol: false,
    can_request: false,
    parts: [
      part({ id: 11, ref_id: 101, status: 'completed', progress: 100 }),
      part({
        id: 12,
        ref_id: 102,
        order: 1,
        title: 'Phishing in practice',
        content_type: 'link',
        duration_seconds: null,
      }),
      part({ id: 13, ref_id: 103, order: 2, title: 'Final check', content_type: 'document', locked: true }),
    ],
    next_part_id: 12,
    ...changes,
  };
}

export function playerOf(value: EducationDetail): EducationPlayer {
  return {
    id: value.id,
    title: value.title,
    sequential: value.sequential,
    finished_rate: value.finished_rate,
    parts: value.parts,
    next_part_id: value.next_part_id,
  };
}

export function program(changes: Partial<LearnerProgram> = {}): LearnerProgram {
  return {
    id: 5,
    title: 'New manager path',
    description: 'Three trainings for your first months as a manager.',
    image_url: null,
    sequential: true,
    steps_count: 2,
    enrolment: {
      status: 'in_progress',
      finished_rate: 50,
      completed_steps: 1,
      enrolled_at: '2026-09-01T09:00:00Z',
      completed_at: null,
    },
    next_education_id: 2,
    ...changes,
  };
}

export function programDetail(changes: Partial<LearnerProgramDetail> = {}): LearnerProgramDetail {
  return {
    ...program(),
    steps: [
      {
        id: 51,
        order: 0,
        education: card({ id: 1, enrolment: enrolment({ status: 'completed', finished_rate: 100 }) }),
        due_date: '2026-10-01',
        locked: false,
      },
      {
        id: 52,
        order: 1,
        education: card({
          id: 2,
          title: 'Giving feedback',
          enrolment: enrolment({ status: 'not_started', finished_rate: 0 }),
        }),
        due_date: '2026-11-01',
        locked: false,
      },
      {
        id: 53,
        order: 2,
        education: card({ id: 3, title: 'Leading change', enrolment: null }),
        due_date: null,
        locked: true,
      },
    ],
    ...changes,
  };
}
