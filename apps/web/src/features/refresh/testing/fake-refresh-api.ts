import {
  REFRESH_PROPOSAL_MESSAGES,
  type RefreshList,
  type RefreshPost,
  type RefreshProposal,
  type RefreshSiteSettings,
  type RefreshSiteSummary,
} from '@abp/contracts';
import { HttpResponse, http } from 'msw';
import { createFakeAuthApi } from '../../../test/auth-api';
import { makeRefreshProposal } from '../../../test/refresh-proposals';

export function makeRefreshPost(overrides: Partial<RefreshPost> = {}): RefreshPost {
  return {
    site_id: 1,
    site_name: 'Garden Blog',
    wp_id: 10,
    title: 'Best kettles of 2024',
    link: 'https://garden.example/best-kettles/',
    modified_at: '2024-03-02T10:00:00Z',
    score: 70,
    reasons: [{ kind: 'past_year', weight: 30, words: 'Says “Best kettles of 2024”; it is 2026 now.' }],
    computed_at: '2026-11-27T10:00:00Z',
    ...overrides,
  };
}

const conflict = (error: string) => HttpResponse.json({ error, code: 'conflict' }, { status: 409 });

/**
 * The refresh API as the contract has it (issue #36): the scores, proposals made, applied (a change
 * named in `dropChanges` meets a person's edit and is dropped), dismissed and undone (`undoRefused`:
 * the post was edited since), and per-site settings (`refuseSettings`: a 400 naming cooldown_days).
 */
export function createFakeRefreshApi(
  options: {
    posts?: RefreshPost[];
    proposals?: RefreshProposal[];
    /** What POST /api/refresh/proposals answers: a proposal, or a 409 with this text. */
    propose?: RefreshProposal | string;
    dropChanges?: Record<string, string>;
    undoRefused?: boolean;
    refuseSettings?: boolean;
  } = {},
) {
  const posts = options.posts ?? [makeRefreshPost()];
  let proposals = [...(options.proposals ?? [])];
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  let settings: RefreshSiteSettings = {
    site_id: 1,
    weekly_proposals: 0,
    auto_apply_dead_links: false,
    cooldown_days: 180,
  };
  const summary: RefreshSiteSummary[] = [
    { site_id: 1, site_name: 'Garden Blog', scored: 12, stale: 3, reasons: {}, dead_links: 1, computed_at: null },
  ];
  const record = async (request: Request) => {
    const text = await request.text();
    const body = text ? (JSON.parse(text) as unknown) : undefined;
    requests.push({ method: request.method, path: new URL(request.url).pathname, body });
    return body;
  };
  const save = (proposal: RefreshProposal) => {
    proposals = [proposal, ...proposals.filter((p) => p.id !== proposal.id)];
    return HttpResponse.json(proposal);
  };
  const find = (id: unknown) => proposals.find((p) => p.id === Number(id));

  const handlers = [
    ...createFakeAuthApi({ authenticated: true }).handlers,
    http.get('/api/refresh/summary', () => HttpResponse.json(summary)),
    http.get('/api/refresh', () => {
      const body: RefreshList = { items: posts, total: posts.length, limit: 25, offset: 0 };
      return HttpResponse.json(body);
    }),
    http.get('/api/refresh/proposals', ({ request }) => {
      const url = new URL(request.url);
      const wpId = url.searchParams.get('wp_id');
      const state = url.searchParams.get('state');
      const items = proposals.filter((p) => (!wpId || p.wp_id === Number(wpId)) && (!state || p.state === state));
      return HttpResponse.json({ items, total: items.length });
    }),
    http.post('/api/refresh/proposals', async ({ request }) => {
      await record(request);
      if (typeof options.propose === 'string') return conflict(options.propose);
      const made = options.propose ?? makeRefreshProposal();
      proposals = [made, ...proposals];
      return HttpResponse.json(made, { status: 201 });
    }),
    http.get('/api/refresh/proposals/:id', ({ params }) => {
      const proposal = find(params.id);
      return proposal ? HttpResponse.json(proposal) : HttpResponse.json({ error: 'Not found' }, { status: 404 });
    }),
    http.post('/api/refresh/proposals/:id/apply', async ({ request, params }) => {
      const body = (await record(request)) as { change_ids?: string[] } | undefined;
      const proposal = find(params.id)!;
      if (proposal.state !== 'proposed') return conflict(REFRESH_PROPOSAL_MESSAGES.notProposed);
      const chosen = body?.change_ids;
      const changes = proposal.changes.map((change) => {
        if (chosen && !chosen.includes(change.id))
          return { ...change, outcome: 'skipped' as const, outcome_reason: 'not selected' };
        const drop = options.dropChanges?.[change.id];
        return drop
          ? { ...change, outcome: 'dropped' as const, outcome_reason: drop }
          : { ...change, outcome: 'applied' as const, outcome_reason: null };
      });
      const applied = changes.some((change) => change.outcome === 'applied');
      return save({
        ...proposal,
        changes,
        state: applied ? 'applied' : 'refused',
        note: applied ? null : REFRESH_PROPOSAL_MESSAGES.allConflict,
        applied_at: applied ? '2026-11-28T00:10:00Z' : null,
        decided_at: '2026-11-28T00:10:00Z',
        can_undo: applied,
      });
    }),
    http.post('/api/refresh/proposals/:id/dismiss', async ({ request, params }) => {
      await record(request);
      return save({ ...find(params.id)!, state: 'dismissed', decided_at: '2026-11-28T00:10:00Z' });
    }),
    http.post('/api/refresh/proposals/:id/undo', async ({ request, params }) => {
      await record(request);
      const proposal = find(params.id)!;
      if (options.undoRefused) {
        proposals = proposals.map((p) =>
          p.id === proposal.id ? { ...p, can_undo: false, note: REFRESH_PROPOSAL_MESSAGES.editedSince } : p,
        );
        return conflict(REFRESH_PROPOSAL_MESSAGES.editedSince);
      }
      return save({ ...proposal, state: 'undone', undone_at: '2026-11-28T00:12:00Z', can_undo: false });
    }),
    http.get('/api/refresh/settings/:siteId', () => HttpResponse.json(settings)),
    http.put('/api/refresh/settings/:siteId', async ({ request }) => {
      const body = (await record(request)) as Omit<RefreshSiteSettings, 'site_id'>;
      if (options.refuseSettings)
        return HttpResponse.json(
          {
            error:
              'Invalid request: body.cooldown_days: must be at least 7 days while dead-link fixes apply by themselves',
            code: 'validation',
            details: [
              {
                field: 'body.cooldown_days',
                message: 'must be at least 7 days while dead-link fixes apply by themselves',
              },
            ],
          },
          { status: 400 },
        );
      settings = { site_id: 1, ...body };
      return HttpResponse.json(settings);
    }),
  ];
  return { handlers, requests, proposals: () => proposals };
}
