import { type QualityReport, qualityGateConflictDetailsSchema } from '@abp/contracts';
import { isApiError } from '../../../lib/api-client';

/** Spec §8: a 409 whose error text mentions 'quality gate' opens the confirmation. */
export function isQualityGateConflict(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && /quality gate/i.test(error.message);
}

/** The report the server sent with the 409, or a stand-in built from its message. */
export function qualityReportOf(error: unknown): QualityReport {
  if (isApiError(error)) {
    const parsed = qualityGateConflictDetailsSchema.safeParse(error.details);
    if (parsed.success) return parsed.data.quality_report;
  }
  const message = error instanceof Error ? error.message : 'Blocked by the quality gate';
  return { severity: 'severe', message, issues: [], warnings: [], blocking: true };
}

/** The server's error text, else the spec's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}
