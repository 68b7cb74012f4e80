import {
  type ConnectionTestResult,
  type PublishPolicySetting,
  SITE_CREDENTIALS_TEXT,
  SITE_TEST_LABELS,
  type Site,
  type SiteDeletePreview,
  type SiteDeleteResponse,
  type SiteDeletionStatus,
  type SiteSaveResponse,
  type siteCreateSchema,
  type siteUpdateSchema,
} from '@abp/contracts';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { SiteCredentialsUnreadableError, SiteUnavailableError } from '../../domain-errors.js';
import { type AppError, badRequest, conflict, notFound } from '../../errors.js';
import {
  createWordPressClient,
  isWordPressError,
  runConnectionTest,
  type SeoFields,
  type WordPressClient,
  type WordPressConfig,
} from '../../integrations/wordpress/index.js';
import type { JobDefinition, JobQueue } from '../../jobs/queue.js';
import { originOf, sameOrigin, secretMayMoveTo } from '../../lib/origin.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { type CascadeDeleteOutcome, cascadeDeleteJob } from './site-deletion.js';
import { toSiteDto } from './site-dto.js';
import { normaliseHome, notHomeNote, sameAddress, sameWordPressNote } from './site-home.js';
import { normaliseSiteUrl, schemeVariants } from './site-url.js';
import type { SiteChanges, SiteRow, SitesRepository } from './sites.repository.js';

type SiteCreate = z.output<typeof siteCreateSchema>;
type SiteUpdate = z.output<typeof siteUpdateSchema>;

export type WordPressClientFactory = (config: WordPressConfig) => WordPressClient;

/**
 * What other modules hear from sites (container.ts passes them; sites imports neither module: the
 * site inventory and publishing depend on sites).
 */
export interface SiteEvents {
  /**
   * A site was added, or its address or credentials changed, and WordPress accepted them: the site
   * inventory starts its first sync, publishing forgets what it knew of the site's SEO plugin.
   */
  onConnected?: (siteId: number) => Promise<void>;
  /** What each enhanced connection test found of the site's SEO plugin (publishing uses it). */
  onSeoFields?: (siteId: number, fields: SeoFields | null) => void;
}

/** Per-use tuning of the client getClientForSite() builds (the connection data comes from the site). */
export type SiteClientOptions = Pick<WordPressConfig, 'timeoutMs' | 'mediaTimeoutMs' | 'retry' | 'onRetry'>;

// Saving must not hang on a dead site: one quick try, and the operator gets a warning instead.
const SAVE_DISCOVERY: SiteClientOptions = { timeoutMs: 10_000, retry: { maxAttempts: 1 } };

/** A stored REST root on the site's own origin; one on another (stored by an older version) is found again. */
function usableRestRoot(site: SiteRow): string | null {
  return site.restRoot && sameOrigin(site.restRoot, site.url) ? site.restRoot : null;
}

/** Sites: CRUD with the rules of the spec, the connection test, and WordPress clients for other modules. */
export class SitesService {
  /** Builds the WordPress client for a site; tests of other modules may swap in a FakeWordPress. */
  clientFactory: WordPressClientFactory = createWordPressClient;
  constructor(
    private readonly repo: SitesRepository,
    private readonly secretBox: SecretBox,
    private readonly queue: JobQueue,
    private readonly events: SiteEvents = {},
  ) {}

  async list(): Promise<Site[]> {
    return (await this.repo.list()).map(toSiteDto);
  }

  async get(id: number): Promise<Site> {
    return toSiteDto(await this.findOrThrow(id));
  }

  async create(input: SiteCreate): Promise<SiteSaveResponse> {
    const url = normaliseSiteUrl(input.url);
    await this.assertUrlFree(url, null);
    let row: SiteRow;
    try {
      row = await this.repo.insert({
        name: input.name,
        url,
        username: input.username,
        passwordSealed: this.secretBox.encrypt(input.password.trim()),
        isActive: input.is_active,
        contentPersona: input.content_persona,
        ...policyColumns(input.publish_policy, input.send_held_as_draft),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw this.duplicateUrl(url, null);
      throw error;
    }
    return this.discoverAfterSave(row, input.password.trim());
  }

  async update(id: number, input: SiteUpdate): Promise<SiteSaveResponse> {
    const current = await this.findOrThrow(id);
    this.assertNotDeleting(current);
    const url = normaliseSiteUrl(input.url);
    const urlChanged = url !== current.url;
    const newPassword = input.password?.trim() ?? '';
    // The stored password was entered for the old address; another host (or port) must not get it
    // unasked. The https upgrade of the same host keeps it: the operator typed the new address.
    if (!newPassword && !secretMayMoveTo(current.url, url)) {
      throw badRequest(
        'body.password',
        `Enter the application password again: the site's address changed (${originOf(current.url)} → ${originOf(url)}), ` +
          'and the stored one is only sent to the address it was entered for.',
      );
    }
    if (urlChanged) await this.assertUrlFree(url, id);
    const changes: SiteChanges = {
      name: input.name,
      url,
      username: input.username,
      ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
      ...(input.content_persona !== undefined ? { contentPersona: input.content_persona } : {}),
      ...policyColumns(input.publish_policy, input.send_held_as_draft),
      // A blank password keeps the stored one (spec: the dialog leaves it empty on edit).
      ...(newPassword ? { passwordSealed: this.secretBox.encrypt(newPassword) } : {}),
      // Another address is another site as far as WordPress is concerned: forget what we knew.
      ...(urlChanged
        ? { restRoot: null, wpHome: null, healthScore: null, healthCheckedAt: null, healthDetails: null }
        : {}),
    };
    let row: SiteRow | null;
    try {
      row = await this.repo.update(id, changes);
    } catch (error) {
      if (isUniqueViolation(error)) throw this.duplicateUrl(url, null);
      throw error;
    }
    if (!row) throw notFound('Site not found');
    // Nothing WordPress would see differently: no need to ask it again.
    // A site whose credentials were rejected is asked again: an accepted save clears the state.
    if (row.restRoot && !newPassword && row.username === current.username && !row.credentialsRejectedAt)
      return { ...toSiteDto(row), warning: null };
    return this.discoverAfterSave(row, newPassword || this.unseal(row));
  }

  /** Plain delete keeps the articles; cascade deletes them too, in a durable background job. */
  /** What "Delete All" would remove: the site's articles, and how many have a WordPress post. */
  async deletePreview(id: number): Promise<SiteDeletePreview> {
    await this.findOrThrow(id);
    const counts = await this.repo.articleCounts(id);
    return { articles: counts.articles, wordpress_posts: counts.posts };
  }

  /** How a "Delete All" went (its job's outcome); 404 for a job that is not a site deletion. */
  async deletionStatus(jobId: string): Promise<SiteDeletionStatus> {
    const entry = await this.queue.entry('siteCascadeDelete', jobId).catch(() => null);
    if (!entry) throw notFound('Site deletion not found');
    if (entry.state === 'failed' || entry.state === 'cancelled')
      return { state: 'failed', articles_deleted: 0, posts_trashed: 0, trash_failures: [] };
    if (entry.state !== 'completed')
      return { state: 'running', articles_deleted: 0, posts_trashed: 0, trash_failures: [] };
    const outcome = (entry.output ?? {}) as Partial<CascadeDeleteOutcome>;
    return {
      state: 'done',
      articles_deleted: outcome.articlesDeleted ?? 0,
      posts_trashed: outcome.postsTrashed ?? 0,
      trash_failures: outcome.trashFailures ?? [],
    };
  }

  async delete(id: number, cascade: boolean, trashPosts = false): Promise<SiteDeleteResponse> {
    const site = await this.findOrThrow(id);
    if (!cascade) {
      // Detaching the articles now would save the ones the running cascade has not deleted yet.
      this.assertNotDeleting(site);
      if (!(await this.repo.deleteKeepingArticles(id, site.name))) throw notFound('Site not found');
      return { success: true };
    }
    // Queued first, so a failure to queue leaves the site as it was; then switched off, so nothing
    // new is generated or published for it while the job runs.
    const jobId = await this.queue.send('siteCascadeDelete', { siteId: id, trashPosts });
    await this.repo.markDeleting(id, new Date());
    return { status: 'processing', job_id: jobId };
  }

  /** The durable job behind DELETE ?cascade=true. */
  cascadeDeleteJob(): JobDefinition<'siteCascadeDelete'> {
    return cascadeDeleteJob(this.repo, (siteId) => this.getClientForSite(siteId));
  }

  async testConnection(id: number, enhanced: boolean): Promise<ConnectionTestResult> {
    const site = await this.findOrThrow(id);
    this.assertNotDeleting(site);
    const client = this.clientFactory(this.clientConfig(site, {}));
    const result = await runConnectionTest(client, { enhanced });
    await this.noteAuthentication(site, result.tests.authentication);
    // Nothing found (not signed in, or the question failed): publishing asks again itself.
    if (enhanced) this.events.onSeoFields?.(id, result.seo);
    const home = normaliseHome(result.home);
    if (result.restRoot && (result.restRoot !== site.restRoot || (home && home !== site.wpHome)))
      await this.repo.setRestRoot(id, result.restRoot, home ?? undefined);
    return {
      success: result.success,
      success_rate: result.success_rate,
      tests: result.tests,
      recommendations: result.recommendations,
      mode: enhanced ? 'enhanced' : 'basic',
      rest_root: result.restRoot,
      seo: result.seo && {
        plugin: result.seo.plugin,
        description_field: result.seo.descriptionField,
        keyword_field: result.seo.keywordField,
        summary: result.seo.summary,
      },
    };
  }

  /**
   * A ready WordPress client for a site: the password unsealed, the stored REST root reused (and
   * discovered and stored when still unknown). For publishing use requireActiveSite() first.
   */
  async getClientForSite(siteId: number, options: SiteClientOptions = {}): Promise<WordPressClient> {
    const site = await this.findOrThrow(siteId);
    const client = this.watchCredentials(site, this.clientFactory(this.clientConfig(site, options)));
    if (!usableRestRoot(site)) {
      const found = await client.discover();
      await this.repo.setRestRoot(site.id, found.restRoot);
    }
    return client;
  }

  /** The site, if it exists, is switched on and is not being deleted; else a clear 404/409. */
  async requireActiveSite(siteId: number): Promise<SiteRow> {
    const site = await this.findOrThrow(siteId);
    this.assertNotDeleting(site);
    if (!site.isActive) {
      throw new SiteUnavailableError(
        site.id,
        'inactive',
        `The site "${site.name}" is inactive. Switch it on in WordPress Sites first.`,
      );
    }
    if (site.credentialsRejectedAt)
      throw new SiteUnavailableError(site.id, 'credentials_rejected', SITE_CREDENTIALS_TEXT.refused(site.name));
    return site;
  }

  async findOrThrow(id: number): Promise<SiteRow> {
    const site = await this.repo.find(id);
    if (!site) throw new SiteUnavailableError(id, 'missing', 'Site not found');
    return site;
  }

  clientConfig(site: SiteRow, options: SiteClientOptions): WordPressConfig {
    const restRoot = usableRestRoot(site);
    return {
      baseUrl: site.url,
      username: site.username,
      applicationPassword: this.unseal(site),
      ...(restRoot ? { restRoot } : {}),
      ...options,
    };
  }

  assertNotDeleting(site: SiteRow): void {
    if (site.deletingSince)
      throw new SiteUnavailableError(site.id, 'deleting', `The site "${site.name}" is being deleted.`);
  }

  /**
   * Every client handed to another module (publishing, the inventory sync, backlinks, the SEO
   * suite) reports WordPress' rejection of the credentials here: the site gets its lasting state,
   * whoever met the 401 (issue #37 point 3). Methods are wrapped as they are read; only a promise's
   * rejection is looked at, and it is passed on unchanged.
   */
  private watchCredentials(site: SiteRow, client: WordPressClient): WordPressClient {
    const noted = async (error: unknown) => {
      if (isWordPressError(error) && error.kind === 'bad_credentials')
        await this.repo.markCredentialsRejected(site.id, error.message, site.passwordSealed).catch(() => undefined);
    };
    // The client's API groups (posts, media, terms, …) are objects of methods: watched as deep as they go.
    const watch = <T extends object>(target: T): T =>
      new Proxy(target, {
        get(inner, property, receiver) {
          const value: unknown = Reflect.get(inner, property, receiver);
          if (typeof value === 'object' && value !== null && !(value instanceof Promise)) return watch(value);
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            const out: unknown = (value as (...a: unknown[]) => unknown).apply(inner, args);
            if (!(out instanceof Promise)) return out;
            return out.catch(async (error: unknown) => {
              await noted(error);
              throw error;
            });
          };
        },
      });
    return watch(client);
  }

  /** The connection test's authentication check: an acceptance clears the state, a rejection sets it. */
  private async noteAuthentication(
    site: SiteRow,
    check: { success: boolean; error: string | null; details: Record<string, unknown> } | undefined,
  ): Promise<void> {
    if (!check || check.details.skipped) return;
    if (check.success) await this.repo.clearCredentialsRejected(site.id, site.passwordSealed);
    else if (check.details.kind === 'bad_credentials')
      await this.repo.markCredentialsRejected(
        site.id,
        check.error ?? 'WordPress rejected the credentials',
        site.passwordSealed,
      );
  }

  private unseal(site: SiteRow): string {
    try {
      return this.secretBox.decrypt(site.passwordSealed);
    } catch {
      throw new SiteCredentialsUnreadableError(site.id, site.name);
    }
  }

  private async assertUrlFree(url: string, ownId: number | null): Promise<void> {
    const clash = (await this.repo.findByUrls(schemeVariants(url))).find((s) => s.id !== ownId);
    if (clash) throw this.duplicateUrl(clash.url, clash.name);
  }

  private duplicateUrl(url: string, name: string | null): AppError {
    const owner = name ? ` ("${name}")` : '';
    return conflict(`A site with the URL ${url} already exists${owner}. Each WordPress site can be added once.`, [
      { field: 'url', message: 'already used by another site' },
    ]);
  }

  /**
   * After a save: find the REST root and prove the credentials on users/me (the first steps of the
   * connection test), so a wrong application password is said at once, not at the first publish.
   * Saving itself never fails because WordPress is down or refuses: the warning says what was found.
   */
  private async discoverAfterSave(row: SiteRow, password: string): Promise<SiteSaveResponse> {
    const client = this.clientFactory({
      baseUrl: row.url,
      username: row.username,
      applicationPassword: password,
      ...SAVE_DISCOVERY,
    });
    let found: Awaited<ReturnType<WordPressClient['discover']>>;
    try {
      found = await client.discover();
    } catch (error) {
      if (!isWordPressError(error)) throw error;
      return {
        ...toSiteDto(row),
        warning: `Saved, but the WordPress REST API was not reached: ${error.message} Run ${SITE_TEST_LABELS.enhanced} to see why.`,
      };
    }
    const home = normaliseHome(found.home);
    await this.repo.setRestRoot(row.id, found.restRoot, home);
    const homeNotes = await this.homeNotes(row, home, found.canonicalUrl);
    try {
      await client.getCurrentUser();
    } catch (error) {
      if (!isWordPressError(error)) throw error;
      let state = row;
      if (error.kind === 'bad_credentials') {
        await this.repo.markCredentialsRejected(row.id, error.message, row.passwordSealed);
        state = (await this.repo.find(row.id)) ?? row;
      }
      return {
        ...toSiteDto({ ...state, restRoot: found.restRoot }),
        warning: joinNotes([`Saved, but WordPress refused the credentials: ${error.message}`, ...homeNotes]),
      };
    }
    if (row.credentialsRejectedAt) await this.repo.clearCredentialsRejected(row.id, row.passwordSealed);
    const accepted = toSiteDto({
      ...row,
      restRoot: found.restRoot,
      credentialsRejectedAt: null,
      credentialsRejectedReason: null,
    });
    // Reached and accepted: what the site already has is read now (a failure there is the sync's, not the save's).
    await this.events.onConnected?.(row.id).catch(() => undefined);
    const redirect = found.canonicalUrl
      ? `The site redirects to ${found.canonicalUrl}: consider saving that address instead.`
      : null;
    return { ...accepted, warning: joinNotes([redirect, ...homeNotes]) };
  }

  /**
   * Compares the home WordPress names with the saved address and the sites already connected:
   * http://localhost:8911 and http://127.0.0.1:8911/blog are both the WordPress at its home.
   */
  private async homeNotes(
    row: SiteRow,
    home: string | null,
    redirectedTo: string | null,
  ): Promise<Array<string | null>> {
    if (!home) return [];
    const others = await this.repo.sameWordPress(schemeVariants(home), row.id);
    // A redirect to the home already names the address to save.
    const redirected = normaliseHome(redirectedTo);
    const redirectSaysIt = redirected !== null && sameAddress(redirected, home);
    return [redirectSaysIt ? null : notHomeNote(row.url, home), sameWordPressNote(others)];
  }
}

function joinNotes(notes: Array<string | null>): string | null {
  const present = notes.filter((note): note is string => !!note);
  return present.length > 0 ? present.join(' ') : null;
}

/** The site's publishing policy (issue #33) as columns; what a request leaves out stays as stored. */
function policyColumns(
  policy: PublishPolicySetting | undefined,
  sendHeldAsDraft: boolean | undefined,
): Partial<Pick<SiteRow, 'publishPolicy' | 'publishDelayHours' | 'sendHeldAsDraft'>> {
  return {
    ...(policy
      ? {
          publishPolicy: policy.mode,
          publishDelayHours: policy.mode === 'delay' ? (policy.delay_hours ?? null) : null,
        }
      : {}),
    ...(sendHeldAsDraft !== undefined ? { sendHeldAsDraft } : {}),
  };
}
