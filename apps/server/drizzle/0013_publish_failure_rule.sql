-- One rule for a failed publish (issue #14): the article keeps the status it had and its failure
-- reason says why. Before, scheduled and trend articles whose publish failed for good were marked
-- 'failed' (their content intact); they become the drafts the new rule leaves, so the operator
-- can publish them again, whichever way they came.
UPDATE "articles"
SET "status" = 'draft',
    "failure_reason" = 'Publishing failed: ' || substring("failure_reason" from position(': ' in "failure_reason") + 2)
WHERE "status" = 'failed'
  AND "wordpress_post_id" IS NULL
  AND "content" <> ''
  AND ("failure_reason" LIKE 'Scheduled publishing failed: %' OR "failure_reason" LIKE 'Trend publishing failed: %');
