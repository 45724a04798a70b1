import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resource/routes.js';
import type { InstitutionsService } from './service.js';

/** `/api/admin/institutions`: the generated resource routes only. */
export function registerInstitutionRoutes(app: FastifyInstance, institutions: InstitutionsService): void {
  registerResource(app, institutions.resource);
}
