import {
  activeStatusSchema,
  type CERTIFICATE_DEFINITION_SORTS,
  type CertificateDefinition,
  type CertificateDefinitionCreate,
  type CertificateDefinitionListQuery,
  type CertificateDefinitionUpdate,
  type CertificateTrigger,
  certificateDefinitionsContract,
} from '@kampus/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  assignments,
  certificateDefinitions,
  certificates,
  certificateTemplates,
  educations,
  exams,
  programs,
} from '../../../db/schema/index.js';
import { HttpError, invalidFields } from '../../../platform/http/errors.js';
import { activeStatusAction, defineResource } from '../../../platform/resource/resource.js';

const NS = certificateDefinitionsContract.namespace;

/** The education, program, (real, not practice) exam or assignment a definition names must be the company's. */
async function assertOwnRef(tx: Db, companyId: number, trigger: CertificateTrigger, refId: number) {
  const found =
    trigger === 'education'
      ? await tx
          .select({ id: educations.id })
          .from(educations)
          .where(and(eq(educations.companyId, companyId), eq(educations.id, refId)))
      : trigger === 'program'
        ? await tx
            .select({ id: programs.id })
            .from(programs)
            .where(and(eq(programs.companyId, companyId), eq(programs.id, refId)))
        : trigger === 'exam'
          ? await tx
              .select({ id: exams.id })
              .from(exams)
              .where(and(eq(exams.companyId, companyId), eq(exams.id, refId), eq(exams.kind, 'exam')))
          : await tx
              .select({ id: assignments.id })
              .from(assignments)
              .where(and(eq(assignments.companyId, companyId), eq(assignments.id, refId)));
  if (found.length === 0) throw invalidFields({ ref_id: `${NS}.errors.ref_invalid` });
}

/** The template must be the company's. */
async function assertOwnTemplate(tx: Db, companyId: number, templateId: number) {
  const found = await tx
    .select({ id: certificateTemplates.id })
    .from(certificateTemplates)
    .where(and(eq(certificateTemplates.companyId, companyId), eq(certificateTemplates.id, templateId)));
  if (found.length === 0) throw invalidFields({ template_id: `${NS}.errors.template_invalid` });
}

/** What the rules of a trigger allow beside it: a min score only for exams, re-assignment only for educations. */
const onlyFor = (trigger: CertificateTrigger, minScore: number | null, recertify: boolean) => ({
  minScore: trigger === 'exam' ? minScore : null,
  recertify: trigger === 'education' ? recertify : false,
});

/**
 * `api/admin/certificates` (show_certificate / create_certificate): the certificate definitions. A definition that has
 * issued certificates is not deleted (they would lose what they certify); it is made passive instead.
 */
export function defineCertificateDefinitions(db: Db) {
  async function present(tx: Db, companyId: number, ids: number[]): Promise<CertificateDefinition[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({
        row: certificateDefinitions,
        templateName: certificateTemplates.name,
        refTitle: sql<string | null>`case certificate_definitions.trigger
          when 'education' then (select e.title from educations e where e.id = certificate_definitions.ref_id)
          when 'program' then (select p.title from programs p where p.id = certificate_definitions.ref_id)
          when 'exam' then (select x.title from exams x where x.id = certificate_definitions.ref_id)
          else (select a.name from assignments a where a.id = certificate_definitions.ref_id) end`,
        issued: sql<number>`(select count(*)::integer from certificates c where c.definition_id = certificate_definitions.id)`,
      })
      .from(certificateDefinitions)
      .leftJoin(certificateTemplates, eq(certificateTemplates.id, certificateDefinitions.templateId))
      .where(and(eq(certificateDefinitions.companyId, companyId), inArray(certificateDefinitions.id, ids)));
    return rows.map(({ row, templateName, refTitle, issued }) => ({
      id: row.id,
      name: row.name,
      status: activeStatusSchema.catch(0).parse(row.status),
      trigger: row.trigger,
      ref_id: row.refId,
      ref_title: refTitle,
      min_score: row.trigger === 'exam' ? row.minScore : null,
      template_id: row.templateId,
      template_name: templateName,
      validity_months: row.validityMonths,
      evaluation_required: row.evaluationRequired,
      recertify: row.recertify,
      issued,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    }));
  }

  return defineResource<
    CertificateDefinition,
    CertificateDefinitionCreate,
    CertificateDefinitionUpdate,
    CertificateDefinitionListQuery
  >(db, {
    contract: certificateDefinitionsContract,
    entity: 'certificate_definition',
    table: certificateDefinitions,
    sortable: {
      name: certificateDefinitions.name,
      trigger: certificateDefinitions.trigger,
      status: certificateDefinitions.status,
      created_at: certificateDefinitions.createdAt,
      updated_at: certificateDefinitions.updatedAt,
    } satisfies Record<(typeof CERTIFICATE_DEFINITION_SORTS)[number], unknown>,
    defaultOrder: [desc(certificateDefinitions.updatedAt), desc(certificateDefinitions.id)],
    search: [certificateDefinitions.name],
    filters: {
      status: (v: number) => eq(certificateDefinitions.status, v),
      trigger: (v: CertificateTrigger) => eq(certificateDefinitions.trigger, v),
    },
    present,
    auditStatusOnlyUpdate: true,
    status: activeStatusAction(certificateDefinitions),

    async create(tx, actor, input) {
      await assertOwnRef(tx, actor.companyId, input.trigger, input.ref_id);
      await assertOwnTemplate(tx, actor.companyId, input.template_id);
      const [row] = await tx
        .insert(certificateDefinitions)
        .values({
          companyId: actor.companyId,
          name: input.name,
          status: input.status,
          trigger: input.trigger,
          refId: input.ref_id,
          ...onlyFor(input.trigger, input.min_score, input.recertify),
          templateId: input.template_id,
          validityMonths: input.validity_months,
          evaluationRequired: input.evaluation_required,
          createdBy: actor.userId,
        })
        .returning({ id: certificateDefinitions.id });
      if (!row) throw new Error('certificate definition insert returned nothing');
      return row.id;
    },

    async update(tx, actor, before, input) {
      const trigger = input.trigger ?? before.trigger;
      if (input.trigger !== undefined || input.ref_id !== undefined) {
        await assertOwnRef(tx, actor.companyId, trigger, input.ref_id ?? before.ref_id);
      }
      if (input.template_id !== undefined) await assertOwnTemplate(tx, actor.companyId, input.template_id);
      await tx
        .update(certificateDefinitions)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.status !== undefined ? { status: input.status } : {}),
          ...(input.trigger !== undefined ? { trigger: input.trigger } : {}),
          ...(input.ref_id !== undefined ? { refId: input.ref_id } : {}),
          ...onlyFor(
            trigger,
            input.min_score !== undefined ? input.min_score : before.min_score,
            input.recertify ?? before.recertify,
          ),
          ...(input.template_id !== undefined ? { templateId: input.template_id } : {}),
          ...(input.validity_months !== undefined ? { validityMonths: input.validity_months } : {}),
          ...(input.evaluation_required !== undefined ? { evaluationRequired: input.evaluation_required } : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(certificateDefinitions.companyId, actor.companyId), eq(certificateDefinitions.id, before.id)));
    },

    /** All or nothing: a definition that issued certificates refuses the whole delete (make it passive instead). */
    async beforeDelete(tx, actor, items) {
      const ids = items.map((item) => item.id);
      if (ids.length === 0) return;
      const [issued] = await tx
        .select({ count: sql<number>`count(*)::integer` })
        .from(certificates)
        .where(and(eq(certificates.companyId, actor.companyId), inArray(certificates.definitionId, ids)));
      if ((issued?.count ?? 0) > 0) {
        const key = `${NS}.errors.has_certificates`;
        throw new HttpError(422, key, {}, { id: [key] });
      }
    },
  });
}
