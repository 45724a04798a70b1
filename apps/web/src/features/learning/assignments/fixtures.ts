// Test data of the assignment pages' component tests, shaped as the shared contract says.
import type {
  Assignee,
  AssigneeList,
  Assignment,
  LearnerAssignmentCard,
  LearnerAssignmentDetail,
  LearnerAssignmentItem,
  LearnerAssignmentList,
} from '@kampus/shared';

export function learnerItem(overrides: Partial<LearnerAssignmentItem> = {}): LearnerAssignmentItem {
  return {
    type: 'education',
    ref_id: 11,
    title: 'Information security',
    image_url: null,
    status: 'not_started',
    progress: 0,
    path: '/education/11/detail',
    has_classroom: false,
    ...overrides,
  };
}

export function card(overrides: Partial<LearnerAssignmentCard> = {}): LearnerAssignmentCard {
  return {
    id: 7,
    name: 'Information security 2026',
    image_url: null,
    mandatory: true,
    start_date: '2026-11-01',
    end_date: '2026-12-15',
    status: 'in_progress',
    progress: 40,
    items_count: 2,
    completed_at: null,
    next_item: learnerItem({ status: 'in_progress', progress: 40 }),
    ...overrides,
  };
}

export function cardList(
  data: LearnerAssignmentCard[],
  counts = { open: data.length, completed: 0, overdue: 0 },
): LearnerAssignmentList {
  return { data, meta: { page: 1, per_page: 12, total: data.length }, counts };
}

export function detail(overrides: Partial<LearnerAssignmentDetail> = {}): LearnerAssignmentDetail {
  const items = [
    learnerItem({ status: 'completed', progress: 100 }),
    learnerItem({
      type: 'content',
      ref_id: 31,
      title: 'KVKK in five minutes',
      path: '/eduction/31/player?source=content',
    }),
  ];
  return {
    id: 7,
    name: 'Information security 2026',
    description: '<p>Every colleague renews it <strong>once a year</strong>.</p><script>alert(1)</script>',
    image_url: null,
    start_date: '2026-11-01',
    end_date: '2026-12-15',
    mandatory: true,
    duration_minutes: 45,
    status: 'in_progress',
    progress: 50,
    completed_at: null,
    items,
    next_item: items[1] ?? null,
    classrooms: [],
    preview: false,
    ...overrides,
  };
}

export function assignment(overrides: Partial<Assignment> = {}): Assignment {
  return {
    id: 7,
    name: 'Information security 2026',
    description: '<p>Once a year.</p>',
    image_url: null,
    start_date: '2026-11-01',
    end_date: '2026-12-15',
    mandatory: true,
    duration_minutes: 45,
    reminders: { days_before: [7, 1], on_overdue: true },
    status: 'draft',
    published_at: null,
    cancelled_at: null,
    items: [{ type: 'education', ref_id: 11, title: 'Information security', image_url: null, available: true }],
    target: {
      kind: 'users',
      users: [{ id: 3, name: 'Ayşe', surname: 'Yılmaz', email: 'learner@demo.test' }],
      groups: [],
      companies: [],
    },
    people: 0,
    completed: 0,
    completion_rate: 0,
    created_at: '2026-11-01T09:00:00.000Z',
    updated_at: '2026-11-01T09:00:00.000Z',
    ...overrides,
  };
}

export const published = (overrides: Partial<Assignment> = {}) =>
  assignment({
    status: 'active',
    published_at: '2026-11-01T10:00:00.000Z',
    people: 4,
    completed: 1,
    completion_rate: 25,
    ...overrides,
  });

export function assignee(overrides: Partial<Assignee> = {}): Assignee {
  return {
    user: { id: 3, name: 'Ayşe', surname: 'Yılmaz', email: 'learner@demo.test' },
    status: 'in_progress',
    progress: 50,
    assigned_at: '2026-11-01T10:00:00.000Z',
    started_at: '2026-11-02T10:00:00.000Z',
    last_activity_at: '2026-11-03T10:00:00.000Z',
    completed_at: null,
    cancelled_at: null,
    reminded_at: null,
    ...overrides,
  };
}

export function assigneeList(data: Assignee[]): AssigneeList {
  return {
    data,
    meta: { page: 1, per_page: 20, total: data.length },
    summary: { people: 4, not_started: 2, in_progress: 1, completed: 1, overdue: 0, cancelled: 0, completion_rate: 25 },
  };
}
