import { describe, expect, it } from 'vitest';
import { publicPageProblem, readBackProblem, unpublishedVerdict } from '../../src/modules/publishing/live-check.js';

const page = (html: string, status = 200, url = 'https://blog.example/soil-guide/') => ({
  status,
  url,
  html,
  failure: null,
});

describe('the live check of a public page', () => {
  it('passes a page that shows the title, as WordPress typesets it (curly quotes, dashes, entities)', () => {
    const html =
      '<html><head><title>It&#8217;s &#8220;soil&#8221; &#8211; a guide &#8211; Blog</title></head><body><h1 class="entry-title">It’s “soil” – a guide</h1></body></html>';
    expect(publicPageProblem(page(html), 'It\'s "soil" - a guide')).toBeNull();
    expect(publicPageProblem(page('<h1>Growing &lt;dialog&gt; squash</h1>'), 'Growing <dialog> squash')).toBeNull();
  });

  it('names what is wrong: not found, maintenance, a login wall, a page without the title, nothing answering', () => {
    expect(publicPageProblem(page('', 404), 'Soil')).toBe('its page answers 404 (not found)');
    expect(
      publicPageProblem(
        page('<h1>Briefly unavailable for scheduled maintenance. Check back in a minute.</h1>', 503),
        'Soil',
      ),
    ).toBe('the site shows its maintenance page');
    expect(
      publicPageProblem(
        page('<form id="loginform"></form>', 200, 'https://blog.example/wp-login.php?redirect_to=x'),
        'Soil',
      ),
    ).toBe('its page asks visitors to log in');
    expect(publicPageProblem(page('<h1>Another post</h1>'), 'Soil guide')).toBe(
      "its page does not show the post's title",
    );
    expect(
      publicPageProblem(
        {
          status: 0,
          url: 'https://elsewhere.example/x',
          html: '',
          failure: "the permalink https://elsewhere.example/x is not on the site's address",
        },
        'Soil',
      ),
    ).toBe("its page could not be read: the permalink https://elsewhere.example/x is not on the site's address");
  });

  it('reads the post back: our marker, some content, the featured image', () => {
    const post = {
      id: 7,
      slug: 's',
      status: 'publish',
      link: '',
      content: { raw: '<p>Hello</p>\n<!-- abp:ref:m-1 -->', rendered: '' },
      featured_media: 12,
    };
    expect(readBackProblem(post, { title: 'x', marker: 'm-1', featuredMediaId: 12 })).toBeNull();
    expect(readBackProblem(post, { title: 'x', marker: 'm-2', featuredMediaId: 12 })).toBe(
      'the post on WordPress no longer carries this article (its content was replaced)',
    );
    expect(readBackProblem({ ...post, featured_media: 0 }, { title: 'x', marker: 'm-1', featuredMediaId: 12 })).toBe(
      'the featured image is not set on the post',
    );
    expect(
      readBackProblem(
        { ...post, content: { raw: '<!-- abp:ref:m-1 -->', rendered: '' } },
        { title: 'x', marker: 'm-1', featuredMediaId: null },
      ),
    ).toBe('the post on WordPress has no content');
  });

  it('a post WordPress does not show publicly is scheduled, not public, or not live', () => {
    expect(unpublishedVerdict('future')).toEqual({ state: 'scheduled', reason: null });
    expect(unpublishedVerdict('draft')).toEqual({ state: 'not_public', reason: null });
    expect(unpublishedVerdict('private')).toEqual({ state: 'not_public', reason: null });
    expect(unpublishedVerdict('weird')).toEqual({ state: 'not_live', reason: 'WordPress has the post as "weird"' });
  });
});
