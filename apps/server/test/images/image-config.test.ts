import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createImageProvider } from '../../src/integrations/images/index.js';

const remote = {
  IMAGE_PROVIDER: 'openai-compatible',
  IMAGE_BASE_URL: 'https://api.openai.com/v1',
  IMAGE_MODEL: 'gpt-image-1',
};

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('IMAGE_* configuration', () => {
  it('uses the local title card when nothing is configured', () => {
    expect(loadConfig({}).images).toEqual({ provider: 'title-card' });
    expect(createImageProvider(loadConfig({}).images).id).toBe('title-card');
  });

  it('reads an OpenAI-compatible images API with defaults for size and timeout', () => {
    const images = loadConfig({ ...remote, IMAGE_API_KEY: 'sk-abc' }).images;
    expect(images).toEqual({
      provider: 'openai-compatible',
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-abc',
      model: 'gpt-image-1',
      size: '1024x1024',
      timeoutMs: 120_000,
    });
    expect(createImageProvider(images).id).toBe('openai-compatible');
    expect(loadConfig({ ...remote, IMAGE_SIZE: '1536x1024', IMAGE_TIMEOUT_MS: '60000' }).images).toMatchObject({
      size: '1536x1024',
      timeoutMs: 60_000,
    });
  });

  it('ignores IMAGE_* settings while the title card is chosen', () => {
    expect(loadConfig({ IMAGE_PROVIDER: 'title-card', IMAGE_MODEL: 'dall-e-3' }).images).toEqual({
      provider: 'title-card',
    });
  });

  it.each([
    [
      { IMAGE_PROVIDER: 'midjourney' },
      'IMAGE_PROVIDER',
      /must be one of title-card, openai-compatible \(got "midjourney"\)/,
    ],
    [
      { IMAGE_PROVIDER: 'openai-compatible', IMAGE_MODEL: 'dall-e-3' },
      'IMAGE_BASE_URL',
      /is required when IMAGE_PROVIDER is openai-compatible .*\(got nothing\)/,
    ],
    [
      { IMAGE_PROVIDER: 'openai-compatible', IMAGE_BASE_URL: 'https://api.openai.com/v1' },
      'IMAGE_MODEL',
      /is required when IMAGE_PROVIDER is openai-compatible/,
    ],
    [{ ...remote, IMAGE_BASE_URL: 'ftp://images.example' }, 'IMAGE_BASE_URL', /must be an http:\/\/ or https:\/\/ URL/],
    [{ ...remote, IMAGE_SIZE: 'large' }, 'IMAGE_SIZE', /must be WIDTHxHEIGHT/],
    [{ ...remote, IMAGE_TIMEOUT_MS: '10' }, 'IMAGE_TIMEOUT_MS', /must be at least 1000/],
  ])('stops with one line naming the variable: %o', (env, name, message) => {
    const text = configError(env);
    expect(text.startsWith(`Invalid ${name}:`)).toBe(true);
    expect(text).toMatch(message);
    expect(text).not.toContain('\n');
  });

  it('never prints IMAGE_API_KEY in an error', () => {
    const key = `sk-${'x'.repeat(2100)}`;
    const text = configError({ ...remote, IMAGE_API_KEY: key });
    expect(text).toMatch(/^Invalid IMAGE_API_KEY: .*\(got a hidden value\)$/);
    expect(text).not.toContain('xxxx');
  });
});
