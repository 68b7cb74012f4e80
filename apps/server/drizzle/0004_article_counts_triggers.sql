-- Keeps article_counts exact: one row per (site, status, source type) with its number of articles.
-- Statement-level triggers with transition tables, so a bulk insert of 100,000 rows costs one
-- grouped upsert, not 100,000. Counter rows are touched in key order so concurrent writers on
-- PostgreSQL cannot deadlock on them.
CREATE FUNCTION article_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO article_counts AS c (site_key, status, has_sources, count)
      SELECT coalesce(site_id, 0), status, has_sources, count(*)::int FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (site_key, status, has_sources) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO article_counts AS c (site_key, status, has_sources, count)
      SELECT coalesce(site_id, 0), status, has_sources, -count(*)::int FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (site_key, status, has_sources) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    INSERT INTO article_counts AS c (site_key, status, has_sources, count)
      SELECT k.site_key, k.status, k.has_sources, sum(k.delta)::int
      FROM (
        SELECT coalesce(o.site_id, 0) AS site_key, o.status, o.has_sources, -1 AS delta
          FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (o.site_id, o.status, o.has_sources) IS DISTINCT FROM (n.site_id, n.status, n.has_sources)
        UNION ALL
        SELECT coalesce(n.site_id, 0), n.status, n.has_sources, 1
          FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (o.site_id, o.status, o.has_sources) IS DISTINCT FROM (n.site_id, n.status, n.has_sources)
      ) k
      GROUP BY 1, 2, 3 HAVING sum(k.delta) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (site_key, status, has_sources) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION article_counts_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM article_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER articles_counts_insert AFTER INSERT ON articles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION article_counts_apply();
--> statement-breakpoint
CREATE TRIGGER articles_counts_update AFTER UPDATE ON articles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION article_counts_apply();
--> statement-breakpoint
CREATE TRIGGER articles_counts_delete AFTER DELETE ON articles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION article_counts_apply();
--> statement-breakpoint
CREATE TRIGGER articles_counts_truncate AFTER TRUNCATE ON articles
  FOR EACH STATEMENT EXECUTE FUNCTION article_counts_reset();
--> statement-breakpoint
INSERT INTO article_counts (site_key, status, has_sources, count)
  SELECT coalesce(site_id, 0), status, has_sources, count(*)::int FROM articles GROUP BY 1, 2, 3;
