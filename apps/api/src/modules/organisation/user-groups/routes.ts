import {
  idParamSchema,
  listResponseSchema,
  userGroupMemberSchema,
  userGroupMembershipResultSchema,
  userGroupMembershipSchema,
  userGroupMembersQuerySchema,
  userGroupPreviewResultSchema,
  userGroupPreviewSchema,
  userGroupRuleOptionsSchema,
} from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/http/context.js';
import { registerResource } from '../../../platform/resource/routes.js';
import type { UserGroupsService } from './service.js';

/**
 * `/api/admin/user-groups` (the generated resource routes) and its custom actions: the members of a group, adding
 * and removing static members (`POST …/{id}/members` and `POST …/{id}/members/remove`, both `{user_ids}`; a POST
 * rather than a DELETE with a body, which proxies and the web client do not carry), the rule preview and the rule
 * options. Every action needs show_user, as the whole user area does.
 */
export function registerUserGroupRoutes(app: FastifyInstance, groups: UserGroupsService): void {
  registerResource(app, groups.resource);
  const { permissions } = groups.resource.declaration.contract;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/admin/user-groups';
  const tags = ['admin', 'user-groups'];

  r.get(
    `${base}/rule-options`,
    {
      config: { access: { permission: permissions.read } },
      schema: { tags, response: { 200: userGroupRuleOptionsSchema } },
    },
    async (request) => ({ data: await groups.ruleOptions(actorOf(request)) }),
  );

  r.post(
    `${base}/preview`,
    {
      config: { access: { permission: permissions.read } },
      schema: { tags, body: userGroupPreviewSchema, response: { 200: userGroupPreviewResultSchema } },
    },
    async (request) => ({ data: await groups.preview(actorOf(request), request.body) }),
  );

  r.get(
    `${base}/:id/members`,
    {
      config: { access: { permission: permissions.read } },
      schema: {
        tags,
        params: idParamSchema,
        querystring: userGroupMembersQuerySchema,
        response: { 200: listResponseSchema(userGroupMemberSchema) },
      },
    },
    async (request) => groups.members(actorOf(request), request.params.id, request.query),
  );

  r.post(
    `${base}/:id/members`,
    {
      config: { access: { permission: permissions.update } },
      schema: {
        tags,
        params: idParamSchema,
        body: userGroupMembershipSchema,
        response: { 200: userGroupMembershipResultSchema },
      },
    },
    async (request) => groups.addMembers(actorOf(request), request.params.id, request.body.user_ids, request.t),
  );

  r.post(
    `${base}/:id/members/remove`,
    {
      config: { access: { permission: permissions.update } },
      schema: {
        tags,
        params: idParamSchema,
        body: userGroupMembershipSchema,
        response: { 200: userGroupMembershipResultSchema },
      },
    },
    async (request) => groups.removeMembers(actorOf(request), request.params.id, request.body.user_ids, request.t),
  );
}
