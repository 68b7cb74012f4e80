import { SEO_WIZARD_STEPS, type SeoProject, type SeoProjectLog, seoWizardStep } from '@abp/contracts';
import type { SeoLogRow } from './project-logs.repository.js';
import type { SeoProjectListRow } from './projects.repository.js';

const clampPhase = (phase: number) => Math.min(3, Math.max(1, phase));
const clampPercent = (value: number) => Math.min(100, Math.max(0, Math.round(value)));

export function toProjectDto(row: SeoProjectListRow): SeoProject {
  const step = seoWizardStep({
    completed: row.status === 'completed',
    keywords: Number(row.keywordsCount),
    hasOutline: Boolean(row.hasOutline),
    articles: Number(row.articlesTotal),
    pages: Number(row.pagesCount),
  });
  return {
    id: row.id,
    site_id: row.siteId,
    site_name: row.siteName ?? '(deleted site)',
    site_url: row.siteUrl,
    project_name: row.projectName,
    niche: row.niche,
    company_name: row.companyName,
    goal: row.goal,
    target_audience: row.targetAudience,
    business_context: row.businessContext,
    status: row.status,
    current_phase: clampPhase(row.currentPhase),
    progress_percentage: clampPercent(row.progressPercentage),
    total_articles_planned: Math.max(row.totalArticlesPlanned, row.articlesGenerated),
    articles_generated: row.articlesGenerated,
    articles_in_progress: row.articlesInProgress,
    wizard_step: step + 1,
    wizard_step_name: SEO_WIZARD_STEPS[step]!,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toLogDto(row: SeoLogRow): SeoProjectLog {
  return {
    id: row.id,
    project_id: row.projectId,
    status: row.status,
    message: row.message,
    phase: row.phase,
    step: row.step,
    details: row.details,
    created_at: row.createdAt.toISOString(),
  };
}
