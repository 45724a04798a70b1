import {
  adminIssuedCertificateSchema,
  CERTIFICATE_PREVIEW_FORMATS,
  certificateDefinitionsContract,
  certificateNumberParamSchema,
  certificatePreviewBodySchema,
  certificatePreviewQuerySchema,
  certificateReissueResultSchema,
  certificateRevokeSchema,
  certificateStoredPreviewQuerySchema,
  certificateTemplatesContract,
  certificateVerificationSchema,
  type IssuedCertificateExportQuery,
  idParamSchema,
  issuedCertificateExportQuerySchema,
  issuedCertificateListQuerySchema,
  issuedCertificateReissueResultSchema,
  issuedCertificateZipQuerySchema,
  jobStartedResponseSchema,
  myCertificateDetailSchema,
  myCertificateListSchema,
  paginatedSchema,
} from '@kampus/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, companyOf } from '../../../platform/http/context.js';
import { registerResource } from '../../../platform/resource/routes.js';
import { ISSUED_EXPORT_JOB } from './issued-admin.js';
import type { CertificatesService, RenderedPreview } from './service.js';

const base = `/api/admin/${certificateTemplatesContract.plural}`;
const tags = ['admin', certificateTemplatesContract.plural];

/** A rendered preview: shown inline (the editor opens the PDF in a tab), never cached (the design changes). */
const sendPreview = (reply: FastifyReply, preview: RenderedPreview, name: string) =>
  reply
    .header('content-type', preview.contentType)
    .header(
      'content-disposition',
      `inline; filename="${name}.${preview.contentType === 'application/pdf' ? 'pdf' : 'png'}"`,
    )
    .header('cache-control', 'private, no-store')
    .send(preview.body);

/**
 * `api/admin/certificate-templates` (the generated resource routes), the preview of an unsaved design (`POST …/preview`,
 * for the editor: create_certificatetemplate) and of a saved template (`GET …/{id}/preview.pdf|png`, for the list's
 * thumbnails: show_certificatetemplate), both filled with sample values.
 */
export function registerCertificateRoutes(app: FastifyInstance, service: CertificatesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { permissions } = certificateTemplatesContract;

  r.post(
    `${base}/preview`,
    {
      config: { access: { permission: permissions.create } },
      schema: { tags, querystring: certificatePreviewQuerySchema, body: certificatePreviewBodySchema },
    },
    async (request, reply) => {
      const { format, language } = request.query;
      const preview = await service.preview(actorOf(request), request.body, format, language);
      return sendPreview(reply, preview, 'certificate-preview');
    },
  );

  for (const format of CERTIFICATE_PREVIEW_FORMATS) {
    r.get(
      `${base}/:id/preview.${format}`,
      {
        config: { access: { permission: permissions.read } },
        schema: { tags, params: idParamSchema, querystring: certificateStoredPreviewQuerySchema },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const preview = await service.previewStored(actor, request.params.id, format, request.query.language);
        return sendPreview(reply, preview, `certificate-template-${request.params.id}`);
      },
    );
  }

  registerResource(app, service.templates);
  registerResource(app, service.definitions);

  registerIssuedCertificateRoutes(app, service);
}

/**
 * The issued certificates: the admin's list of them with revoking (create_certificate) and re-rendering a
 * definition's after a template change, the person's own (`api/certificates/me`, signed in), and the public
 * verification of a number on the company's host (`api/verify/{number}`, rate-limited per address).
 */
function registerIssuedCertificateRoutes(app: FastifyInstance, service: CertificatesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { permissions } = certificateDefinitionsContract;
  const adminTags = ['admin', certificateDefinitionsContract.plural];
  const definitionsBase = `/api/admin/${certificateDefinitionsContract.plural}`;

  r.get(
    `${definitionsBase}/issued`,
    {
      config: { access: { permission: permissions.read } },
      schema: {
        tags: adminTags,
        querystring: issuedCertificateListQuerySchema,
        response: { 200: paginatedSchema(adminIssuedCertificateSchema) },
      },
    },
    async (request) => service.records.issued(actorOf(request), request.query),
  );

  r.post(
    `${definitionsBase}/issued/:id/revoke`,
    {
      config: { access: { permission: permissions.update } },
      schema: { tags: adminTags, params: idParamSchema, body: certificateRevokeSchema },
    },
    async (request, reply) => {
      await service.records.revoke(actorOf(request), request.params.id, request.body.reason);
      return reply.code(204).send();
    },
  );

  // The admin's issued certificates beyond the list (issued-admin.ts): one re-issue, the export and the zip of PDFs.
  r.post(
    `${definitionsBase}/issued/:id/reissue`,
    {
      config: { access: { permission: permissions.update } },
      schema: {
        tags: adminTags,
        params: idParamSchema,
        response: { 200: issuedCertificateReissueResultSchema },
      },
    },
    async (request) => ({ data: await service.issuedAdmin.reissue(actorOf(request), request.params.id) }),
  );

  app.exportJobs.define({
    name: ISSUED_EXPORT_JOB,
    schema: issuedCertificateExportQuerySchema,
    plan: (tx, owner, params, t) =>
      service.issuedAdmin.exportPlan(tx, owner, params as IssuedCertificateExportQuery, t),
  });
  r.post(
    `${definitionsBase}/issued/export`,
    {
      config: { access: { permission: permissions.list } },
      schema: {
        tags: adminTags,
        querystring: issuedCertificateExportQuerySchema,
        response: { 202: jobStartedResponseSchema },
      },
    },
    async (request, reply) => {
      const jobId = await app.exportJobs.start(actorOf(request), ISSUED_EXPORT_JOB, request.query);
      return reply.code(202).send({ data: { job_id: jobId } });
    },
  );

  r.post(
    `${definitionsBase}/issued/zip`,
    {
      config: { access: { permission: permissions.list } },
      schema: {
        tags: adminTags,
        querystring: issuedCertificateZipQuerySchema,
        response: { 202: jobStartedResponseSchema },
      },
    },
    async (request, reply) => {
      const jobId = await service.issuedAdmin.startZip(actorOf(request), request.query);
      return reply.code(202).send({ data: { job_id: jobId } });
    },
  );

  r.post(
    `${definitionsBase}/:id/reissue`,
    {
      config: { access: { permission: permissions.update } },
      schema: { tags: adminTags, params: idParamSchema, response: { 200: certificateReissueResultSchema } },
    },
    async (request) => ({ data: await service.records.reissue(actorOf(request), request.params.id) }),
  );

  const learner = { access: 'authenticated' } as const;
  r.get(
    '/api/certificates/me',
    { config: learner, schema: { tags: ['certificates'], response: { 200: myCertificateListSchema } } },
    async (request) => ({ data: await service.records.mine(actorOf(request)) }),
  );
  r.get(
    '/api/certificates/me/:id',
    {
      config: learner,
      schema: { tags: ['certificates'], params: idParamSchema, response: { 200: myCertificateDetailSchema } },
    },
    async (request) => ({ data: await service.records.mineOne(actorOf(request), request.params.id) }),
  );

  r.get(
    '/api/verify/:number',
    {
      config: { access: 'public' },
      schema: {
        tags: ['certificates'],
        params: certificateNumberParamSchema,
        response: { 200: certificateVerificationSchema },
      },
    },
    async (request, reply) => {
      const data = await service.records.verify(companyOf(request), request.params.number, request.ip);
      return reply.header('cache-control', 'private, no-store').send({ data });
    },
  );
}
