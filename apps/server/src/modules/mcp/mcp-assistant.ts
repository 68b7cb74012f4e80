import {
  BUDGET_CONFIRMATION_CODE,
  type GenerationLog,
  type QualityReport,
  type Site,
  type TaskType,
} from '@abp/contracts';
import { SiteUnavailableError } from '../../domain-errors.js';
import { AppError } from '../../errors.js';
import { countWords } from '../../lib/html/html-text.js';
import { sanitizeArticleHtml } from '../../lib/html/sanitize-article-html.js';
import { toPlainText } from '../../lib/plain-text.js';
import type { ArticlePipeline } from '../article-pipeline/article-pipeline.module.js';
import type { ProductionConsumer } from '../article-pipeline/production-runner.js';
import type { GeneratedArticles, ReviewRecords } from '../articles/article-store.js';
import { runQualityGate } from '../quality-gate/quality-gate.js';
import type { SiteKnowledgeService } from '../site-knowledge/site-knowledge.service.js';
import type { SitesService } from '../sites/sites.service.js';
import type { BudgetsService } from '../usage/budgets.service.js';
import type { UsageService } from '../usage/usage.service.js';

/** The origin of the articles an assistant drafts or queues (`agent:<n>` units, origin 'agent'). */
export const AGENT_ORIGIN = 'agent';

/** A failure the assistant reads as it is (an MCP tool error): its message says what to change. */
export class AssistantRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AssistantRefusal';
  }
}

/** The article waits in the inbox, not on WordPress: what every draft answer says. */
const WAITING_TEXT =
  "The article waits in the Review inbox for the operator's decision (review reason 'agent'); it is not on WordPress.";

/** The assistant's drafts wait long enough for a model; an MCP client may give up sooner (README, "MCP server"). */
const DRAFT_DEADLINE_MS = 140_000;
const BACKSTOP_MARGIN_MS = 60_000;

export interface McpAssistantPorts {
  sites: Pick<SitesService, 'list' | 'requireActiveSite'>;
  knowledge: Pick<SiteKnowledgeService, 'search'>;
  usage: Pick<UsageService, 'summary' | 'requireBudgetConfirmed'>;
  budgets: Pick<BudgetsService, 'get' | 'blockFor'>;
  pipeline: Pick<ArticlePipeline, 'runNow' | 'units'>;
  /** The articles module: an assistant's own article is stored waiting; a drafted one is marked waiting. */
  store: GeneratedArticles & ReviewRecords;
  timeZone: string;
}

/**
 * What an AI assistant may do through the MCP server (issue #33 section 6): read sites, what a
 * site has and what it costs, and propose articles. Every article it makes waits in the Review
 * inbox; nothing here publishes, approves, deletes or changes a setting.
 */
/** Drafts one MCP server writes at the same time (each runs within its call, outside the job queue). */
export const MAX_DRAFTS_AT_ONCE = 2;

export class McpAssistant {
  constructor(private readonly ports: McpAssistantPorts) {}

  /** The pipeline consumer of 'agent' units: the stored article is put in the inbox before anything else. */
  consumer(): ProductionConsumer {
    return {
      // The assistant waits for the answer: a failure is reported, not tried again behind its back.
      triesAgain: false,
      stored: async (_unit, articleId) => {
        await this.ports.store.markWaiting(articleId, 'agent');
        return null;
      },
      finished: async () => undefined,
    };
  }

  async listSites(): Promise<{ sites: Array<{ id: number; name: string; url: string; state: string }> }> {
    const sites = await this.ports.sites.list();
    return { sites: sites.map((site) => ({ id: site.id, name: site.name, url: site.url, state: stateOf(site) })) };
  }

  async searchSiteContent(siteId: number, query: string, limit: number) {
    const found = await this.ports.knowledge.search(siteId, { q: query, limit }).catch((error: unknown) => {
      throw siteRefusal(error, siteId);
    });
    return {
      site_id: siteId,
      documents: found.documents,
      results: found.results.map((result) => ({
        kind: result.kind,
        title: result.title,
        link: result.link,
        score: result.score,
        duplicate: result.duplicate,
      })),
    };
  }

  async costs() {
    const [summary, budgets] = await Promise.all([
      this.ports.usage.summary(this.ports.timeZone),
      this.ports.budgets.get(),
    ]);
    return {
      currency: summary.currency,
      month_start: summary.month_start,
      spent_usd: summary.month.cost_usd,
      calls: summary.month.calls,
      by_site: summary.by_site.map((site) => ({
        site_id: site.site_id,
        site_name: site.site_name,
        spent_usd: site.cost_usd,
        calls: site.calls,
      })),
      budgets: budgets.states.map((budget) => ({
        site_id: budget.site_id,
        name: budget.name,
        limit_usd: budget.limit_usd,
        spent_usd: budget.spent_usd,
        left_usd: round2(Math.max(0, budget.limit_usd - budget.spent_usd)),
        state: budget.state,
      })),
    };
  }

  /** Writes an article through the one pipeline with publishing off; it lands in the Review inbox. */
  async draftArticle(input: { siteId: number; topic: string; wordCount: number; taskType: TaskType; persona: string }) {
    // Each draft runs inside its call, outside the job queue's concurrency: a token holder sending many
    // calls at once would otherwise start as many generations.
    if (this.#draftsRunning >= MAX_DRAFTS_AT_ONCE)
      throw new AssistantRefusal(
        `${MAX_DRAFTS_AT_ONCE} drafts are being written already: wait for one to finish, then ask again.`,
      );
    this.#draftsRunning += 1;
    try {
      return await this.#draft(input);
    } finally {
      this.#draftsRunning -= 1;
    }
  }

  #draftsRunning = 0;

  async #draft(input: { siteId: number; topic: string; wordCount: number; taskType: TaskType; persona: string }) {
    await this.activeSite(input.siteId);
    const overBudget = await this.ports.budgets.blockFor(input.siteId);
    if (overBudget) throw new AssistantRefusal(overBudget);
    // An assistant cannot confirm a cost: an article whose estimate would cross a budget is refused.
    await this.ports.usage
      .requireBudgetConfirmed(
        { articles: 1, word_count: input.wordCount, site_id: input.siteId },
        false,
        'This article',
      )
      .catch((error: unknown) => {
        if (!(error instanceof AppError) || error.code !== BUDGET_CONFIRMATION_CODE) throw error;
        const room = error.message.replace(/\s*Confirm to go on.*$/s, '');
        throw new AssistantRefusal(`${room} An assistant cannot confirm a cost over a budget: ask the operator.`);
      });
    const unit = {
      originKey: `${AGENT_ORIGIN}:${await this.ports.pipeline.units.nextRequestNumber()}`,
      brief: {
        siteId: input.siteId,
        topic: input.topic,
        taskType: input.taskType,
        persona: input.persona,
        wordCount: input.wordCount,
        includeImages: true,
        origin: AGENT_ORIGIN,
      } as const,
      // Never published here: only the operator's approval in the Review inbox sends it out.
      policy: { publish: false, onQualityGate: 'refuse' } as const,
    };
    const deadline = AbortSignal.timeout(DRAFT_DEADLINE_MS);
    const end = await this.ports.pipeline.runNow(unit, { deadline }, DRAFT_DEADLINE_MS + BACKSTOP_MARGIN_MS);
    if (end.status === 'finished' && end.end.result === 'skipped') throw new AssistantRefusal(end.end.reason);
    if (end.status !== 'finished' || !end.outcome)
      throw new Error(`The assistant's article ${unit.originKey} did not finish in its request (${end.status})`);
    const outcome = end.outcome;
    if (outcome.stage === 'generation') {
      if (!outcome.generated) throw outcome.error ?? new AssistantRefusal(outcome.decision.message);
      throw new AssistantRefusal(
        `The article could not be written: ${outcome.generated.error ?? outcome.decision.message}`,
      );
    }
    const generated = outcome.generated;
    return {
      article_id: outcome.articleId,
      title: generated?.title ?? input.topic,
      word_count: generated?.wordCount ?? null,
      written_offline: generated?.offline ?? false,
      review_reason: 'agent' as const,
      message: WAITING_TEXT,
    };
  }

  /** A site that can take an article; otherwise the refusal names the field and the site's state. */
  private async activeSite(siteId: number): Promise<{ id: number; name: string }> {
    try {
      return await this.ports.sites.requireActiveSite(siteId);
    } catch (error) {
      throw siteRefusal(error, siteId);
    }
  }

  /** Stores an article the assistant wrote itself (sanitized like every stored article), waiting in the inbox. */
  async queueForReview(input: { siteId: number; title: string; content: string }) {
    const site = await this.activeSite(input.siteId);
    const title = toPlainText(input.title);
    if (!title) throw new AssistantRefusal('title: is empty once markup is taken out');
    const content = sanitizeArticleHtml(input.content);
    const wordCount = countWords(content);
    if (wordCount === 0) throw new AssistantRefusal('content: has no text once unsafe markup is taken out');
    const qualityReport = runQualityGate({ title, content });
    const now = new Date();
    const articleId = await this.ports.store.storeGenerated({
      article: {
        siteId: site.id,
        siteName: site.name,
        title,
        content,
        status: 'draft',
        origin: AGENT_ORIGIN,
        wordCount,
        qualityReport,
        reviewReason: 'agent',
        reviewSince: now,
      },
      log: agentLog(wordCount),
      image: null,
      trendSources: [],
    });
    return {
      article_id: articleId,
      title,
      word_count: wordCount,
      sanitized: content !== input.content,
      quality: summaryOf(qualityReport),
      review_reason: 'agent' as const,
      message: WAITING_TEXT,
    };
  }
}

/** A site that cannot be used, said with the field it came from. */
function siteRefusal(error: unknown, siteId: number): unknown {
  if (!(error instanceof SiteUnavailableError)) return error;
  return new AssistantRefusal(
    error.reason === 'missing' ? `site_id: no site with id ${siteId} exists` : `site_id: ${error.message}`,
  );
}

/** active, inactive (switched off), credentials_rejected (WordPress refuses the login), deleting. */
function stateOf(site: Site): string {
  if (site.deleting) return 'deleting';
  if (!site.is_active) return 'inactive';
  if (site.credentials_rejected) return 'credentials_rejected';
  return 'active';
}

function summaryOf(report: QualityReport) {
  return {
    severity: report.severity,
    message: report.message,
    findings: [...report.issues, ...report.warnings].map((finding) => finding.message),
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The generation log of an article the assistant wrote itself: one step, no model call of ours. */
function agentLog(wordCount: number): GenerationLog {
  return {
    status: 'completed',
    method: 'agent',
    duration: 0,
    contentStats: { wordCount },
    sources: { newsUrls: [], newsUrlsCount: 0, groundingSources: [], groundingSourcesCount: 0 },
    steps: [{ step: 'Written by an assistant (MCP queue_for_review)', status: 'success', duration: 0, error: null }],
    summary: {
      totalSteps: 1,
      successfulSteps: 1,
      failedSteps: 0,
      usedNewsContent: false,
      usedGroundedContent: false,
      hadErrors: false,
    },
    errors: [],
    warnings: [],
  };
}
