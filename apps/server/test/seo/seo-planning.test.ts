import type { OutlineData, SeoKeyword, SeoPage, SeoProject, SeoProjectLog } from '@abp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite, fakeWordPressFor } from '../sites/sites-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { createProject, expectOk, fieldOf, planProject, type SeoApi, seoApi } from './seo-helpers.js';

let t: TestApp;
let api: SeoApi;
let siteId: number;

beforeAll(async () => {
  t = await createTestApp();
  fakeWordPressFor(t);
  const cookie = await t.login();
  api = seoApi(t, cookie);
  siteId = (await createSite(t, cookie)).id;
});
afterAll(() => t.close());

describe('SEO projects', () => {
  it('refuses a project without site, name or niche, naming the field', async () => {
    const missing = await api.post('/api/seo-suite/projects', { site_id: siteId, niche: 'tea' });
    expect(missing.statusCode).toBe(400);
    expect(fieldOf(missing)).toBe('body.project_name');
    const blankNiche = await api.post('/api/seo-suite/projects', { site_id: siteId, project_name: 'P', niche: '   ' });
    expect(fieldOf(blankNiche)).toBe('body.niche');
    const unknownSite = await api.post('/api/seo-suite/projects', { site_id: 9999, project_name: 'P', niche: 'tea' });
    expect(unknownSite.statusCode).toBe(400);
    expect(fieldOf(unknownSite)).toBe('site_id');
  });

  it('creates a project in phase 1 and lists it with its site name, newest first', async () => {
    const first = await createProject(api, siteId, { project_name: 'First' });
    const second = await createProject(api, siteId, { project_name: 'Second', company_name: '' });
    expect(second).toMatchObject({
      status: 'phase1',
      current_phase: 1,
      progress_percentage: 0,
      site_name: 'Garden Blog',
      company_name: '',
      articles_generated: 0,
      // Issue #37 item 8: the seven-step wizard's step, as the wizard opens it (no keywords yet).
      wizard_step: 2,
      wizard_step_name: 'Keyword Research',
    });
    const list = expectOk(await api.get('/api/seo-suite/projects')) as unknown as SeoProject[];
    expect(list.map((p) => p.id).slice(0, 2)).toEqual([second.id, first.id]);
    expect((await api.get('/api/seo-suite/projects/999999')).statusCode).toBe(404);
  });
});

describe('keyword research and keyword edits', () => {
  let project: SeoProject;
  beforeAll(async () => {
    project = await createProject(api, siteId);
  });

  it('generates primary, long-tail and semantic keywords offline, deterministically, and logs it', async () => {
    const body = expectOk(await api.post('/api/seo-suite/generate-keywords', { project_id: project.id }));
    const keywords = body.keywords as unknown as SeoKeyword[];
    for (const type of ['primary', 'long-tail', 'semantic'] as const)
      expect(keywords.filter((k) => k.keyword_type === type).length).toBeGreaterThanOrEqual(3);
    expect(keywords.map((k) => k.keyword)).toContain('home coffee brewing');
    expect(keywords.some((k) => k.keyword.includes('busy professionals'))).toBe(true);
    expect(new Set(keywords.map((k) => k.intent_type))).toEqual(
      new Set(['informational', 'transactional', 'navigational']),
    );
    expect(body.summary).toMatchObject({ source: 'offline', keywords_added: keywords.length });

    // Again: the same keywords come back and none is stored twice.
    const again = expectOk(await api.post('/api/seo-suite/generate-keywords', { project_id: project.id }));
    expect(again.summary).toMatchObject({ keywords_added: 0, total_keywords: keywords.length });

    const updated = expectOk(await api.get(`/api/seo-suite/projects/${project.id}`)) as unknown as SeoProject;
    expect(updated).toMatchObject({ current_phase: 1, progress_percentage: 40 });
    const logs = expectOk(await api.get(`/api/seo-suite/logs/${project.id}`)) as unknown as SeoProjectLog[];
    expect(logs[0]).toMatchObject({
      phase: 1,
      step: 'keyword_research',
      status: 'success',
      details: { success_count: 0 },
    });
    expect(logs[1]).toMatchObject({ step: 'keyword_research', details: { success_count: keywords.length } });
  });

  it('refuses an unknown project id in the body as a 400 naming project_id', async () => {
    const res = await api.post('/api/seo-suite/generate-keywords', { project_id: 424242 });
    expect(res.statusCode).toBe(400);
    expect(fieldOf(res)).toBe('project_id');
  });

  it('adds a keyword with the form defaults, and refuses duplicates ignoring case', async () => {
    const added = expectOk(
      await api.post(`/api/seo/projects/${project.id}/keywords`, { keyword: 'Cold Brew Ratio' }),
      201,
    );
    expect(added).toMatchObject({
      keyword: 'Cold Brew Ratio',
      keyword_type: 'primary',
      intent_type: 'informational',
      competition_level: 'medium',
    });
    const duplicate = await api.post(`/api/seo/projects/${project.id}/keywords`, { keyword: 'cold brew RATIO' });
    expect(duplicate.statusCode).toBe(400);
    expect(fieldOf(duplicate)).toBe('keyword');
    expect(duplicate.json().error).toMatch(/already a keyword/);
    const empty = await api.post(`/api/seo/projects/${project.id}/keywords`, { keyword: ' ' });
    expect(fieldOf(empty)).toBe('body.keyword');
    const badType = await api.post(`/api/seo/projects/${project.id}/keywords`, {
      keyword: 'x y',
      keyword_type: 'head',
    });
    expect(fieldOf(badType)).toBe('body.keyword_type');
  });

  it('edits and deletes a keyword; a rename onto another keyword is refused', async () => {
    const a = expectOk(
      await api.post(`/api/seo/projects/${project.id}/keywords`, { keyword: 'french press grind' }),
      201,
    ) as unknown as SeoKeyword;
    const edited = expectOk(
      await api.put(`/api/seo/keywords/${a.id}`, { keyword: 'French press grind size', competition_level: 'low' }),
    );
    expect(edited).toMatchObject({
      keyword: 'French press grind size',
      competition_level: 'low',
      keyword_type: 'primary',
    });
    const clash = await api.put(`/api/seo/keywords/${a.id}`, { keyword: 'HOME COFFEE BREWING' });
    expect(clash.statusCode).toBe(400);
    expect(fieldOf(clash)).toBe('keyword');
    expect((await api.put(`/api/seo/keywords/${a.id}`, {})).statusCode).toBe(400);
    expect(expectOk(await api.del(`/api/seo/keywords/${a.id}`))).toEqual({ success: true, id: a.id });
    expect((await api.del(`/api/seo/keywords/${a.id}`)).statusCode).toBe(404);
    expect((await api.put('/api/seo/keywords/abc', { keyword: 'x' })).statusCode).toBe(400);
  });
});

describe('outline, pages and site pages', () => {
  it('needs a keyword before an outline, and an outline before pages and articles', async () => {
    const project = await createProject(api, siteId, { project_name: 'Empty' });
    const outline = await api.post('/api/seo-suite/generate-outline', { project_id: project.id, keywords: [] });
    expect(outline.statusCode).toBe(400);
    expect(fieldOf(outline)).toBe('keywords');
    const pages = await api.post(`/api/seo/projects/${project.id}/generate-pages`, { includeOptional: false });
    expect(fieldOf(pages)).toBe('outline');
    const articles = await api.post('/api/seo-suite/generate-articles-bulk', {
      project_id: project.id,
      site_id: siteId,
      articles: [{ title: 'A' }],
    });
    expect(fieldOf(articles)).toBe('outline');
    const noArticles = await api.post('/api/seo-suite/generate-articles-bulk', {
      project_id: project.id,
      site_id: siteId,
      articles: [],
    });
    expect(fieldOf(noArticles)).toBe('body.articles');
    expect(expectOk(await api.get(`/api/seo-suite/outlines/${project.id}`))).toEqual([]);
  });

  it('plans pillars and clusters from the keywords, each cluster under a pillar', async () => {
    const project = await createProject(api, siteId, { project_name: 'Outline' });
    const outline: OutlineData = await planProject(api, project);
    expect(outline.pillar_posts.length).toBeGreaterThanOrEqual(2);
    expect(outline.cluster_posts.length).toBeGreaterThanOrEqual(6);
    const pillarTitles = outline.pillar_posts.map((p) => p.title);
    for (const pillar of outline.pillar_posts) {
      expect(pillar.target_keywords.length).toBeGreaterThan(0);
      expect(pillar.h2_headings.length).toBeGreaterThanOrEqual(3);
    }
    for (const cluster of outline.cluster_posts) {
      expect(pillarTitles).toContain(cluster.pillar_parent);
      expect(cluster.content_type).toBe('cluster');
    }
    const stored = expectOk(await api.get(`/api/seo-suite/projects/${project.id}`)) as unknown as SeoProject;
    expect(stored).toMatchObject({
      progress_percentage: 80,
      total_articles_planned: pillarTitles.length + outline.cluster_posts.length,
    });

    // Website pages: unique slugs, meta descriptions within 160 characters, phase 1 complete.
    const pages = expectOk(
      await api.post(`/api/seo/projects/${project.id}/generate-pages`, { includeOptional: false }),
    );
    const list = pages.pages as unknown as SeoPage[];
    expect(list.map((p) => p.page_type)).toEqual(expect.arrayContaining(['home', 'about', 'services', 'pillar_hub']));
    // No contact details yet: no Contact page, and the answer says why (issue #18 item 10).
    expect(list.map((p) => p.page_type)).not.toContain('contact');
    expect((pages.summary as { notes: string[] }).notes).toEqual([
      expect.stringMatching(/^No Contact page was generated: the project has no email, phone or address/),
    ]);
    expect(new Set(list.map((p) => p.slug)).size).toBe(list.length);
    for (const page of list) {
      expect(page.meta_description.length).toBeGreaterThan(20);
      expect(page.meta_description.length).toBeLessThanOrEqual(160);
      expect(page.status).toBe('generated');
    }
    expect(pages.summary).toMatchObject({ pages_generated: list.length });
    // Regenerating (with the optional pages) keeps one page per slug.
    const again = expectOk(await api.post(`/api/seo/projects/${project.id}/generate-pages`, { includeOptional: true }));
    const all = expectOk(await api.get(`/api/seo/projects/${project.id}/pages`)) as unknown as SeoPage[];
    expect(all.length).toBe((again.pages as unknown as unknown[]).length);
    expect(all.map((p) => p.slug)).toEqual(expect.arrayContaining(['faq', 'blog', 'resources']));
    expect(
      (expectOk(await api.get(`/api/seo-suite/projects/${project.id}`)) as unknown as SeoProject).progress_percentage,
    ).toBe(100);

    const structure = expectOk(await api.get(`/api/seo-suite/projects/${project.id}/site-structure`));
    expect((structure.sections as unknown as unknown[]).length).toBe(outline.pillar_posts.length);
  });

  it('generates site pages with the company name; privacy and terms need a legal review', async () => {
    const project = await createProject(api, siteId, { project_name: 'Site pages' });
    const noName = await api.post('/api/seo-suite/generate-site-pages', {
      project_id: project.id,
      company_name: '',
      page_types: ['home'],
    });
    expect(noName.statusCode).toBe(400);
    expect(fieldOf(noName)).toBe('body.company_name');
    const noTypes = await api.post('/api/seo-suite/generate-site-pages', {
      project_id: project.id,
      company_name: 'Bean There',
      page_types: [],
    });
    expect(fieldOf(noTypes)).toBe('body.page_types');
    const badEmail = await api.post('/api/seo-suite/generate-site-pages', {
      project_id: project.id,
      company_name: 'B',
      contact_info: { email: 'nope' },
    });
    expect(fieldOf(badEmail)).toBe('body.contact_info.email');

    const res = expectOk(
      await api.post('/api/seo-suite/generate-site-pages', {
        project_id: project.id,
        company_name: 'Bean There Coffee',
        company_description: 'We roast and teach.',
        contact_info: { email: 'hello@beanthere.example', phone: '+1 555 0100', address: '1 Roast Street' },
        page_types: ['home', 'about', 'services', 'resources', 'contact', 'privacy', 'terms'],
      }),
    );
    expect(res.summary).toMatchObject({ pages_generated: 7, needs_legal_review: 2 });
    const pages = expectOk(await api.get(`/api/seo-suite/projects/${project.id}/site-pages`)) as unknown as SeoPage[];
    expect(
      pages
        .filter((p) => p.needs_legal_review)
        .map((p) => p.page_type)
        .sort(),
    ).toEqual(['privacy', 'terms']);
    expect(pages.find((p) => p.page_type === 'contact')?.content).toContain('hello@beanthere.example');
    expect(pages.find((p) => p.page_type === 'home')?.page_title).toBe('Bean There Coffee');
  });
});
