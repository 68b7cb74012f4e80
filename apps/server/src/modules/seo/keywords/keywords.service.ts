import type {
  GenerateKeywordsResponse,
  generateKeywordsRequestSchema,
  SeoKeyword,
  seoKeywordCreateSchema,
  seoKeywordUpdateSchema,
} from '@abp/contracts';
import type { z } from 'zod';
import { isUniqueViolation } from '../../../db/pg-errors.js';
import { badRequest, notFound } from '../../../errors.js';
import { htmlToPlainText } from '../../../lib/plain-text.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { SeoModel } from '../shared/seo-model.js';
import { keywordPrompt, keywordResearchSchema } from './keyword-prompt.js';
import type { KeywordsRepository, SeoKeywordRow } from './keywords.repository.js';
import { offlineKeywords } from './offline-keywords.js';

type GenerateRequest = z.output<typeof generateKeywordsRequestSchema>;
type KeywordCreate = z.output<typeof seoKeywordCreateSchema>;
type KeywordUpdate = z.output<typeof seoKeywordUpdateSchema>;

/** Phase 1 progress once keyword research is done (the outline takes it further). */
const KEYWORDS_PROGRESS = 40;

export function toKeywordDto(row: SeoKeywordRow): SeoKeyword {
  return {
    id: row.id,
    project_id: row.projectId,
    keyword: row.keyword,
    keyword_type: row.keywordType,
    intent_type: row.intentType,
    competition_level: row.competitionLevel,
    created_at: row.createdAt.toISOString(),
  };
}

export class KeywordsService {
  constructor(
    private readonly repo: KeywordsRepository,
    private readonly projects: ProjectsService,
    private readonly model: SeoModel,
  ) {}

  async list(projectId: number): Promise<SeoKeyword[]> {
    await this.projects.require(projectId);
    return (await this.repo.list(projectId)).map(toKeywordDto);
  }

  /** Keyword research: new keywords are added, ones the project already has are kept as they are. */
  async generate(request: GenerateRequest): Promise<GenerateKeywordsResponse> {
    const project = await this.projects.require(request.project_id, 'project_id');
    const inputs = {
      niche: request.niche || project.niche,
      companyName: request.company_name || project.companyName,
      targetAudience: request.target_audience || project.targetAudience,
      goal: project.goal,
      businessContext: project.businessContext,
    };
    const { value, source } = await this.model.structured(
      { schema: keywordResearchSchema, schemaName: 'keyword_research', prompt: keywordPrompt(inputs), project },
      () => ({ keywords: offlineKeywords(inputs) }),
    );
    const inserted = await this.repo.insertMissing(
      value.keywords
        .map((k) => ({
          projectId: project.id,
          keyword: htmlToPlainText(k.keyword),
          keywordType: k.keyword_type,
          intentType: k.intent_type,
          competitionLevel: k.competition_level,
        }))
        .filter((k) => k.keyword),
    );
    const all = await this.repo.list(project.id);
    const byType = (type: string) => all.filter((k) => k.keywordType === type).length;
    await this.projects.log(project.id, {
      phase: 1,
      step: 'keyword_research',
      status: 'success',
      message: `Keyword research found ${value.keywords.length} keywords (${inserted.length} new)`,
      details: { success_count: inserted.length, generated: value.keywords.length, source },
    });
    await this.projects.advance(project.id, 1, KEYWORDS_PROGRESS);
    return {
      success: true,
      keywords: all.map(toKeywordDto),
      summary: {
        keywords_generated: value.keywords.length,
        keywords_added: inserted.length,
        duplicates_skipped: value.keywords.length - inserted.length,
        total_keywords: all.length,
        primary: byType('primary'),
        long_tail: byType('long-tail'),
        semantic: byType('semantic'),
        source,
      },
    };
  }

  async add(projectId: number, input: KeywordCreate): Promise<SeoKeyword> {
    await this.projects.require(projectId);
    await this.assertFree(projectId, input.keyword, null);
    try {
      const row = await this.repo.insert({
        projectId,
        keyword: input.keyword,
        keywordType: input.keyword_type,
        intentType: input.intent_type,
        competitionLevel: input.competition_level,
      });
      if ((await this.repo.count(projectId)) === 1) await this.projects.advance(projectId, 1, KEYWORDS_PROGRESS);
      return toKeywordDto(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate(input.keyword);
      throw error;
    }
  }

  async update(id: number, changes: KeywordUpdate): Promise<SeoKeyword> {
    const current = await this.repo.find(id);
    if (!current) throw notFound('Keyword not found');
    if (changes.keyword !== undefined) await this.assertFree(current.projectId, changes.keyword, id);
    try {
      const row = await this.repo.update(id, {
        ...(changes.keyword !== undefined ? { keyword: changes.keyword } : {}),
        ...(changes.keyword_type ? { keywordType: changes.keyword_type } : {}),
        ...(changes.intent_type ? { intentType: changes.intent_type } : {}),
        ...(changes.competition_level ? { competitionLevel: changes.competition_level } : {}),
      });
      if (!row) throw notFound('Keyword not found');
      return toKeywordDto(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate(changes.keyword ?? current.keyword);
      throw error;
    }
  }

  async delete(id: number): Promise<{ success: true; id: number }> {
    if (!(await this.repo.delete(id))) throw notFound('Keyword not found');
    return { success: true, id };
  }

  private async assertFree(projectId: number, keyword: string, ownId: number | null): Promise<void> {
    const clash = await this.repo.findByText(projectId, keyword);
    if (clash && clash.id !== ownId) throw duplicate(clash.keyword);
  }
}

function duplicate(keyword: string) {
  return badRequest(
    'keyword',
    `"${keyword}" is already a keyword of this project (keywords are compared ignoring case)`,
  );
}
