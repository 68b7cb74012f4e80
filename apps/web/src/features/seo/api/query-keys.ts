/** Every SEO query key starts with 'seo'; a project's data shares ['seo', 'project', id]. */
export const seoKeys = {
  all: ['seo'] as const,
  projects: ['seo', 'projects'] as const,
  project: (id: number) => ['seo', 'project', id] as const,
  keywords: (id: number) => ['seo', 'project', id, 'keywords'] as const,
  outlines: (id: number) => ['seo', 'project', id, 'outlines'] as const,
  pages: (id: number) => ['seo', 'project', id, 'pages'] as const,
  articles: (id: number) => ['seo', 'project', id, 'articles'] as const,
  logs: (id: number) => ['seo', 'project', id, 'logs'] as const,
  siteStructure: (id: number) => ['seo', 'project', id, 'site-structure'] as const,
  sitePages: (id: number) => ['seo', 'project', id, 'site-pages'] as const,
  deletePreview: (id: number) => ['seo', 'project', id, 'delete-preview'] as const,
  pageConflicts: (id: number) => ['seo', 'project', id, 'page-conflicts'] as const,
  publishRuns: (id: number) => ['seo', 'project', id, 'publish-runs'] as const,
  publishRun: (runId: number) => ['seo', 'publish-run', runId] as const,
};

/** Generation with a real model can take minutes: longer than the client's default timeout. */
export const LONG_TIMEOUT_MS = 15 * 60_000;
