import type { BacklinkProposal, BacklinkProposalList } from '@abp/contracts';
import { conflict, notFound } from '../../errors.js';
import { isWordPressError, type WordPressClient } from '../../integrations/wordpress/index.js';
import { webAddress } from '../../lib/html/web-link.js';
import type { SiteConnections } from '../publishing/site-connections.js';
import type { LiveSiteLinker } from '../site-inventory/live-site-linker.js';
import type { SiteInventoryService } from '../site-inventory/site-inventory.service.js';
import { subjectTerms } from '../site-knowledge/anchors.js';
import { backlinkAnchors, findBacklinkSpot, placeBacklink } from './backlink-placement.js';
import type { BacklinkRow, BacklinksRepository, WaitingProposalFilter } from './backlinks.repository.js';

/** Older posts read per proposal run, and proposals kept per article. */
const CANDIDATES = 10;
/** Orphan posts looked at per "Link orphan posts" run (each reads at most CANDIDATES older posts). */
const ORPHANS_PER_RUN = 10;
const MAX_PROPOSALS = 5;

const toDto = (row: BacklinkRow): BacklinkProposal => ({
  id: row.id,
  article_id: row.articleId,
  site_id: row.siteId,
  target_post_id: row.targetWpId,
  target_title: row.targetTitle,
  target_link: row.targetLink,
  source_post_id: row.sourceWpId,
  source_title: row.sourceTitle,
  source_link: row.sourceLink,
  paragraph_index: row.paragraphIndex,
  paragraph_text: row.paragraphText,
  anchor: row.anchor,
  state: row.state,
  applied_at: row.appliedAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Links from a site's older posts to a new article, which the operator approves one by one.
 * Proposing reads the best-fitting older posts (the site-knowledge index: by subject, not by a
 * phrase of the title) from WordPress and finds in each a paragraph whose own words name the
 * article (stemmed, weighted by the site's IDF). Applying edits that one paragraph
 * of the post through the REST API and keeps the content as it was, so that undo can restore it —
 * unless the post was edited since, which undo would silently throw away.
 */
export class BacklinksService {
  constructor(
    private readonly repo: BacklinksRepository,
    private readonly sites: Pick<SiteConnections, 'getClientForSite'>,
    private readonly linker: Pick<LiveSiteLinker, 'relatedPosts' | 'termWeight'>,
    /** The site's link report (its orphan posts), for links between existing posts. */
    private readonly inventory?: Pick<SiteInventoryService, 'linkReport'>,
  ) {}

  /** The site's proposals between existing posts (Link orphan posts). */
  async listBetweenPosts(siteId: number): Promise<BacklinkProposalList> {
    await this.inventory?.linkReport(siteId); // 404 for a site that does not exist
    return { items: (await this.repo.listBetweenPosts(siteId)).map(toDto), note: null };
  }

  /**
   * Link orphan posts: for each post nothing links to (the link report's, oldest first, at most
   * ORPHANS_PER_RUN), the older posts on its subject (the site-knowledge index) are read from
   * WordPress until one has a paragraph whose own words name it; that link is proposed, to be
   * applied and undone as a backlink is. Bounded: ORPHANS_PER_RUN orphans, CANDIDATES reads each.
   */
  async proposeForOrphans(siteId: number): Promise<BacklinkProposalList> {
    if (!this.inventory) throw conflict('The link report is not available.');
    const report = await this.inventory.linkReport(siteId);
    const done = (note: string | null) =>
      this.repo
        .listBetweenPosts(siteId)
        .then((rows) => ({ items: rows.map(toDto), note: rows.length > 0 ? null : note }));
    if (report.synced_at === null) return done("The site's content has never been synced: sync it first.");
    if (report.orphans.length === 0) return done('Every post of the site has a link from another one.');
    const existing = await this.repo.listBetweenPosts(siteId);
    const client = await this.sites.getClientForSite(siteId);
    const weight = await this.linker.termWeight(siteId);
    const contents = new Map<number, string | null>();
    const read = async (wpId: number) => {
      if (!contents.has(wpId))
        contents.set(
          wpId,
          await client.posts.get(wpId).then(
            (p) => p.content?.raw ?? null,
            () => null,
          ),
        );
      return contents.get(wpId) ?? null;
    };
    for (const orphan of report.orphans.slice(-ORPHANS_PER_RUN)) {
      if (!webAddress(orphan.link) || existing.some((row) => row.targetWpId === orphan.wp_id)) continue;
      const related = await this.linker.relatedPosts(
        siteId,
        { title: orphan.title, keywords: [], ownWpId: orphan.wp_id },
        CANDIDATES,
      );
      const anchors = backlinkAnchors(orphan.title, []);
      const subject = subjectTerms([orphan.title], weight);
      for (const post of related ?? []) {
        const raw = await read(post.wpId);
        if (raw === null) continue;
        const spot = findBacklinkSpot(raw, orphan.link, anchors, subject);
        if (!spot) continue;
        await this.repo.proposeBetweenPosts({
          siteId,
          targetWpId: orphan.wp_id,
          targetTitle: orphan.title,
          targetLink: orphan.link,
          sourceWpId: post.wpId,
          sourceTitle: post.title,
          sourceLink: post.link,
          ...spot,
        });
        break;
      }
    }
    return done('No post of the site on the same subject names an orphan post in a paragraph without a link.');
  }

  /**
   * The proposals still waiting for a decision, across sites (the Review inbox, issue #33): the
   * first `limit` in the order asked, each with the title of the article a backlink points to.
   */
  async waiting(
    filter: WaitingProposalFilter,
    order: 'oldest' | 'newest',
    limit: number,
  ): Promise<Array<BacklinkProposal & { article_title: string | null }>> {
    const rows = await this.repo.listWaiting(filter, order, limit);
    return rows.map((row) => ({ ...toDto(row), article_title: row.articleTitle }));
  }

  /** How many proposals wait for a decision, and since when the oldest does. */
  waitingSummary(filter: WaitingProposalFilter): Promise<{ count: number; oldest: Date | null }> {
    return this.repo.waitingSummary(filter);
  }

  async list(articleId: number): Promise<BacklinkProposalList> {
    const article = await this.repo.findArticle(articleId);
    if (!article) throw notFound('Article not found');
    return { items: (await this.repo.list(articleId)).map(toDto), note: null };
  }

  /** Looks for new proposals (called after the post went live, and on demand). */
  async propose(articleId: number): Promise<BacklinkProposalList> {
    const article = await this.repo.findArticle(articleId);
    if (!article) throw notFound('Article not found');
    const existing = await this.repo.list(articleId);
    const done = (note: string | null) =>
      this.repo.list(articleId).then((rows) => ({ items: rows.map(toDto), note: rows.length > 0 ? null : note }));
    if (article.siteId === null || article.wordpressPostId === null || !article.permalink)
      return done('The article has no WordPress post yet: publish it first.');
    if (!webAddress(article.permalink))
      return done("The article's post has no web address to link to; publish it again.");
    if (article.liveState !== null && article.liveState !== 'live')
      return done('The article is not live on WordPress yet: links are proposed once it is.');
    const related = await this.linker.relatedPosts(
      article.siteId,
      {
        title: article.title,
        keywords: article.keywords,
        ownWpId: article.wordpressPostId,
        articleId,
      },
      CANDIDATES,
    );
    if (related === null) return done("The site's content has never been synced: sync it on the Sites screen first.");
    const client = await this.sites.getClientForSite(article.siteId);
    const anchors = backlinkAnchors(article.title, article.keywords);
    // The article's subject as the index reads it: its title's and keywords' stems, weighted by the site's IDF.
    const subject = subjectTerms([article.title, ...article.keywords], await this.linker.termWeight(article.siteId));
    let count = existing.length;
    for (const post of related) {
      if (count >= MAX_PROPOSALS) break;
      if (existing.some((row) => row.sourceWpId === post.wpId)) continue;
      const raw = await client.posts.get(post.wpId).then(
        (p) => p.content?.raw ?? null,
        () => null,
      );
      if (raw === null) continue; // deleted since the last sync, or unreadable: nothing to propose there
      const spot = findBacklinkSpot(raw, article.permalink, anchors, subject);
      if (!spot) continue;
      await this.repo.propose({
        siteId: article.siteId,
        articleId,
        sourceWpId: post.wpId,
        sourceTitle: post.title,
        sourceLink: post.link,
        ...spot,
      });
      count++;
    }
    return done('No older post of the site uses words of this article in a paragraph without a link.');
  }

  /** Places the approved link in the older post on WordPress. */
  async apply(id: number): Promise<BacklinkProposal> {
    const row = await this.requireProposal(id);
    if (row.state !== 'proposed' && row.state !== 'undone')
      throw conflict(`This link is ${row.state}; only a proposed link can be applied.`);
    const href = await this.targetOf(row);
    const client = await this.sites.getClientForSite(row.siteId);
    const before = await this.readContent(client, row.sourceWpId);
    const after = placeBacklink(before, row, href);
    if (after === null)
      throw conflict(
        `"${row.sourceTitle}" changed since the proposal: the paragraph no longer has "${row.anchor}" without a link (or already links to the article). Propose links again.`,
      );
    const updated = await client.posts.update(row.sourceWpId, { content: after }).catch((error: unknown) => {
      throw conflict(`WordPress refused the change to "${row.sourceTitle}": ${reason(error)}`);
    });
    const applied = updated.content?.raw ?? after;
    if (
      !(await this.repo.transition(id, row.state, {
        state: 'applied',
        previousContent: before,
        appliedContent: applied,
        appliedAt: new Date(),
      }))
    ) {
      throw conflict('This link was changed meanwhile (another tab?): reload the list.');
    }
    return toDto((await this.repo.find(id))!);
  }

  /** Puts the older post back as it was before the link, if nobody has edited it since. */
  async undo(id: number): Promise<BacklinkProposal> {
    const row = await this.requireProposal(id);
    if (row.state !== 'applied' || row.previousContent === null)
      throw conflict(`This link is ${row.state}; only an applied link can be undone.`);
    const client = await this.sites.getClientForSite(row.siteId);
    const current = await this.readContent(client, row.sourceWpId);
    if (current !== row.appliedContent) {
      throw conflict(
        `"${row.sourceTitle}" was edited on WordPress after the link was added; undoing would throw those edits away. Remove the link there by hand.`,
      );
    }
    await client.posts.update(row.sourceWpId, { content: row.previousContent }).catch((error: unknown) => {
      throw conflict(`WordPress refused the change to "${row.sourceTitle}": ${reason(error)}`);
    });
    if (!(await this.repo.transition(id, 'applied', { state: 'undone' })))
      throw conflict('This link was changed meanwhile (another tab?): reload the list.');
    return toDto((await this.repo.find(id))!);
  }

  async dismiss(id: number): Promise<BacklinkProposal> {
    const row = await this.requireProposal(id);
    if (!(await this.repo.transition(id, 'proposed', { state: 'dismissed' })))
      throw conflict(`This link is ${row.state}; only a proposed link can be dismissed.`);
    return toDto((await this.repo.find(id))!);
  }

  /** Where the link goes: the article's post, or (between existing posts) the post proposed. */
  private async targetOf(row: BacklinkRow): Promise<string> {
    if (row.articleId === null) {
      if (!webAddress(row.targetLink)) throw conflict('The post to link to has no web address.');
      return row.targetLink;
    }
    const article = await this.repo.findArticle(row.articleId);
    if (!article?.permalink) throw conflict('The article has no WordPress post any more.');
    if (!webAddress(article.permalink))
      throw conflict("The article's post has no web address to link to; publish it again.");
    return article.permalink;
  }

  private async requireProposal(id: number): Promise<BacklinkRow> {
    const row = await this.repo.find(id);
    if (!row) throw notFound('Link proposal not found');
    return row;
  }

  private async readContent(client: WordPressClient, postId: number): Promise<string> {
    try {
      const post = await client.posts.get(postId);
      return post.content?.raw ?? '';
    } catch (error) {
      if (isWordPressError(error) && error.kind === 'not_found')
        throw conflict('The older post was deleted on WordPress.');
      throw conflict(`WordPress could not be asked for the older post: ${reason(error)}`);
    }
  }
}
