import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../../src/lib/html/index.js';

describe('article HTML sanitiser', () => {
  it('removes scripts, styles, frames and their contents', () => {
    const html = sanitizeArticleHtml(
      '<p>Hi</p><script>alert(1)</script><style>p{}</style><iframe src="https://evil.test"></iframe><noscript>x</noscript>',
    );
    expect(html).toBe('<p>Hi</p>');
  });

  it('removes event handlers and inline styles', () => {
    expect(
      sanitizeArticleHtml(
        '<p onclick="steal()" style="color:red">Text</p><img src="https://a.test/x.png" onerror="x()" alt="A">',
      ),
    ).toBe('<p>Text</p><img src="https://a.test/x.png" alt="A" />');
  });

  it('unwraps javascript:, data:, relative and # links but keeps their text', () => {
    const html = sanitizeArticleHtml(
      '<p><a href="javascript:alert(1)">one</a> <a href="JaVaScRiPt:x">two</a> <a href="data:text/html,x">three</a> <a href="#">four</a> <a href="/local">five</a></p>',
    );
    expect(html).toBe('<p>one two three four five</p>');
  });

  it('an unwrapped link does not break the closing tag of a later good link', () => {
    const html = sanitizeArticleHtml(
      '<p><a href="javascript:x">bad</a> <a href="https://ok.example">good</a> <img src="data:x"> end</p>',
    );
    expect(html).toBe('<p>bad <a href="https://ok.example" rel="noopener">good</a>  end</p>');
  });

  it('keeps web links with a safe rel, and drops images that are not on the web', () => {
    expect(sanitizeArticleHtml('<a href="https://example.org" target="_blank">x</a>')).toBe(
      '<a href="https://example.org" rel="noopener">x</a>',
    );
    expect(sanitizeArticleHtml('<p>a<img src="data:image/png;base64,AAA">b</p>')).toBe('<p>ab</p>');
  });

  it('keeps allowed article markup', () => {
    const allowed =
      '<h2>T</h2><h3>S</h3><h4>s</h4><p><strong>b</strong> <em>i</em></p><ul><li>a</li></ul><ol><li>b</li></ol><blockquote><p>q</p></blockquote><table><thead><tr><th>h</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table>';
    expect(sanitizeArticleHtml(allowed)).toBe(allowed);
  });

  it('demotes h1 to h2 and unknown wrappers to their text', () => {
    expect(sanitizeArticleHtml('<h1>Title</h1><div class="x"><span>text</span></div><h6>small</h6>')).toBe(
      '<h2>Title</h2>text<h4>small</h4>',
    );
  });
});
