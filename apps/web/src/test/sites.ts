import type { Site } from '@abp/contracts';

/** A connected site as GET /api/sites answers it; every screen's tests start from this one. */
export function makeSite(overrides: Partial<Site> = {}): Site {
  return {
    id: 1,
    name: 'Garden Blog',
    url: 'https://garden.example',
    username: 'editor',
    is_active: true,
    content_persona: '',
    rest_root: 'https://garden.example/wp-json/',
    health_score: null,
    health_checked_at: null,
    deleting: false,
    credentials_rejected: null,
    publish_policy: { mode: 'auto', delay_hours: null },
    send_held_as_draft: false,
    created_at: '2026-11-22T09:00:00.000Z',
    updated_at: '2026-11-22T09:00:00.000Z',
    ...overrides,
  };
}
