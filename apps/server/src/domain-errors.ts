import { ARTICLE_ERROR_CODES, ERROR_CODES, type QualityReport } from '@abp/contracts';
import type { WordPressError } from './integrations/wordpress/index.js';

/**
 * Failures that cross module boundaries. Services throw them; other modules (and the pipeline's
 * failure classifier) tell them apart by class, never by an HTTP status. Only the one error handler
 * (errors.ts) turns them into HTTP answers.
 */
export abstract class DomainError extends Error {
  abstract readonly code: string;
  /** Shown to the client with a 4xx answer. */
  readonly details: unknown;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    message: string,
    extra: { details?: unknown; retryAfterSeconds?: number | undefined; cause?: unknown } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.details = extra.details;
    this.retryAfterSeconds = extra.retryAfterSeconds;
  }
}

export type SiteUnavailableReason = 'missing' | 'inactive' | 'deleting' | 'credentials_rejected';

/** The site does not exist, is switched off, is being deleted, or WordPress rejected its credentials. */
export class SiteUnavailableError extends DomainError {
  readonly code: string;
  constructor(
    readonly siteId: number,
    readonly reason: SiteUnavailableReason,
    message: string,
  ) {
    super(message);
    this.name = 'SiteUnavailableError';
    this.code =
      reason === 'missing'
        ? ERROR_CODES.notFound
        : reason === 'inactive'
          ? 'site_inactive'
          : reason === 'credentials_rejected'
            ? 'site_credentials_rejected'
            : ERROR_CODES.conflict;
  }
}

/** What the quality gate objects to, in one sentence for the operator. */
export function qualityGateObjection(report: QualityReport): string {
  const reasons = report.issues.filter((issue) => issue.severity === 'severe').map((issue) => issue.message);
  return `Publishing blocked by the quality gate: ${reasons.join(' ')}`;
}

/** The quality gate found severe problems and the caller did not choose to publish anyway. */
export class QualityGateBlockedError extends DomainError {
  readonly code = ARTICLE_ERROR_CODES.qualityGate;
  constructor(readonly report: QualityReport) {
    super(qualityGateObjection(report), { details: { quality_report: report } });
    this.name = 'QualityGateBlockedError';
  }
}

/** Another publish of the same article holds its lease. */
export class PublishInProgressError extends DomainError {
  readonly code = ARTICLE_ERROR_CODES.publishInProgress;
  constructor() {
    super('This article is already being published; wait for that publish to finish.');
    this.name = 'PublishInProgressError';
  }
}

/**
 * A WordPress step of a publish failed. The request was fine, the site was not: the handler answers
 * 424 with WordPress' own explanation, and whether another try may help (`retryable`, or
 * `outcomeUnknown`: the answer was lost, and publishing finds the post by its marker next time).
 */
export class WordPressStepError extends DomainError {
  readonly code = ARTICLE_ERROR_CODES.wordpress;
  readonly kind: WordPressError['kind'];
  readonly retryable: boolean;
  readonly outcomeUnknown: boolean;
  constructor(
    readonly step: string,
    cause: WordPressError,
  ) {
    super(`WordPress ${step} failed: ${cause.message}`, {
      cause,
      details: {
        kind: cause.kind,
        advice: cause.advice,
        retryable: cause.retryable,
        outcome_unknown: cause.outcomeUnknown,
        step,
      },
      retryAfterSeconds: cause.retryAfterSeconds ?? undefined,
    });
    this.name = 'WordPressStepError';
    this.kind = cause.kind;
    this.retryable = cause.retryable;
    this.outcomeUnknown = cause.outcomeUnknown;
  }
}

/**
 * A site's stored application password cannot be decrypted (the app secret changed since it was
 * sealed): nothing works for the site until the operator enters the password again.
 */
export class SiteCredentialsUnreadableError extends DomainError {
  readonly code = 'site_password_unreadable';
  constructor(
    readonly siteId: number,
    siteName: string,
  ) {
    super(
      `The stored application password of "${siteName}" cannot be decrypted (the app secret changed). ` +
        'Edit the site and enter the application password again.',
    );
    this.name = 'SiteCredentialsUnreadableError';
  }
}

/** The one table from domain failure to HTTP status (used by errors.ts only). */
export function httpStatusOf(error: DomainError): number {
  if (error instanceof SiteUnavailableError) return error.reason === 'missing' ? 404 : 409;
  if (error instanceof SiteCredentialsUnreadableError) return 409;
  if (error instanceof QualityGateBlockedError || error instanceof PublishInProgressError) return 409;
  if (error instanceof WordPressStepError) return 424;
  return 500;
}
