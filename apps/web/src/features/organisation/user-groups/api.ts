import {
  USER_GROUP_MEMBER_SORTS,
  USER_GROUP_MEMBER_STATUSES,
  type UserGroupMember,
  type UserGroupMembershipResult,
  type UserGroupPreview,
  type UserGroupRuleOptions,
  type UserGroupRulesInput,
  userGroupPreviewSchema,
  userGroupsContract,
} from '@kampus/shared';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api.js';
import type { ListConfig } from '../../../lib/list-state.js';
import { contractResource, type ResourcePage, type ResourceQuery } from '../../../lib/resource.js';

/** `api/admin/user-groups`, with its members, preview and rule-option actions. */
export const userGroupsResource = contractResource(userGroupsContract);

/** The members table's address state on the edit page; `status` left out means active users (the API's default). */
export const GROUP_MEMBERS_LIST_CONFIG: ListConfig = {
  sortable: USER_GROUP_MEMBER_SORTS,
  defaultSort: 'name',
  filters: [{ kind: 'select', param: 'status', options: USER_GROUP_MEMBER_STATUSES }],
};

const membersKey = (id: number) => [...userGroupsResource.keys.item(id), 'members'] as const;

export function useGroupMembers(id: number, query: ResourceQuery) {
  return useQuery({
    queryKey: [...membersKey(id), query],
    queryFn: () =>
      http.get<ResourcePage<UserGroupMember>>(`${userGroupsResource.base}/${id}/members`, undefined, query),
    placeholderData: keepPreviousData,
  });
}

/** Adds users to a static group or takes them out; answers what changed and the new count. */
export const changeGroupMembers = (id: number, change: 'add' | 'remove', userIds: number[]) =>
  http.post<UserGroupMembershipResult>(
    `${userGroupsResource.base}/${id}/members${change === 'remove' ? '/remove' : ''}`,
    { user_ids: userIds },
  );
export { membersKey as groupMembersKey };

/** What the company's users hold, to choose rules from. */
export function useRuleOptions() {
  return useQuery({
    queryKey: [...userGroupsResource.keys.all, 'rule-options'],
    queryFn: () => http.get<{ data: UserGroupRuleOptions }>(`${userGroupsResource.base}/rule-options`),
    select: (body) => body.data,
    staleTime: 60_000,
  });
}

/**
 * The live preview of rules being edited: asked 400 ms after the last change, only for rules the shared schema
 * accepts (at least one rule, a range in order); `idle` until then.
 */
export function useRulePreview(rules: UserGroupRulesInput | null) {
  const [settled] = useDebouncedValue(rules, 400);
  const parsed = settled ? userGroupPreviewSchema.safeParse(settled) : null;
  const body = parsed?.success ? parsed.data : null;
  const query = useQuery({
    queryKey: [...userGroupsResource.keys.all, 'preview', body],
    queryFn: () => http.post<{ data: UserGroupPreview }>(`${userGroupsResource.base}/preview`, body),
    select: (answer) => answer.data,
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  return { ...query, idle: body === null };
}
