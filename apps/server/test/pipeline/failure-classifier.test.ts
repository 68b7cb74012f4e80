import { describe, expect, it } from 'vitest';
import {
  PublishInProgressError,
  QualityGateBlockedError,
  SiteUnavailableError,
  WordPressStepError,
} from '../../src/domain-errors.js';
import { badRequest } from '../../src/errors.js';
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
