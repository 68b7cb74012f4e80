import { z } from 'zod';

export const IMAGE_PROVIDERS = ['title-card', 'openai-compatible'] as const;
export type ImageProviderName = (typeof IMAGE_PROVIDERS)[number];

/** Where featured images come from, read from IMAGE_* variables. */
export type ImageConfig =
  | { provider: 'title-card' }
  | {
      provider: 'openai-compatible';
      /** The API root, e.g. https://api.openai.com/v1; /images/generations is appended. */
      baseUrl: string;
      apiKey?: string;
      model: string;
      /** WIDTHxHEIGHT as the API spells it, or "auto". */
      size: string;
      /** Per image, covering the generation call and a download of the answer's URL. */
      timeoutMs: number;
    };

export const IMAGE_DEFAULT_SIZE = '1024x1024';
export const IMAGE_DEFAULT_TIMEOUT_MS = 120_000;

/** Spread into the environment schema of config.ts. */
export const imageEnvSchema = {
  IMAGE_PROVIDER: z
    .enum(IMAGE_PROVIDERS, { message: `must be one of ${IMAGE_PROVIDERS.join(', ')}` })
    .default('title-card'),
  IMAGE_BASE_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL (e.g. https://api.openai.com/v1)' })
    .optional(),
  IMAGE_API_KEY: z.string().max(2000, 'must be at most 2000 characters').optional(),
  IMAGE_MODEL: z.string().trim().min(1, 'must not be blank').max(200, 'must be at most 200 characters').optional(),
  IMAGE_SIZE: z
    .string()
    .trim()
    .regex(/^(auto|[1-9]\d{1,4}x[1-9]\d{1,4})$/, 'must be WIDTHxHEIGHT such as 1024x1024 or 1536x1024, or auto')
    .default(IMAGE_DEFAULT_SIZE),
  IMAGE_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1000, 'must be at least 1000')
    .max(600_000, 'must be at most 600000')
    .default(IMAGE_DEFAULT_TIMEOUT_MS),
};

interface ImageEnv {
  IMAGE_PROVIDER: ImageProviderName;
  IMAGE_BASE_URL?: string | undefined;
  IMAGE_API_KEY?: string | undefined;
  IMAGE_MODEL?: string | undefined;
  IMAGE_SIZE: string;
  IMAGE_TIMEOUT_MS: number;
}

/** For the environment schema's superRefine: a remote provider cannot guess its server or model. */
export function requireImageProviderSettings(env: ImageEnv, ctx: z.RefinementCtx): void {
  if (env.IMAGE_PROVIDER !== 'openai-compatible') return;
  if (!env.IMAGE_BASE_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['IMAGE_BASE_URL'],
      message: 'is required when IMAGE_PROVIDER is openai-compatible (e.g. https://api.openai.com/v1)',
    });
  }
  if (!env.IMAGE_MODEL) {
    ctx.addIssue({
      code: 'custom',
      path: ['IMAGE_MODEL'],
      message: 'is required when IMAGE_PROVIDER is openai-compatible (e.g. gpt-image-1 or dall-e-3)',
    });
  }
}

export function imageEnvConfig(env: ImageEnv): ImageConfig {
  if (env.IMAGE_PROVIDER === 'title-card' || !env.IMAGE_BASE_URL || !env.IMAGE_MODEL) return { provider: 'title-card' };
  return {
    provider: 'openai-compatible',
    baseUrl: env.IMAGE_BASE_URL,
    ...(env.IMAGE_API_KEY ? { apiKey: env.IMAGE_API_KEY } : {}),
    model: env.IMAGE_MODEL,
    size: env.IMAGE_SIZE,
    timeoutMs: env.IMAGE_TIMEOUT_MS,
  };
}
