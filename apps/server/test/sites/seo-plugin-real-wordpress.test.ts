import type { ConnectionTestResult } from '@abp/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertArticle } from '../articles/article-fixtures.js';
import { publish } from '../articles/publish-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, realClient, runId } from '../wordpress/real-site.js';
import { wordpressSql } from '../wordpress/wordpress-database.js';

/*
 * The SEO plugin's fields on the real WordPress: scripts/start-wordpress.sh installs a must-use
 * plugin that gives the site Yoast's REST namespace ('namespace') and also registers Yoast's meta
 * fields for REST ('rest-fields'), switched by the site's option abp_test_seo_plugin.
 */
describeRealSite(
  'plain',
  'the SEO plugin: detected by the connection test, its fields filled when writable (real WordPress)',
  (site) => {
    let t: TestApp;
    let cookie: string;
    let siteId: number;
    const postIds: number[] = [];
    const setMode = (mode: string | null) =>
      wordpressSql(
        site,
        mode === null
          ? "DELETE FROM wp_options WHERE option_name = 'abp_test_seo_plugin'"
          : `INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('abp_test_seo_plugin', '${mode}', 'yes') ON DUPLICATE KEY UPDATE option_value = '${mode}'`,
      );
    const enhancedTest = async () => {
      const response = await t.request({
        method: 'POST',
        url: `/api/sites/${siteId}/test-connection?enhanced=true`,
        cookie,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ConnectionTestResult>();
    };
    const postAsStored = async (id: number) => {
      const auth = `Basic ${Buffer.from(`${site.user}:${site.password}`).toString('base64')}`;
      const response = await fetch(`${site.url}/?rest_route=/wp/v2/posts/${id}&context=edit`, {
        headers: { Authorization: auth },
      });
      return (await response.json()) as { meta?: Record<string, unknown>; excerpt: { raw: string } };
    };

    beforeAll(async () => {
      await setMode(null);
      t = await createTestApp();
      cookie = await t.login();
      const created = await t.request({
        method: 'POST',
        url: '/api/sites',
        cookie,
        payload: { name: `SEO ${runId}`, url: site.url, username: site.user, password: site.password },
      });
      siteId = created.json<{ id: number }>().id;
    });
    afterAll(async () => {
      await setMode(null);
      const client = realClient(site);
      for (const id of postIds) await client.posts.delete(id).catch(() => undefined);
      await t?.close();
    });

    it('reports no plugin, a plugin whose fields are not writable over REST, and one whose fields are', async () => {
      expect((await enhancedTest()).seo).toEqual({
        plugin: null,
        description_field: null,
        keyword_field: null,
        summary: 'No SEO plugin detected: the excerpt will carry the meta description.',
      });
      await setMode('namespace');
      expect((await enhancedTest()).seo).toEqual({
        plugin: 'Yoast SEO',
        description_field: null,
        keyword_field: null,
        summary: 'Yoast SEO detected; meta description is not writable over REST — the excerpt will carry it.',
      });
      await setMode('rest-fields');
      expect((await enhancedTest()).seo).toEqual({
        plugin: 'Yoast SEO',
        description_field: '_yoast_wpseo_metadesc',
        keyword_field: '_yoast_wpseo_focuskw',
        summary: 'Yoast SEO detected: the meta description and the focus keyword are written to its fields over REST.',
      });
      // The basic test does not ask.
      const basic = await t.request({ method: 'POST', url: `/api/sites/${siteId}/test-connection`, cookie });
      expect(basic.json<ConnectionTestResult>().seo).toBeNull();
    }, 90_000);

    it("publishing fills the plugin's meta description and focus keyword when they are writable, and the excerpt too", async () => {
      await setMode('rest-fields');
      const article = await insertArticle(t, {
        siteId,
        title: `Pond liners compared ${runId}`,
        metaDescription: 'Pond liners compared: <EPDM> & PVC, what lasts.',
        keywords: ['pond liners', 'EPDM liner'],
        status: 'published',
      });
      const published = await publish(t, cookie, article.id, { site_id: siteId });
      expect(published.statusCode, published.body).toBe(200);
      const postId = published.json<{ wordpress_post_id: number }>().wordpress_post_id;
      postIds.push(postId);
      const stored = await postAsStored(postId);
      expect(stored.meta).toMatchObject({
        _yoast_wpseo_metadesc: 'Pond liners compared: <EPDM> & PVC, what lasts.',
        _yoast_wpseo_focuskw: 'pond liners',
      });
      expect(stored.excerpt.raw).toBe('Pond liners compared: &lt;EPDM&gt; &amp; PVC, what lasts.');
    }, 90_000);

    it('an enhanced connection test renews what publishing knows of the plugin: the next article gets its fields at once', async () => {
      // An app of its own, so that publishing's answer is the one this test gives it.
      await setMode(null);
      const own = await createTestApp();
      try {
        const ownCookie = await own.login();
        const created = await own.request({
          method: 'POST',
          url: '/api/sites',
          cookie: ownCookie,
          payload: { name: `SEO renew ${runId}`, url: site.url, username: site.user, password: site.password },
        });
        const ownSite = created.json<{ id: number }>().id;
        const publishNew = async (title: string) => {
          const article = await insertArticle(own, {
            siteId: ownSite,
            title,
            metaDescription: `${title}: what lasts.`,
            keywords: [title.toLowerCase()],
            status: 'published',
          });
          const published = await publish(own, ownCookie, article.id, { site_id: ownSite });
          expect(published.statusCode, published.body).toBe(200);
          const postId = published.json<{ wordpress_post_id: number }>().wordpress_post_id;
          postIds.push(postId);
          return postAsStored(postId);
        };
        // Published without a plugin: publishing has asked, and keeps that answer for an hour.
        expect((await publishNew(`Gravel paths ${runId}`)).meta?._yoast_wpseo_metadesc).toBeUndefined();

        // The plugin is switched on, and the operator runs the enhanced test: it says the fields are writable…
        await setMode('rest-fields');
        const tested = await own.request({
          method: 'POST',
          url: `/api/sites/${ownSite}/test-connection?enhanced=true`,
          cookie: ownCookie,
        });
        expect(tested.json<ConnectionTestResult>().seo?.description_field).toBe('_yoast_wpseo_metadesc');
        // …and the very next article fills them.
        expect((await publishNew(`Brick edging ${runId}`)).meta).toMatchObject({
          _yoast_wpseo_metadesc: `Brick edging ${runId}: what lasts.`,
          _yoast_wpseo_focuskw: `brick edging ${runId}`,
        });
      } finally {
        await own.close();
      }
    }, 120_000);
  },
);
