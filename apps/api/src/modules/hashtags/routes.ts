import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resource/routes.js';
import type { HashtagsService } from './service.js';

/** `/api/admin/hashtags`: the generated resource routes only. */
export function registerHashtagRoutes(app: FastifyInstance, hashtags: HashtagsService): void {
  registerResource(app, hashtags.resource);
}
