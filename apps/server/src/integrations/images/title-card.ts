import { escapeXml, loadSvgRuntime, type SvgRuntime } from './resvg-runtime.js';

export const TITLE_CARD_WIDTH = 1200;
export const TITLE_CARD_HEIGHT = 630;

export interface TitleCardOptions {
  /** Small uppercase line above the title, e.g. the site name or the task type. */
  label?: string;
  /** Line under the title, e.g. keywords. */
  footer?: string;
  /** Chooses the colour scheme; defaults to the title, so a title always gets the same card. */
  seed?: string;
}

interface Palette {
  from: string;
  to: string;
  accent: string;
}

// Dark gradients with a light accent: white text stays readable on every one of them.
const PALETTES: Palette[] = [
  { from: '#0f172a', to: '#1e3a8a', accent: '#38bdf8' },
  { from: '#1e1b4b', to: '#7c3aed', accent: '#f0abfc' },
  { from: '#064e3b', to: '#0f766e', accent: '#5eead4' },
  { from: '#7c2d12', to: '#c2410c', accent: '#fdba74' },
  { from: '#111827', to: '#374151', accent: '#fbbf24' },
  { from: '#831843', to: '#be185d', accent: '#fbcfe8' },
  { from: '#0c4a6e', to: '#0369a1', accent: '#bae6fd' },
  { from: '#312e81', to: '#4338ca', accent: '#fde68a' },
];

const MARGIN = 80;
const TEXT_X = MARGIN + 32;
const TEXT_WIDTH = TITLE_CARD_WIDTH - TEXT_X - MARGIN;
const FONT_SIZES = [76, 68, 60, 54, 48, 42];

function paletteFor(seed: string): Palette {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PALETTES[hash % PALETTES.length] as Palette;
}

/** Greedy word wrap with measured widths. */
function wrap(words: string[], fontSize: number, runtime: SvgRuntime): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && runtime.measureBold(candidate, fontSize) > TEXT_WIDTH) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The largest size at which the title fits in four lines; at the smallest size, extra lines are cut with an ellipsis. */
function layoutTitle(title: string, runtime: SvgRuntime): { lines: string[]; fontSize: number } {
  const words = title.trim().split(/\s+/).filter(Boolean);
  for (const fontSize of FONT_SIZES) {
    const lines = wrap(words, fontSize, runtime);
    const fits = lines.every((line) => runtime.measureBold(line, fontSize) <= TEXT_WIDTH);
    if (lines.length <= 4 && fits) return { lines, fontSize };
  }
  const fontSize = FONT_SIZES[FONT_SIZES.length - 1] as number;
  const lines = wrap(words, fontSize, runtime).slice(0, 5);
  const last = lines.length - 1;
  if (wrap(words, fontSize, runtime).length > 5) lines[last] = `${(lines[last] ?? '').replace(/\s+\S+$/, '')}…`;
  return { lines, fontSize };
}

export function titleCardSvg(title: string, options: TitleCardOptions, runtime: SvgRuntime): string {
  const palette = paletteFor(options.seed ?? title);
  const { lines, fontSize } = layoutTitle(title || 'Untitled', runtime);
  const lineHeight = Math.round(fontSize * 1.18);
  const blockHeight = lineHeight * lines.length;
  const top = Math.round(160 + (360 - blockHeight) / 2);
  const titleText = lines
    .map(
      (line, i) =>
        `<text x="${TEXT_X}" y="${top + Math.round(fontSize * 0.92) + i * lineHeight}" font-family="Inter" font-weight="700" font-size="${fontSize}" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join('\n');
  const label = options.label
    ? `<text x="${MARGIN}" y="112" font-family="Inter" font-weight="700" font-size="24" letter-spacing="4" fill="${palette.accent}">${escapeXml(options.label.toUpperCase().slice(0, 60))}</text>`
    : '';
  const footer = options.footer
    ? `<text x="${MARGIN}" y="560" font-family="Inter" font-weight="400" font-size="26" fill="#ffffff" fill-opacity="0.78">${escapeXml(options.footer.slice(0, 90))}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${TITLE_CARD_WIDTH}" height="${TITLE_CARD_HEIGHT}" viewBox="0 0 ${TITLE_CARD_WIDTH} ${TITLE_CARD_HEIGHT}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>
<rect width="${TITLE_CARD_WIDTH}" height="${TITLE_CARD_HEIGHT}" fill="url(#bg)"/>
<circle cx="1090" cy="70" r="230" fill="#ffffff" fill-opacity="0.06"/>
<circle cx="1090" cy="70" r="150" fill="none" stroke="${palette.accent}" stroke-opacity="0.35" stroke-width="3"/>
<circle cx="1160" cy="600" r="170" fill="#ffffff" fill-opacity="0.05"/>
<rect x="${MARGIN}" y="${top + 6}" width="8" height="${blockHeight - 12}" rx="4" fill="${palette.accent}"/>
${label}
${titleText}
${footer}
<rect x="0" y="${TITLE_CARD_HEIGHT - 10}" width="${TITLE_CARD_WIDTH}" height="10" fill="${palette.accent}"/>
</svg>`;
}

/** A 1200×630 PNG title card (the Open Graph size), rendered locally. */
export async function renderTitleCard(title: string, options: TitleCardOptions = {}): Promise<Buffer> {
  const runtime = await loadSvgRuntime();
  return runtime.renderPng(titleCardSvg(title, options, runtime));
}
