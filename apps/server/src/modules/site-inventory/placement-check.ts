import { badRequest } from '../../errors.js';
import type { SiteInventoryRepository } from './site-inventory.repository.js';

/** The WordPress categories and author chosen for a site's posts (ids on that site). */
export interface WordPressPlacement {
  categoryIds: readonly number[];
  authorId: number | null;
}

/** What the request calls the two fields, for the 400 ("category_ids", "options.categoryIds" …). */
export interface PlacementFields {
  categoryIds: string;
  authorId: string;
}

/** Refuses (400 naming the field) a category or author the site does not have; resolves otherwise. */
export type PlacementCheck = (siteId: number, placement: WordPressPlacement, fields: PlacementFields) => Promise<void>;

const syncTime = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Category and author ids are checked against the site's inventory when a configuration, a
 * manual article or a bulk job is saved, not at WordPress later (WordPress silently drops an
 * unknown category id and puts the post in its default category).
 *
 * What the inventory cannot tell is accepted: a site never synced (the forms cannot offer ids
 * for it, so such ids come from the API; refusing them would make saving depend on a sync, and
 * asking WordPress at save time would make it depend on the site being up), and a list the last
 * sync brought back empty (a user who may not list users).
 */
export function placementCheck(
  repo: Pick<SiteInventoryRepository, 'syncOf' | 'categoryIdsAmong' | 'authorIdsAmong'>,
): PlacementCheck {
  return async (siteId, { categoryIds, authorId }, fields) => {
    if (categoryIds.length === 0 && authorId === null) return;
    const syncedAt = (await repo.syncOf(siteId))?.lastSuccessAt;
    if (!syncedAt) return;
    const asOf = `as of its last content sync, ${syncTime(syncedAt)}; if it is new, sync the site's content first`;
    if (categoryIds.length > 0) {
      const { known, total } = await repo.categoryIdsAmong(siteId, categoryIds);
      const unknown = categoryIds.findIndex((id) => !known.includes(id));
      if (total > 0 && unknown >= 0) {
        throw badRequest(
          `${fields.categoryIds}.${unknown}`,
          `category ${categoryIds[unknown]} is not one of the site's ${total} categories (${asOf})`,
        );
      }
    }
    if (authorId !== null) {
      const { known, total } = await repo.authorIdsAmong(siteId, [authorId]);
      if (total > 0 && known.length === 0) {
        throw badRequest(
          fields.authorId,
          `user ${authorId} is not one of the site's ${total} users who may publish (${asOf})`,
        );
      }
    }
  };
}
