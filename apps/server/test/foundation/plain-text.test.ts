import { describe, expect, it } from 'vitest';
import { plainText, titleText } from '../../src/integrations/trends/plain-text.js';
import { escapeHtmlText, htmlToPlainText, jsonForScript, toPlainText } from '../../src/lib/plain-text.js';
import { tagPhrases } from '../../src/lib/text/tag-phrases.js';

// Text is text (issue #12): stored decoded, escaped only where it goes.
describe('plain text', () => {
  it('decodes entities until stable, so no encoded tag survives as a hidden one', () => {
    expect(toPlainText('&lt;img src=x onerror=alert(1)&gt; rain gardens')).toBe(
      '<img src=x onerror=alert(1)> rain gardens',
    );
    expect(toPlainText('Chips &amp;amp;amp; Dips')).toBe('Chips & Dips');
    expect(toPlainText('&#x3C;script&#62;')).toBe('<script>');
    expect(toPlainText(' AT&T \u0000 and\u0085 \n\t more&nbsp;text ')).toBe('AT&T and more text');
  });

  it('stops after a bounded number of passes; what is left is still text', () => {
    const deep = `${'&amp;'.repeat(1)}${'amp;'.repeat(40)}lt;`;
    expect(toPlainText(deep).startsWith('&')).toBe(true);
  });

  it('drops the markup of an HTML fragment but keeps what was written as text', () => {
    expect(htmlToPlainText('<p>Rain <b>gardens</b></p><script>alert(1)</script><!-- x -->')).toBe('Rain gardens');
    expect(htmlToPlainText('&lt;b&gt;bold&lt;/b&gt; is text')).toBe('<b>bold</b> is text');
    expect(htmlToPlainText('x < y and y > z')).toBe('x < y and y > z');
  });

  it('escapes for HTML: & < > and both quotes', () => {
    expect(escapeHtmlText(`<img src="x" onerror='alert(1)'> & co`)).toBe(
      '&lt;img src=&quot;x&quot; onerror=&#039;alert(1)&#039;&gt; &amp; co',
    );
  });

  it('writes JSON that can never close a <script> element', () => {
    const json = jsonForScript({ headline: '</script><script>alert(1)</script>', note: 'a\u2028b\u2029c <!-- & -->' });
    expect(json).not.toMatch(/<|>|&|\u2028|\u2029/);
    expect(JSON.parse(json)).toEqual({
      headline: '</script><script>alert(1)</script>',
      note: 'a\u2028b\u2029c <!-- & -->',
    });
  });

  it('feed titles and descriptions, and tag names, come out as plain text', () => {
    expect(titleText('&amp;lt;img src=x onerror=alert(1)&amp;gt; rain gardens')).toBe(
      '<img src=x onerror=alert(1)> rain gardens',
    );
    expect(plainText('<p>Storm &amp; <em>floods</em></p>')).toBe('Storm & floods');
  });

  it('tags are whole phrases: plain text decoded once, lower case, no symbols, at most 5 of up to 5 words and 40 characters', () => {
    expect(tagPhrases(['&lt;script&gt; rain', ' rain  gardens ', 'Rain Gardens'])).toEqual([
      'script rain',
      'rain gardens',
    ]);
    // Issue 18.4's examples: an emoji, an entity decoded once, quotes; a one-letter and a 200-character "phrase".
    expect(
      tagPhrases([
        'compost 🍅 &amp; "quotes"',
        'a',
        'z'.repeat(200),
        '&amp;amp;',
        'C++ & Node.js',
        '2026',
        'one two three four five six',
      ]),
    ).toEqual(['compost & quotes', 'c++ & node.js']);
    expect(tagPhrases(['one', 'two', 'three', 'four', 'five', 'six'])).toEqual(['one', 'two', 'three', 'four', 'five']);
  });
});
