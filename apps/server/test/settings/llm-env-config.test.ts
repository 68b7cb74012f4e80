import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('LLM_* environment variables', () => {
  it('default to the offline writer', () => {
    expect(loadConfig({}).llm).toEqual({
      provider: 'offline',
      model: '',
      timeoutMs: 120_000,
      concurrency: 4,
      stream: false,
    });
  });

  it('are read into the language model configuration', () => {
    const config = loadConfig({
      LLM_PROVIDER: 'openai-compatible',
      LLM_MODEL: 'llama3.1',
      LLM_API_KEY: 'sk-local',
      LLM_BASE_URL: 'http://localhost:11434/v1',
      LLM_TIMEOUT_MS: '30000',
      LLM_CONCURRENCY: '2',
      LLM_STREAM: 'true',
    });
    expect(config.llm).toEqual({
      provider: 'openai-compatible',
      model: 'llama3.1',
      apiKey: 'sk-local',
      baseUrl: 'http://localhost:11434/v1',
      timeoutMs: 30_000,
      concurrency: 2,
      stream: true,
    });
  });

  it.each([
    [
      { LLM_PROVIDER: 'cohere' },
      'Invalid LLM_PROVIDER: must be one of offline, openai, anthropic, google, openai-compatible (got "cohere")',
    ],
    [{ LLM_BASE_URL: 'localhost:11434' }, 'Invalid LLM_BASE_URL: must be an http:// or https:// URL'],
    [{ LLM_TIMEOUT_MS: 'soon' }, 'Invalid LLM_TIMEOUT_MS: must be a number'],
    [{ LLM_TIMEOUT_MS: '10' }, 'Invalid LLM_TIMEOUT_MS: must be at least 1000'],
    [{ LLM_CONCURRENCY: '0' }, 'Invalid LLM_CONCURRENCY: must be at least 1'],
    [{ LLM_CONCURRENCY: '2.5' }, 'Invalid LLM_CONCURRENCY: must be a whole number'],
    [{ LLM_STREAM: 'maybe' }, 'Invalid LLM_STREAM'],
  ])('stop the start with one line naming the variable: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never repeat the API key in the error', () => {
    const key = `sk-${'x'.repeat(2100)}`;
    let message = '';
    try {
      loadConfig({ LLM_API_KEY: key });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe('Invalid LLM_API_KEY: must be at most 2000 characters (got a hidden value)');
  });
});
