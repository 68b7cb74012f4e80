import { describe, expect, it } from 'vitest';
import { mechanicalChanges } from '../../src/modules/refresh/proposals.js';
import { mergeField, spanMapper } from '../../src/modules/refresh/three-way-merge.js';

/** The span "OLD" of base, mapped onto theirs: where it is now, or why it is not carried over. */
function mapOld(base: string, theirs: string) {
  const start = base.indexOf('OLD');
  return spanMapper(base, theirs)(start, start + 3);
}

const far = 'x'.repeat(30);

describe('span mapping of the three-way merge', () => {
  it.each([
    ['unchanged', `a ${far} OLD ${far} b`, `a ${far} OLD ${far} b`, 'kept'],
    ['insertion far before', `a ${far} OLD ${far} b`, `NEW WORDS a ${far} OLD ${far} b`, 'kept'],
    ['insertion far after', `a ${far} OLD ${far} b`, `a ${far} OLD ${far} b MORE`, 'kept'],
    ['insertion inside the span', `a ${far} OLD ${far} b`, `a ${far} OxLD ${far} b`, 'edited'],
    ['insertion right next to the span', `a ${far} OLD ${far} b`, `a ${far} OLD! ${far} b`, 'edited'],
    ['deletion far before', `a lot of words ${far} OLD ${far} b`, `a ${far} OLD ${far} b`, 'kept'],
    ['deletion of the span', `a ${far} OLD ${far} b`, `a ${far}  ${far} b`, 'edited'],
    ['deletion just before the span', `a ${far} big OLD ${far} b`, `a ${far} OLD ${far} b`, 'edited'],
    [
      'moved text: the paragraph holding the span moved (removed + added: dropped, the safe side)',
      `P1 ${far} OLD ${far}\nP2 ${far}`,
      `P2 ${far}\nP1 ${far} OLD ${far}`,
      'edited',
    ],
    [
      'CRLF kept, edit elsewhere',
      `a\r\n${far}\r\nOLD\r\n${far}\r\nb`,
      `a\r\n${far}\r\nOLD\r\n${far}\r\nb and more`,
      'kept',
    ],
    ['CRLF turned into LF around the span', `a\r\n${far}\r\nOLD\r\n${far}`, `a\n${far}\nOLD\n${far}`, 'edited'],
    ['multibyte before the span', `ü 🫖 ${far} OLD ${far} é`, `ü 🫖🫖 added ${far} OLD ${far} é`, 'kept'],
    ['insertion at the very start, span at the start', `OLD ${far}`, `X OLD ${far}`, 'edited'],
    ['insertion at the very end, span at the end', `${far} OLD`, `${far} OLD X`, 'edited'],
  ])('%s', (_name, base, theirs, expected) => {
    const mapped = mapOld(base, theirs);
    if (expected === 'edited') expect(mapped).toEqual({ ok: false, why: 'edited' });
    else {
      expect(mapped.ok).toBe(true);
      if (mapped.ok) expect(theirs.slice(mapped.start, mapped.start + 3)).toBe('OLD');
    }
  });

  it('merges: theirs with the spans replaced, nothing else changed; a touched span is dropped', () => {
    const base = `<!-- wp:p {"a":1} -->\n<p>One ${far} OLD ${far} [code x="1"]</p>\n<p>Two ${far} KEEP ${far}</p>`;
    const theirs = base.replace('Two', 'Two (hand edit)').replace('[code x="1"]', '[code x="2"]');
    const merged = mergeField(base, theirs, [
      { id: 'c1', start: base.indexOf('OLD'), before: 'OLD', after: 'NEW' },
      { id: 'c2', start: base.indexOf('KEEP'), before: 'KEEP', after: 'GONE' },
    ]);
    expect(merged.applied).toEqual(['c1', 'c2']);
    expect(merged.text).toBe(theirs.replace('OLD', 'NEW').replace('KEEP', 'GONE'));

    const touched = theirs.replace('KEEP', 'KEPT');
    const again = mergeField(base, touched, [
      { id: 'c1', start: base.indexOf('OLD'), before: 'OLD', after: 'NEW' },
      { id: 'c2', start: base.indexOf('KEEP'), before: 'KEEP', after: 'GONE' },
    ]);
    expect(again.applied).toEqual(['c1']);
    expect(again.dropped).toEqual([{ id: 'c2', why: 'edited' }]);
    expect(again.text).toBe(touched.replace('OLD', 'NEW'));
  });

  it('a span that is not what the base holds there is never written', () => {
    const merged = mergeField('abc OLD def', 'abc OLD def', [{ id: 'c1', start: 0, before: 'OLD', after: 'NEW' }]);
    expect(merged.applied).toEqual([]);
    expect(merged.text).toBe('abc OLD def');
  });
});

describe('mechanical changes of a proposal', () => {
  const today = new Date(Date.UTC(2026, 10, 28));
  const base = {
    title: 'Kettles',
    link: 'https://blog.test/kettles/',
    today,
    links: new Map(),
    newer: [] as Array<{ wpId: number; title: string; link: string }>,
  };

  it('links at most 2 newer posts on their own words in paragraphs, never headings, never one already linked', () => {
    const content = [
      '<h2>Descaling a kettle at home</h2>',
      '<p>We wrote about descaling a kettle at home before.</p>',
      '<p>The stovetop kettle buying guide helps. <a href="https://blog.test/old/">old</a></p>',
      '<p>A whistling kettle review is here, and the stovetop kettle buying guide again.</p>',
      '<p>Milk frothers explained simply.</p>',
    ].join('\n');
    const changes = mechanicalChanges({
      ...base,
      content,
      newer: [
        { wpId: 2, title: 'Descaling a kettle at home', link: 'https://blog.test/descale/' },
        { wpId: 3, title: 'Stovetop kettle buying guide', link: 'https://blog.test/stovetop/' },
        { wpId: 4, title: 'Milk frothers explained', link: 'https://blog.test/milk/' },
        { wpId: 5, title: 'Old post', link: 'https://blog.test/old/' },
      ],
    });
    expect(changes.map((c) => [c.kind, c.before])).toEqual([
      ['internal_link', 'descaling a kettle at home'],
      ['internal_link', 'stovetop kettle buying'],
    ]);
    // Never in the heading, never in a paragraph with a link already.
    expect(changes[0]!.start).toBe(content.indexOf('descaling a kettle at home'));
    expect(changes[1]!.start).toBe(content.lastIndexOf('stovetop kettle buying'));
    expect(changes[0]!.after).toBe('<a href="https://blog.test/descale/">descaling a kettle at home</a>');
  });

  it('dated labels in title and headings become this year; a body claim and history stay', () => {
    const content =
      '<h2>Top kettles 2025</h2><p>In 2025 prices rose; the brand was founded in 2024.</p><h3>Our 2010 guide</h3>';
    const changes = mechanicalChanges({ ...base, title: 'Best kettles of 2025', content });
    expect(changes.map((c) => [c.field, c.kind, c.start, c.before, c.after])).toEqual([
      ['content', 'year', content.indexOf('2025'), '2025', '2026'],
      ['title', 'year', 'Best kettles of '.length, '2025', '2026'],
    ]);
  });

  it('a dead link is unwrapped keeping its words; a moved one gets its new address; other links stay', () => {
    const checkedAt = new Date(Date.UTC(2026, 10, 1));
    const content =
      '<p>See <a class="x" href="https://old.example/gone">the <em>old</em> review</a>, ' +
      '<a href=\'https://old.example/moved?a=1&amp;b=2\'>the moved one</a> and <a href="/fine">ours</a>.</p>';
    const changes = mechanicalChanges({
      ...base,
      content,
      links: new Map([
        ['https://old.example/gone', { kind: 'dead' as const, why: 'HTTP 404', finalUrl: null, checkedAt }],
        [
          'https://old.example/moved?a=1&b=2',
          { kind: 'moved' as const, why: 'a redirect', finalUrl: 'https://new.example/here?a=1&b=2', checkedAt },
        ],
      ]),
    });
    expect(changes.map((c) => [c.kind, c.before, c.after])).toEqual([
      [
        'dead_link',
        '<a class="x" href="https://old.example/gone">the <em>old</em> review</a>',
        'the <em>old</em> review',
      ],
      ['dead_link', 'https://old.example/moved?a=1&amp;b=2', 'https://new.example/here?a=1&amp;b=2'],
    ]);
    for (const change of changes)
      expect(content.slice(change.start, change.start + change.before.length)).toBe(change.before);
    expect(changes[0]!.reason).toBe(
      'Links to https://old.example/gone, which answered HTTP 404 when checked on 2026-11-01: the link is removed, its words stay.',
    );
  });

  it('a page that now redirects to a front page or a login page is not rewritten there (a soft 404)', () => {
    const checkedAt = new Date(Date.UTC(2026, 10, 1));
    const moved = (finalUrl: string) => ({ kind: 'moved' as const, why: 'a redirect', finalUrl, checkedAt });
    const content =
      '<p><a href="https://a.example/guide">one</a> <a href="https://b.example/tips/">two</a> ' +
      '<a href="https://c.example/">three</a> <a href="http://d.example/post">four</a></p>';
    const changes = mechanicalChanges({
      ...base,
      content,
      links: new Map([
        ['https://a.example/guide', moved('https://a.example/')],
        ['https://b.example/tips/', moved('https://b.example/wp-login.php?redirect_to=x')],
        ['https://c.example/', moved('https://www.c.example/')],
        ['http://d.example/post', moved('https://d.example/post')],
      ]),
    });
    expect(changes.map((c) => [c.before, c.after])).toEqual([
      ['https://c.example/', 'https://www.c.example/'],
      ['http://d.example/post', 'https://d.example/post'],
    ]);
  });
});
