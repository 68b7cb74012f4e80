#!/usr/bin/env bash
# wordpress-test-site.sh - start the two real WordPress sites the WordPress client tests need:
#   8881  normal site, pretty permalinks (/wp-json/ works)
#   8882  the same WordPress with *plain* permalinks (no /wp-json/, only ?rest_route=)
# Usage:  eval "$(bash scripts/wordpress-test-site.sh)"   then run vitest.
# stdout carries only six `export` lines; progress goes to stderr.
# Ports can be changed with WP_TEST_PORT / WP_TEST_PLAIN_PORT.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
START="$HERE/start-wordpress.sh"
PORT="${WP_TEST_PORT:-8881}"
PLAIN_PORT="${WP_TEST_PLAIN_PORT:-8882}"

log() { printf '[wp-test-site] %s\n' "$*" >&2; }
die() { printf '[wp-test-site] ERROR: %s\n' "$*" >&2; exit 1; }

start_site() { # port -> start-wordpress.sh's three KEY=VALUE lines
  WP_PORT="$1" bash "$START" start
}

value() { # KEY text -> value
  sed -n "s/^$1=//p" <<<"$2" | tail -n 1
}

normal_out="$(start_site "$PORT")" || die "starting the site on port $PORT failed"
plain_out="$(start_site "$PLAIN_PORT")" || die "starting the site on port $PLAIN_PORT failed"

# start-wordpress.sh always (re)sets pretty permalinks, so switch 8882 back to plain here.
# Done in SQL with the site's own DB user; deleting rewrite_rules makes WordPress rebuild them
# (as none) on the next request.
CRED="/tmp/wordpress-local/state/${PLAIN_PORT}/credentials.env"
[[ -f "$CRED" ]] || die "missing $CRED"
db_value() { sed -n "s/^$1=//p" "$CRED" | tail -n 1; }
MYSQL_BIN="$(command -v mariadb || command -v mysql || true)"
[[ -n "$MYSQL_BIN" ]] || die "no mariadb/mysql client (apt-get install default-mysql-client)"
MYSQL_PWD="$(db_value WP_DB_PASSWORD)" "$MYSQL_BIN" --protocol=tcp \
  -h "$(db_value WP_DB_HOST)" -P "$(db_value WP_DB_PORT)" -u "$(db_value WP_DB_USER)" \
  "$(db_value WP_DB_NAME)" --batch -e \
  "UPDATE wp_options SET option_value='' WHERE option_name='permalink_structure';
   DELETE FROM wp_options WHERE option_name='rewrite_rules';" \
  || die "could not switch port $PLAIN_PORT to plain permalinks"

# What earlier test runs left on the sites (an aborted run never deletes its posts) would be read by
# this run's whole-site judgements: a leftover post about the same subject is a fitting link, a
# near-duplicate, a category vote. Each run starts from WordPress's own install content (the first
# post, the sample and privacy pages, Uncategorized); media files stay on disk, unreferenced.
# One test run at a time per machine: this clears what a run beside it would be using.
# WP_TEST_KEEP_CONTENT=1 skips it.
clear_left_content() { # port
  local cred="/tmp/wordpress-local/state/$1/credentials.env"
  cred_value() { sed -n "s/^$1=//p" "$cred" | tail -n 1; }
  MYSQL_PWD="$(cred_value WP_DB_PASSWORD)" "$MYSQL_BIN" --protocol=tcp \
    -h "$(cred_value WP_DB_HOST)" -P "$(cred_value WP_DB_PORT)" -u "$(cred_value WP_DB_USER)" \
    "$(cred_value WP_DB_NAME)" --batch -e \
    "DELETE FROM wp_posts WHERE ID > 3 AND post_type IN ('post','page','attachment','revision');
     DELETE FROM wp_postmeta WHERE post_id NOT IN (SELECT ID FROM wp_posts);
     DELETE FROM wp_comments WHERE comment_post_ID NOT IN (SELECT ID FROM wp_posts);
     DELETE FROM wp_commentmeta WHERE comment_id NOT IN (SELECT comment_ID FROM wp_comments);
     DELETE FROM wp_term_taxonomy WHERE taxonomy IN ('category','post_tag') AND term_id <> 1;
     DELETE FROM wp_term_relationships WHERE term_taxonomy_id NOT IN (SELECT term_taxonomy_id FROM wp_term_taxonomy)
       OR object_id NOT IN (SELECT ID FROM wp_posts);
     DELETE FROM wp_terms WHERE term_id NOT IN (SELECT term_id FROM wp_term_taxonomy);
     DELETE FROM wp_termmeta WHERE term_id NOT IN (SELECT term_id FROM wp_terms);
     UPDATE wp_term_taxonomy tt SET count = (SELECT COUNT(*) FROM wp_term_relationships tr
       JOIN wp_posts p ON p.ID = tr.object_id AND p.post_status = 'publish'
       WHERE tr.term_taxonomy_id = tt.term_taxonomy_id) WHERE tt.taxonomy = 'category';" \
    || die "could not clear what earlier runs left on port $1"
}
if [[ "${WP_TEST_KEEP_CONTENT:-}" != 1 ]]; then
  clear_left_content "$PORT"
  clear_left_content "$PLAIN_PORT"
  log "ports $PORT and $PLAIN_PORT: content left by earlier runs cleared (WP_TEST_KEEP_CONTENT=1 keeps it)"
fi

PLAIN_URL="$(value WP_URL "$plain_out")"
# Prove the switch: /wp-json/ must no longer be the REST index, ?rest_route=/ must be.
wp_json="$(curl -s --max-time 15 "$PLAIN_URL/wp-json/" || true)"
if grep -q '"namespaces"' <<<"$wp_json"; then
  die "$PLAIN_URL/wp-json/ still serves the REST API after switching to plain permalinks"
fi
rest_route="$(curl -s --max-time 15 "$PLAIN_URL/?rest_route=/" || true)"
grep -q '"namespaces"' <<<"$rest_route" || die "$PLAIN_URL/?rest_route=/ does not serve the REST API"
log "port $PLAIN_PORT: plain permalinks, /wp-json/ not served, ?rest_route=/ works"

printf 'export WP_URL=%q\nexport WP_USER=%q\nexport WP_APP_PASSWORD=%q\n' \
  "$(value WP_URL "$normal_out")" "$(value WP_USER "$normal_out")" "$(value WP_APP_PASSWORD "$normal_out")"
printf 'export WP_PLAIN_URL=%q\nexport WP_PLAIN_USER=%q\nexport WP_PLAIN_APP_PASSWORD=%q\n' \
  "$PLAIN_URL" "$(value WP_USER "$plain_out")" "$(value WP_APP_PASSWORD "$plain_out")"
