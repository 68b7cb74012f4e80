import { ERROR_CODES } from '@abp/contracts';
import { describe, expect, it } from 'vitest';
import {
  PublishInProgressError,
  QualityGateBlockedError,
  SiteCredentialsUnreadableError,
  SiteUnavailableError,
  WordPressStepError,
} from '../../src/domain-errors.js';
import { AppError, badRequest, conflict, notFound } from '../../src/errors.js';
import { LlmError } from '../../src/integrations/llm/index.js';
import { WordPressError } from '../../src/integrations/wordpress/index.js';
import {
  classifyGenerationFailure,
  classifyThrown,
  INTERNAL_FAILURE_MESSAGE,
} from '../../src/modules/article-pipeline/failure-classifier.js';
import { runQualityGate } from '../../src/modules/quality-gate/index.js';

const wp = (
  kind: ConstructorParameters<typeof WordPressError>[0],
  init: ConstructorParameters<typeof WordPressError>[1],
) => new WordPressStepError('post create', new WordPressError(kind, init));
const blocked = new QualityGateBlockedError(
  runQualityGate(
    { title: 'A title', content: '<p>As an AI language model I cannot write this. [insert link here]</p>' },
    {},
  ),
);

describe('the one failure classifier', () => {
  it.each([
    [
      'a WordPress refusal',
      wp('missing_capability', { status: 403, message: 'no' }),
      { kind: 'permanent', stops: null },
    ],
    ['a WordPress 5xx', wp('server_error', { status: 503, message: 'busy' }), { kind: 'transient', stops: null }],
    [
      'a lost answer (outcome unknown)',
      wp('network', { message: 'reset', outcomeUnknown: true }),
      { kind: 'transient', stops: null },
    ],
    [
      'a WordPress rate limit with Retry-After',
      wp('rate_limited', { status: 429, message: 'slow down', retryAfterSeconds: 40 }),
      { kind: 'rate_limited', waitSeconds: 40 },
    ],
    ['another publish holding the article', new PublishInProgressError(), { kind: 'busy' }],
    ['a quality-gate block', blocked, { kind: 'permanent', stops: null }],
    ['a site switched off', new SiteUnavailableError(1, 'inactive', 'off'), { kind: 'permanent', stops: 'site' }],
    [
      "a provider's rate limit",
      new LlmError('rate_limit', 'slow', { retryable: true, retryAfterSeconds: 12 }),
      { kind: 'rate_limited', waitSeconds: 12, stops: 'site' },
    ],
    ['a provider timeout', new LlmError('timeout', 'late', { retryable: true }), { kind: 'transient' }],
    [
      'a provider that refuses the key',
      new LlmError('auth', 'bad key', { retryable: false }),
      { kind: 'permanent', stops: 'provider' },
    ],
    ['a refused input', badRequest('topic', 'is too long'), { kind: 'permanent', message: 'topic: is too long' }],
    [
      'anything else (the database, a bug)',
      new Error('connection terminated'),
      { kind: 'transient', message: INTERNAL_FAILURE_MESSAGE },
    ],
  ])('%s', (_name, error, decision) => {
    expect(classifyThrown(error)).toMatchObject(decision);
  });

  // Issue #34: permanent causes are typed; the decision reads the type and kind, never an HTTP status.
  it.each([
    ['a site deleted', new SiteUnavailableError(1, 'missing', 'Site not found'), 'site'],
    ['a site being deleted', new SiteUnavailableError(1, 'deleting', 'being deleted'), 'site'],
    ["a site's stored password that cannot be decrypted", new SiteCredentialsUnreadableError(1, 'Garden'), 'site'],
    ['a refused input', badRequest('word_count', 'must be a whole number'), null],
    ['an article gone meanwhile', notFound('Article not found'), null],
    ['a conflict with stored data', conflict('already there'), null],
    [
      'a provider configuration that cannot make a provider',
      new LlmError('bad_request', 'unknown model', { retryable: false }),
      'provider',
    ],
  ])('%s is permanent', (_name, error, stops) => {
    expect(classifyThrown(error)).toMatchObject({ kind: 'permanent', message: error.message, stops });
  });

  it('decides an AppError by its type and code, whatever status the error handler would answer with', () => {
    const withStatus = (status: number) => new AppError('internal', 'The stored log has an unexpected shape', status);
    expect(classifyThrown(withStatus(500))).toEqual(classifyThrown(withStatus(409)));
    expect(classifyThrown(withStatus(500))).toMatchObject({ kind: 'permanent' });
    expect(classifyThrown(new AppError(ERROR_CODES.rateLimited, 'Too many', 429, undefined, 7))).toMatchObject({
      kind: 'rate_limited',
      waitSeconds: 7,
    });
  });

  it('a WordPress 5xx that says when to come back keeps the few tries of a passing failure and waits as asked', () => {
    expect(
      classifyThrown(wp('server_error', { status: 503, message: 'maintenance', retryAfterSeconds: 600 })),
    ).toMatchObject({ kind: 'transient', waitSeconds: 600 });
  });

  it('classifies a stored generation failure by its kind', () => {
    expect(classifyGenerationFailure('rate_limit', 'slow', 20)).toEqual({
      kind: 'rate_limited',
      waitSeconds: 20,
      message: 'slow',
      stops: 'site',
    });
    expect(classifyGenerationFailure('rate_limit', 'slow')).toMatchObject({ kind: 'rate_limited', waitSeconds: 30 });
    expect(classifyGenerationFailure('timeout', 'late')).toEqual({ kind: 'transient', message: 'late', stops: null });
    expect(classifyGenerationFailure('auth', 'bad key')).toEqual({
      kind: 'permanent',
      message: 'bad key',
      stops: 'provider',
    });
    expect(classifyGenerationFailure('content_filter', 'refused')).toEqual({
      kind: 'permanent',
      message: 'refused',
      stops: 'site',
    });
    expect(classifyGenerationFailure(undefined, 'odd')).toEqual({ kind: 'permanent', message: 'odd', stops: null });
  });
});
