import { publishPolicyValue, type Site } from '@abp/contracts';
import type { SiteRow } from './sites.repository.js';

/** The only way a site leaves the server: the sealed password is not even read here. */
export function toSiteDto(row: SiteRow): Site {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    username: row.username,
    is_active: row.isActive,
    content_persona: row.contentPersona,
    rest_root: row.restRoot,
    health_score: row.healthScore,
    health_checked_at: row.healthCheckedAt?.toISOString() ?? null,
    deleting: row.deletingSince !== null,
    credentials_rejected: row.credentialsRejectedAt
      ? { at: row.credentialsRejectedAt.toISOString(), reason: row.credentialsRejectedReason ?? '' }
      : null,
    publish_policy: publishPolicyValue(row.publishPolicy, row.publishDelayHours),
    send_held_as_draft: row.sendHeldAsDraft,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
