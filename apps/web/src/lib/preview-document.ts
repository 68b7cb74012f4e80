import type { ArticlePreview } from '@abp/contracts';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The page shown in a preview frame (the article editor's and the Review inbox's): the title, the featured image and the body as the server's publishing
 * sanitizer returns it. The frame is sandboxed without scripts; its policy lets only images load.
 */
export function previewDocument(preview: ArticlePreview): string {
  const image = preview.featured_image_url
    ? `<img class="featured" src="${escapeHtml(preview.featured_image_url)}" alt="">`
    : '';
  return `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'">
<style>body{font:17px/1.65 Georgia,serif;color:#222;max-width:720px;margin:24px auto;padding:0 16px}
h1{font:700 2rem/1.2 system-ui,sans-serif;margin:0 0 16px}img{max-width:100%;height:auto}
.featured{display:block;margin:0 0 20px;border-radius:4px}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px}</style>
</head><body><article><h1>${escapeHtml(preview.title)}</h1>${image}${preview.content}</article></body></html>`;
}
