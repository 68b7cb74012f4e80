import {
  type GenerateOutlineResponse,
  type generateOutlineRequestSchema,
  type OutlineData,
  outlineDataSchema,
  type SeoOutline,
} from '@abp/contracts';
import type { z } from 'zod';
import { badRequest } from '../../../errors.js';
import { htmlToPlainText } from '../../../lib/plain-text.js';
import type { KeywordsRepository } from '../keywords/keywords.repository.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { SeoModel } from '../shared/seo-model.js';
import { uniqueCaseless } from '../shared/text.js';
import { type OutlineKeyword, offlineOutline } from './offline-outline.js';
import type { OutlineRepository, SeoOutlineRow } from './outline.repository.js';
import { type OutlineAnswer, outlineAnswerSchema, outlinePrompt } from './outline-prompt.js';

type GenerateRequest = z.output<typeof generateOutlineRequestSchema>;

const OUTLINE_PROGRESS = 80;

export function toOutlineDto(row: SeoOutlineRow): SeoOutline {
  return {
    id: row.id,
    project_id: row.projectId,
    outline_data: outlineDataSchema.parse(row.outlineData),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * A model's clusters must hang under one of its pillars; unknown parents go to the first pillar.
 * Titles, headings and keywords are the model's text: markup in them is dropped and entities
 * decoded; a post whose title was nothing but markup is left out.
 */
function normalise(answer: OutlineAnswer): OutlineData {
  const texts = (items: string[]) => items.map(htmlToPlainText).filter(Boolean);
  const clean = <T extends { title: string; target_keywords: string[]; h2_headings: string[] }>(post: T): T => ({
    ...post,
    title: htmlToPlainText(post.title),
    target_keywords: uniqueCaseless(texts(post.target_keywords)),
    h2_headings: texts(post.h2_headings),
  });
  const pillars = answer.pillar_posts.map(clean).filter((p) => p.title);
  const pillarTitles = pillars.map((p) => p.title);
  const byLower = new Map(pillarTitles.map((t) => [t.toLowerCase(), t]));
  return outlineDataSchema.parse({
    pillar_posts: pillars,
    cluster_posts: answer.cluster_posts
      .map(clean)
      .filter((c) => c.title)
      .map((c) => ({
        ...c,
        pillar_parent: byLower.get(htmlToPlainText(c.pillar_parent).toLowerCase()) ?? pillarTitles[0] ?? '',
      })),
  });
}

export class OutlineService {
  constructor(
    private readonly repo: OutlineRepository,
    private readonly keywords: KeywordsRepository,
    private readonly projects: ProjectsService,
    private readonly model: SeoModel,
  ) {}

  async list(projectId: number): Promise<SeoOutline[]> {
    await this.projects.require(projectId);
    const row = await this.repo.find(projectId);
    return row ? [toOutlineDto(row)] : [];
  }

  async current(projectId: number): Promise<OutlineData | null> {
    const row = await this.repo.find(projectId);
    return row ? outlineDataSchema.parse(row.outlineData) : null;
  }

  /** The wizard sends the first 10 keyword texts; the project list sends none (then the project's are used). */
  async generate(request: GenerateRequest): Promise<GenerateOutlineResponse> {
    const project = await this.projects.require(request.project_id, 'project_id');
    const stored = await this.keywords.list(project.id);
    const typeOf = new Map(stored.map((k) => [k.keyword.toLowerCase(), k.keywordType]));
    const chosen: OutlineKeyword[] =
      request.keywords.length > 0
        ? uniqueCaseless(request.keywords).map((keyword) => ({
            keyword,
            type: typeOf.get(keyword.toLowerCase()) ?? 'primary',
          }))
        : stored.map((k) => ({ keyword: k.keyword, type: k.keywordType }));
    if (chosen.length === 0)
      throw badRequest(
        'keywords',
        'generating an outline needs at least one keyword: run keyword research or add a keyword first',
      );
    const niche = request.niche || project.niche;
    // The model sees every keyword of the project; the offline planner also uses their types.
    const planKeywords =
      request.keywords.length > 0
        ? [...chosen, ...stored.map((k) => ({ keyword: k.keyword, type: k.keywordType }))]
        : chosen;
    const answer = await this.model.structured(
      {
        schema: outlineAnswerSchema,
        schemaName: 'content_outline',
        prompt: outlinePrompt(
          niche,
          chosen.map((k) => k.keyword),
        ),
        maxTokens: 6000,
        project,
      },
      () => offlineOutline(niche, dedupe(planKeywords)),
    );
    const { source } = answer;
    const outline = answer.source === 'model' ? normalise(answer.value) : answer.value;
    const row = await this.repo.save(project.id, outline);
    const planned = outline.pillar_posts.length + outline.cluster_posts.length;
    await this.projects.setPlannedArticles(project.id, planned);
    await this.projects.log(project.id, {
      phase: 1,
      step: 'content_outline',
      status: 'success',
      message: `Content outline created: ${outline.pillar_posts.length} pillar posts and ${outline.cluster_posts.length} cluster posts`,
      details: {
        success_count: planned,
        pillar_posts: outline.pillar_posts.length,
        cluster_posts: outline.cluster_posts.length,
        source,
      },
    });
    await this.projects.advance(project.id, 1, OUTLINE_PROGRESS);
    return {
      success: true,
      outline: toOutlineDto(row),
      summary: {
        pillar_posts: outline.pillar_posts.length,
        cluster_posts: outline.cluster_posts.length,
        total_articles_planned: planned,
        keywords_used: chosen.length,
        source,
      },
    };
  }
}

function dedupe(keywords: OutlineKeyword[]): OutlineKeyword[] {
  const seen = new Set<string>();
  return keywords.filter((k) => {
    const key = k.keyword.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
