import {
  errorBodySchema,
  reviewApproveRequestSchema,
  reviewDecisionResultSchema,
  reviewHoldRequestSchema,
  reviewListQuerySchema,
  reviewListResponseSchema,
  reviewRejectRequestSchema,
  reviewSummarySchema,
} from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReviewService } from './review.service.js';

const tags = ['review'];
const decided = { 200: reviewDecisionResultSchema, 400: errorBodySchema };

/** Mounted under /api/review: the Review inbox (issue #33) and its decisions. */
export const reviewRoutes = (review: ReviewService): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.get(
      '/',
      {
        schema: {
          tags,
          description:
            'Everything that waits for the operator, across sites: held, delayed, quality-gate, budget and assistant ' +
            'articles, and backlink and link-report proposals; oldest first unless order=newest; paged (total counts all).',
          querystring: reviewListQuerySchema,
          response: { 200: reviewListResponseSchema, 400: errorBodySchema },
        },
      },
      async (request) => review.list(request.query),
    );
    app.get(
      '/summary',
      {
        schema: {
          tags,
          description: 'How many items wait and since when the oldest does (the navigation count, the Dashboard line).',
          response: { 200: reviewSummarySchema },
        },
      },
      async () => review.summary(),
    );
    app.post(
      '/approve',
      {
        schema: {
          tags,
          description:
            'Publishes each article now (a delayed one too; a quality-gate objection as "publish anyway"), or schedules ' +
            'it on WordPress at schedule_at; applies each link proposal. 200 with a result per item: one failing ' +
            'does not fail the others.',
          body: reviewApproveRequestSchema,
          response: decided,
        },
      },
      async (request) => review.approve(request.body),
    );
    app.post(
      '/reject',
      {
        schema: {
          tags,
          description:
            'Each article goes back to draft and out of the inbox, the reason kept as its review_note; a WordPress ' +
            'draft sent only for preview is moved to the WordPress trash. Each link proposal is dismissed. 200 with a ' +
            'result per item.',
          body: reviewRejectRequestSchema,
          response: decided,
        },
      },
      async (request) => review.reject(request.body.items, request.body.reason),
    );
    app.post(
      '/hold',
      {
        schema: {
          tags,
          description:
            'Each delayed article stops its countdown and waits as held (no release time). 200 with a result per item.',
          body: reviewHoldRequestSchema,
          response: decided,
        },
      },
      async (request) => review.hold(request.body.items),
    );
  };
