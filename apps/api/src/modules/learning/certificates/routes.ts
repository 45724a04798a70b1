import {
  CERTIFICATE_PREVIEW_FORMATS,
  certificatePreviewBodySchema,
  certificatePreviewQuerySchema,
  certificateStoredPreviewQuerySchema,
  certificateTemplatesContract,
  idParamSchema,
} from '@kampus/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/http/context.js';
import { registerResource } from '../../../platform/resource/routes.js';
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
}
