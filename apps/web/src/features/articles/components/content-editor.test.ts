import { describe, expect, it } from 'vitest';
import { linkHtml } from './content-editor';

describe('linkHtml', () => {
  it('escapes the text and the address', () => {
    expect(linkHtml(' https://a.example/?q="x"&y=<1> ', 'Soil <guide> & more')).toBe(
      '<a href="https://a.example/?q=&quot;x&quot;&amp;y=&lt;1&gt;">Soil &lt;guide&gt; &amp; more</a>',
    );
  });

  it('uses the address as text when none is given', () => {
    expect(linkHtml('https://a.example', '  ')).toBe('<a href="https://a.example">https://a.example</a>');
  });
});
