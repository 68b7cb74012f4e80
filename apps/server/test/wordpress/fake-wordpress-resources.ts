import {
  type ContentApi,
  type ContentInput,
  hasMarker,
  type InventoryApi,
  type InventoryPage,
  type MediaApi,
  type TermsApi,
  WordPressError,
  type WpAuthor,
  type WpMedia,
  type WpPost,
  type WpTerm,
  withMarker,
} from '../../src/integrations/wordpress/index.js';
import { escapeHtmlText } from '../../src/lib/plain-text.js';

/** What the in-memory resources need from the fake site that owns them. */
export interface FakeSiteContext {
  baseUrl: string;
  /** Runs injected failures for an operation name and records the call. */
  enter(operation: string): Promise<{ failAfterApply: WordPressError | null }>;
  requireCapability(capability: string, action: string): void;
  /** One id sequence, as WordPress shares wp_posts between posts, pages and attachments. */
  nextPostId(): number;
  nextTermId(): number;
}

function notFound(what: string, id: number): WordPressError {
  return new WordPressError('not_found', {
    status: 404,
    wpCode: 'rest_post_invalid_id',
    message: `Not found on WordPress: ${what} ${id}.`,
  });
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Applies the operation, then throws an injected "answer lost" error if one was armed. */
async function run<T>(ctx: FakeSiteContext, operation: string, apply: () => T): Promise<T> {
  const { failAfterApply } = await ctx.enter(operation);
  const result = apply();
  if (failAfterApply) throw failAfterApply;
  return structuredClone(result);
}

export function createFakeContentApi(
  ctx: FakeSiteContext,
  type: 'posts' | 'pages',
  store: Map<number, WpPost>,
): ContentApi {
  const singular = type === 'posts' ? 'post' : 'page';
  const find = (predicate: (post: WpPost) => boolean): WpPost | null => {
    for (const post of store.values()) if (post.status !== 'trash' && predicate(post)) return structuredClone(post);
    return null;
  };
  const apply = (post: WpPost, input: Partial<ContentInput>): WpPost => {
    if (input.status === 'publish' || input.status === 'future')
      ctx.requireCapability(`publish_${type}`, `publish ${type}`);
    const { marker, content, title, excerpt, ...rest } = input;
    const rendered = (value: string) => ({ raw: value, rendered: value });
    const next: WpPost = { ...post };
    // Like WordPress, a field left out (or undefined) keeps its stored value.
    for (const [key, value] of Object.entries(rest)) if (value !== undefined) next[key] = value;
    // Stored as the real client sends them: plain text escaped as HTML.
    if (title !== undefined) next.title = rendered(escapeHtmlText(title));
    if (excerpt !== undefined) next.excerpt = rendered(escapeHtmlText(excerpt));
    if (content !== undefined) next.content = rendered(withMarker(content, marker));
    // As WordPress does: every save moves modified_gmt (the inventory's incremental sync reads it).
    next.modified_gmt = new Date().toISOString().slice(0, 19);
    next.date_gmt ??= next.modified_gmt;
    if (input.slug !== undefined) next.slug = slugify(input.slug);
    else if (!next.slug && next.status !== 'draft') next.slug = slugify(next.title?.raw ?? '') || String(post.id);
    return next;
  };
  const existing = (id: number): WpPost => {
    const post = store.get(id);
    if (!post || post.status === 'trash') throw notFound(singular, id);
    return post;
  };

  return {
    create: (input) =>
      run(ctx, `${type}.create`, () => {
        ctx.requireCapability(`edit_${type}`, `create ${type}`);
        const id = ctx.nextPostId();
        const blank: WpPost = { id, type: singular, slug: '', status: 'draft', link: `${ctx.baseUrl}/?p=${id}` };
        const post = apply(blank, { status: 'draft', ...input });
        store.set(id, post);
        return post;
      }),
    update: (id, input) =>
      run(ctx, `${type}.update`, () => {
        const post = apply(existing(id), input);
        store.set(id, post);
        return post;
      }),
    get: (id) => run(ctx, `${type}.get`, () => existing(id)),
    delete: (id, options) =>
      run(ctx, `${type}.delete`, () => {
        const post = existing(id);
        if (options?.force ?? true) store.delete(id);
        else store.set(id, { ...post, status: 'trash' });
      }),
    findBySlug: (slug) => run(ctx, `${type}.findBySlug`, () => find((post) => post.slug === slug.toLowerCase())),
    findByMarker: (marker) =>
      run(ctx, `${type}.findByMarker`, () => find((post) => hasMarker(post.content?.raw, marker))),
  };
}

export function createFakeMediaApi(ctx: FakeSiteContext, store: Map<number, WpMedia>): MediaApi {
  const existing = (id: number): WpMedia => {
    const item = store.get(id);
    if (!item) throw notFound('media', id);
    return item;
  };
  return {
    upload: (file) =>
      run(ctx, 'media.upload', () => {
        ctx.requireCapability('upload_files', 'upload files');
        const id = ctx.nextPostId();
        const item: WpMedia = {
          id,
          slug: slugify(file.filename.replace(/\.[^.]+$/, '')),
          status: 'inherit',
          link: `${ctx.baseUrl}/?attachment_id=${id}`,
          source_url: `${ctx.baseUrl}/wp-content/uploads/${encodeURIComponent(file.filename)}`,
          mime_type: file.mimeType,
          media_type: file.mimeType.startsWith('image/') ? 'image' : 'file',
          alt_text: escapeHtmlText(file.altText ?? ''),
          title: {
            raw: escapeHtmlText(file.title ?? file.filename),
            rendered: escapeHtmlText(file.title ?? file.filename),
          },
        };
        store.set(id, item);
        return item;
      }),
    get: (id) => run(ctx, 'media.get', () => existing(id)),
    findBySlug: (slug) =>
      run(ctx, 'media.findBySlug', () => [...store.values()].find((item) => item.slug === slug) ?? null),
    attach: (id, postId) =>
      run(ctx, 'media.attach', () => {
        const item = { ...existing(id), post: postId };
        store.set(id, item);
        return item;
      }),
    delete: (id) => run(ctx, 'media.delete', () => void (existing(id), store.delete(id))),
  };
}

export function createFakeTermsApi(
  ctx: FakeSiteContext,
  taxonomy: 'categories' | 'tags',
  store: Map<number, WpTerm>,
): TermsApi {
  return {
    list: (options) =>
      run(ctx, `${taxonomy}.list`, () => {
        const all = [...store.values()].filter(
          (t) => !options?.search || t.name.toLowerCase().includes(options.search.toLowerCase()),
        );
        const limit = (options?.maxPages ?? Number.POSITIVE_INFINITY) * (options?.perPage ?? 100);
        return all.slice(0, limit);
      }),
    getOrCreate: (name, options) =>
      run(ctx, `${taxonomy}.getOrCreate`, () => {
        // WordPress answers 400 term_exists for the same name or slug (under the same parent).
        const slug = slugify(name);
        const stored = escapeHtmlText(name);
        for (const term of store.values()) {
          const sameParent = (term.parent ?? 0) === (options?.parent ?? 0);
          if (sameParent && (term.name.toLowerCase() === stored.toLowerCase() || term.slug === slug))
            return { term, created: false };
        }
        ctx.requireCapability('manage_categories', `create ${taxonomy}`);
        const id = ctx.nextTermId();
        const term: WpTerm = {
          id,
          name: stored,
          slug,
          taxonomy: taxonomy === 'tags' ? 'post_tag' : 'category',
          count: 0,
        };
        if (taxonomy === 'categories') term.parent = options?.parent ?? 0;
        store.set(id, term);
        return { term, created: true };
      }),
    delete: (id) =>
      run(ctx, `${taxonomy}.delete`, () => {
        if (!store.delete(id))
          throw new WordPressError('not_found', {
            status: 404,
            wpCode: 'rest_term_invalid',
            message: `Term ${id} does not exist.`,
          });
      }),
  };
}

export function createFakeInventoryApi(
  ctx: FakeSiteContext,
  stores: { posts: Map<number, WpPost>; pages: Map<number, WpPost> },
  authors: () => WpAuthor[],
  terms: { categories: Map<number, WpTerm>; tags: Map<number, WpTerm> },
): InventoryApi {
  return {
    listContent: (type, options) =>
      run(ctx, `inventory.${type}`, () => {
        const perPage = Math.min(100, Math.max(1, options.perPage ?? 100));
        const after = options.modifiedAfter ? Date.parse(options.modifiedAfter) : null;
        const all = [...stores[type].values()]
          .filter(
            (post) => post.status !== 'trash' && (after === null || Date.parse(`${post.modified_gmt ?? ''}Z`) > after),
          )
          .sort((a, b) => a.id - b.id);
        const items = all
          .slice((options.page - 1) * perPage, options.page * perPage)
          .map((post) => (options.idsOnly ? { id: post.id } : post));
        return pageOf(items as WpPost[], all.length, perPage);
      }),
    listTerms: (taxonomy, options) =>
      run(ctx, `inventory.${taxonomy}`, () => {
        const perPage = Math.min(100, Math.max(1, options.perPage ?? 100));
        const all = [...terms[taxonomy].values()].sort((a, b) => a.id - b.id);
        return pageOf(all.slice((options.page - 1) * perPage, options.page * perPage), all.length, perPage);
      }),
    listAuthors: (options) =>
      run(ctx, 'inventory.authors', () => {
        const perPage = Math.min(100, Math.max(1, options.perPage ?? 100));
        const all = authors();
        return pageOf(all.slice((options.page - 1) * perPage, options.page * perPage), all.length, perPage);
      }),
  };
}

function pageOf<T>(items: T[], total: number, perPage: number): InventoryPage<T> {
  return { items, total, totalPages: Math.ceil(total / perPage), bytes: JSON.stringify(items).length };
}
