import { describe, expect, it } from 'vitest';
import { backlinkAnchors, findBacklinkSpot, placeBacklink } from '../../src/modules/backlinks/backlink-placement.js';

const TARGET = 'https://garden.example/rain-barrels/';
const anchors = backlinkAnchors('Rain Barrel Maintenance', ['rain barrel']);

describe('where a link to a new article fits in an older post', () => {
  it('prefers the longest anchor, skips headings and paragraphs that already have a link, counts list items as paragraphs', () => {
    const html =
      '<h2>Rain barrel maintenance</h2><p>Intro with a <a href="/x">link</a> and rain barrel.</p><ul><li>Check the rain barrel maintenance log.</li></ul>';
    expect(findBacklinkSpot(html, TARGET, anchors)).toEqual({
      paragraphIndex: 1,
      anchor: 'rain barrel maintenance',
      paragraphText: 'Check the rain barrel maintenance log.',
    });
  });

  it('finds nothing in a post that already links to the article, or whose words are only inside other markup', () => {
    expect(
      findBacklinkSpot(`<p>Our <a href="${TARGET}">guide</a>. A rain barrel helps.</p>`, TARGET, anchors),
    ).toBeNull();
    expect(findBacklinkSpot('<p><code>rain barrel</code> in code is no anchor.</p>', TARGET, anchors)).toBeNull();
    expect(findBacklinkSpot('<p>A rainbarrel is one word.</p>', TARGET, anchors)).toBeNull();
  });

  it('places the link on the same words, keeping the rest byte for byte, and refuses when the paragraph changed', () => {
    const html =
      '<!-- wp:paragraph -->\n<p>Caf&eacute; owners love a Rain Barrel &amp; more.</p>\n<!-- /wp:paragraph -->';
    const spot = findBacklinkSpot(html, TARGET, anchors)!;
    expect(spot).toEqual({
      paragraphIndex: 0,
      anchor: 'Rain Barrel',
      paragraphText: 'Café owners love a Rain Barrel & more.',
    });
    expect(placeBacklink(html, spot, TARGET)).toBe(html.replace('Rain Barrel', `<a href="${TARGET}">Rain Barrel</a>`));
    expect(placeBacklink('<p>Rewritten without the words.</p>', spot, TARGET)).toBeNull();
    // A link placed already (a second click) is not placed twice.
    expect(placeBacklink(placeBacklink(html, spot, TARGET)!, spot, TARGET)).toBeNull();
    // A hostile href is escaped as an attribute value.
    expect(placeBacklink(html, spot, 'https://x.example/?a=1&b="2"')).toContain(
      '<a href="https://x.example/?a=1&amp;b=&quot;2&quot;">Rain Barrel</a>',
    );
  });
});
