import { type OptimisationResponse, SEO_LIMITS, SEO_MESSAGES, SEO_SCHEMA_TYPES } from '@abp/contracts';
import { useState } from 'react';
import { generateMetaDescriptions } from '../api/generate-meta-descriptions';
import { generateSchemaMarkup } from '../api/generate-schema-markup';
import { optimizeInternalLinking } from '../api/optimize-internal-linking';
import { errorText } from '../lib/errors';

export type OptimisationTool = 'meta' | 'schema' | 'links';
type Notify = (message: string, variant: 'success' | 'error' | 'warning' | 'info') => void;

export const TOOL_NAMES: Record<OptimisationTool, string> = {
  meta: 'meta descriptions',
  schema: 'schema markup',
  links: 'internal linking',
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function call(tool: OptimisationTool, projectId: number): Promise<OptimisationResponse> {
  if (tool === 'meta') return generateMetaDescriptions(projectId);
  if (tool === 'schema') return generateSchemaMarkup(projectId, [...SEO_SCHEMA_TYPES]);
  return optimizeInternalLinking(projectId, SEO_LIMITS.maxInternalLinks);
}

function describe(tool: OptimisationTool, result: OptimisationResponse): string {
  const s = result.summary;
  if (tool === 'meta') return `Meta descriptions written for ${s.articles_processed} articles`;
  if (tool === 'schema')
    return `Schema markup generated for ${s.articles_processed} articles${s.delivered_in_html ? '' : ' (stored, not delivered)'}`;
  return `${s.links_added} internal links added across ${s.articles_processed} articles`;
}

/** The three SEO tools, alone or chained 2 s apart ('Optimize All SEO'). */
export function useOptimisation(
  projectId: number,
  writtenArticles: number,
  notify: Notify,
  refresh: () => Promise<void>,
) {
  const [busy, setBusy] = useState<OptimisationTool | 'all' | null>(null);

  const step = async (tool: OptimisationTool) => {
    const result = await call(tool, projectId);
    notify(describe(tool, result), 'success');
    for (const warning of result.warnings) notify(warning, 'warning');
    await refresh();
  };

  const runOne = async (tool: OptimisationTool) => {
    setBusy(tool);
    try {
      await step(tool);
    } catch (error) {
      notify(`Error optimizing ${TOOL_NAMES[tool]}: ${errorText(error, 'unknown error')}`, 'error');
    } finally {
      setBusy(null);
    }
  };

  const runAll = async () => {
    if (writtenArticles < 1) {
      notify(SEO_MESSAGES.noArticles, 'warning');
      return;
    }
    setBusy('all');
    try {
      await step('meta');
      await wait(SEO_LIMITS.optimisationChainGapMs);
      await step('schema');
      if (writtenArticles >= 2) {
        await wait(SEO_LIMITS.optimisationChainGapMs);
        await step('links');
      }
    } catch (error) {
      notify(`Error in SEO optimization: ${errorText(error, 'unknown error')}`, 'error');
    } finally {
      setBusy(null);
    }
  };

  return { busy, runOne, runAll };
}
