import { errorBodySchema } from '@abp/contracts';

/** The error answers every SEO route may give; 424 when the model or WordPress failed. */
export const seoErrors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 424: errorBodySchema };
export const seoTags = ['seo'];
