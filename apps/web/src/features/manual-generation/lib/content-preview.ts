const BLOCKS = 'h1,h2,h3,h4,h5,h6,p,li,blockquote,pre,tr,dt,dd,div,section,figcaption';

/** Plain text of generated HTML, one line per block, for a preview that never renders markup. */
export function previewText(html: string, maxLength = 1200): string {
  const { body } = new DOMParser().parseFromString(html, 'text/html');
  // Without a break after each block, "<h2>Why</h2><p>Because</p>" would read "WhyBecause".
  for (const block of body.querySelectorAll(BLOCKS)) block.append('\n');
  const text = (body.textContent ?? '')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
  return text.length > maxLength ? `${text.slice(0, maxLength).trimEnd()}…` : text;
}
