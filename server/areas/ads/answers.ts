import type { AdView, Approval } from '../../../generated/types';
import { HttpError } from '../../httpError';
import type { AdRecord, AdsRepository, ApprovalRow, RejectCauseRow, ScanReportRow, ScanResult } from './repository';
import { joinAdForm } from './adForm';
import { rotationSettingsOf, rotationState, type CreativeShown } from './rotation';

/** The spec's approval shape: status, details and the reject cause. */
export function approvalJson(approval: Pick<ApprovalRow, 'id' | 'status' | 'details' | 'createdAt'>, cause: RejectCauseRow | null): Approval {
  return {
    id: approval.id,
    status: approval.status,
    details: approval.details,
    reject_cause: cause ? { id: cause.id, name: cause.name, details: cause.details, is_system: cause.isSystem } : null,
    created_at: approval.createdAt.toISOString(),
  };
}

// The verdict column holds what ScanResult allowed when the report was written (server/repositories/adsRepository.ts).
const scanJson = (r: ScanReportRow): AdView['scan_reports'][number] => ({ id: r.id, verdict: r.verdict as ScanResult['verdict'], findings: r.findings, created_at: r.createdAt.toISOString() });

/** The ad's rotation and, for smart rotation, how far its comparison is (rotation.ts). */
function rotationJson(ad: AdRecord, creatives: { id: number; isActive: boolean }[], { shown, since }: { shown: CreativeShown[]; since: number | null }): AdView['rotation'] {
  const settings = rotationSettingsOf(ad.model);
  const active = creatives.filter((c) => c.isActive).map((c) => c.id);
  const smart = settings.smart && creatives.length > 1;
  const { progress, winnerId } = rotationState(settings, active, shown, since === null ? 0 : (Date.now() - since) / 3_600_000);
  return {
    type: smart ? 'smart' : 'random',
    impressions_threshold: smart ? settings.impressionsThreshold : null,
    hours_threshold: smart ? settings.hoursThreshold : null,
    smart_progress: progress,
    winner_id: winnerId,
  };
}

/** Everything the ad's page shows: form data, creatives, moderation history and scans (schemas/ads/ad-view.answer.schema.json). */
export async function adJson(repo: AdsRepository, ad: AdRecord): Promise<AdView> {
  const [creatives, approvals, scans, campaigns, shown] = await Promise.all([repo.creatives(ad.id), repo.approvals(ad.id), repo.scanReports(ad.id), repo.campaignsOf(ad.id), repo.creativesShown(ad.id)]);
  const history = approvals.map((a) => approvalJson(a.approval, a.cause));
  return {
    id: ad.id,
    name: ad.name,
    format: ad.format,
    // The ads_status_check constraint keeps the column to these three.
    status: ad.status as AdView['status'],
    size: ad.size,
    created_at: ad.createdAt.toISOString(),
    updated_at: ad.updatedAt.toISOString(),
    model: joinAdForm(ad, creatives.length ? creatives : null),
    creatives: creatives.map((c) => ({ id: c.id, position: c.position, ...c.data, is_active: c.isActive })),
    latest_approval: history.at(-1) ?? null,
    approvals: history,
    scan_reports: scans.map(scanJson),
    campaigns,
    rotation: rotationJson(ad, creatives, shown),
    actions: { edit: ad.status !== 'archived', duplicate: true, delete: ad.status !== 'archived' },
  };
}

/** The form data of a saved ad (what the preview needs), without its moderation history. */
export async function adModel(repo: AdsRepository, ad: AdRecord) {
  const creatives = await repo.creatives(ad.id);
  return joinAdForm(ad, creatives.length ? creatives : null);
}

/** The user's ad or a 404 (another user's ad does not exist for this user). */
export async function ownAd(ads: AdsRepository, userId: number, id: number): Promise<AdRecord> {
  const ad = await ads.find(userId, id);
  if (!ad) throw new HttpError(404, `Ad ${id} not found`);
  return ad;
}

