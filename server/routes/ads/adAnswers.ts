import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../httpError';
import { int, nullable, obj, str } from '../../openapi/responses';
import type { AdRecord, AdsRepository, ApprovalRow, RejectCauseRow, ScanReportRow } from '../../repositories/adsRepository';
import { joinAdForm } from '../../services/ads/adForm';
import type { AppServices } from '../../types';

const open = { type: 'object', additionalProperties: true } as const;

/** One finding of a scan; reports saved before findings had `text` and `severity` answer without them. */
const findingSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['field', 'rule', 'detail'],
  properties: {
    field: str,
    rule: str,
    text: { ...str, description: 'Which text says what was found (ad.scan.detail.<text> in the panel)' },
    values: { type: 'object', additionalProperties: { type: 'string' }, description: 'What fills the placeholders of the text' },
    detail: { ...str, description: 'The text in English, filled in' },
    severity: { type: 'string', enum: ['warning', 'blocked'] },
  },
};
const rejectCause = obj({ id: int, name: str, details: str, is_system: { type: 'boolean' } });
export const approvalSchema = obj({
  id: int,
  status: { type: 'string', enum: ['pending', 'approved', 'rejected', 'needs_edits'] },
  details: nullable(str),
  reject_cause: nullable(rejectCause),
  created_at: { type: 'string', format: 'date-time' },
});

/** An ad as GET ads/{id} answers it. */
export const adSchema = obj({
  id: int,
  name: str,
  format: str,
  status: { type: 'string', enum: ['created', 'creating', 'archived'] },
  size: nullable(str),
  created_at: { type: 'string', format: 'date-time' },
  updated_at: { type: 'string', format: 'date-time' },
  model: { ...open, description: "The form data of the format's creative.schema.json (creatives with their ids and is_active)" },
  creatives: { type: 'array', items: { ...open, description: 'id, position, is_active and the fields of the creative' } },
  latest_approval: nullable(approvalSchema),
  approvals: { type: 'array', items: approvalSchema, description: 'Moderation history, oldest first' },
  scan_reports: {
    type: 'array',
    description: 'Content scans, newest first',
    items: obj({
      id: int,
      verdict: { type: 'string', enum: ['clean', 'warning', 'blocked'] },
      findings: { type: 'array', items: findingSchema },
      created_at: { type: 'string', format: 'date-time' },
    }),
  },
  campaigns: { type: 'array', items: obj({ id: int, name: str }) },
  actions: obj({ edit: { type: 'boolean' }, duplicate: { type: 'boolean' }, delete: { type: 'boolean' } }),
});

/** The spec's approval shape: status, details and the reject cause. */
export function approvalJson(approval: Pick<ApprovalRow, 'id' | 'status' | 'details' | 'createdAt'>, cause: RejectCauseRow | null) {
  return {
    id: approval.id,
    status: approval.status,
    details: approval.details,
    reject_cause: cause ? { id: cause.id, name: cause.name, details: cause.details, is_system: cause.isSystem } : null,
    created_at: approval.createdAt.toISOString(),
  };
}

const scanJson = (r: ScanReportRow) => ({ id: r.id, verdict: r.verdict, findings: r.findings, created_at: r.createdAt.toISOString() });

/** Everything the ad's page shows: form data, creatives, moderation history and scans. */
export async function adJson(repo: AdsRepository, ad: AdRecord) {
  const [creatives, approvals, scans, campaigns] = await Promise.all([repo.creatives(ad.id), repo.approvals(ad.id), repo.scanReports(ad.id), repo.campaignsOf(ad.id)]);
  const history = approvals.map((a) => approvalJson(a.approval, a.cause));
  return {
    id: ad.id,
    name: ad.name,
    format: ad.format,
    status: ad.status,
    size: ad.size,
    created_at: ad.createdAt.toISOString(),
    updated_at: ad.updatedAt.toISOString(),
    model: joinAdForm(ad, creatives.length ? creatives : null),
    creatives: creatives.map((c) => ({ id: c.id, position: c.position, ...c.data, is_active: c.isActive })),
    latest_approval: history.at(-1) ?? null,
    approvals: history,
    scan_reports: scans.map(scanJson),
    campaigns,
    actions: { edit: ad.status !== 'archived', duplicate: true, delete: ad.status !== 'archived' },
  };
}

/** The form data of a saved ad (what the preview needs), without its moderation history. */
export async function adModel(repo: AdsRepository, ad: AdRecord) {
  const creatives = await repo.creatives(ad.id);
  return joinAdForm(ad, creatives.length ? creatives : null);
}

/** The user's ad or a 404 (another user's ad does not exist for this user). */
export async function ownAd(services: AppServices, request: FastifyRequest, id: number): Promise<AdRecord> {
  const ad = await services.ads.find(request.auth!.userId, id);
  if (!ad) throw new HttpError(404, `Ad ${id} not found`);
  return ad;
}

