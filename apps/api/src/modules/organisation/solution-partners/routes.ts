import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../../platform/resource/routes.js';
import type { SolutionPartnersService } from './service.js';

/** `/api/admin/solution-partners`: the generated resource routes only. */
export function registerSolutionPartnerRoutes(app: FastifyInstance, partners: SolutionPartnersService): void {
  registerResource(app, partners.resource);
}
