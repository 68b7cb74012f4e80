import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { initWasm, Resvg } from '@resvg/resvg-wasm';

/*
 * resvg compiled to WebAssembly: no native addon to build and no system fonts needed. Inter
 * ships as TTF inside an npm package, so cards look the same on every machine.
 */

const require = createRequire(import.meta.url);

export interface SvgRuntime {
  renderPng(svg: string): Buffer;
  /** Width of `text` in the bold face at `fontSize`, in pixels. */
  measureBold(text: string, fontSize: number): number;
}

let runtime: Promise<SvgRuntime> | undefined;

/** Loaded once per process; the WebAssembly module can only be initialised once. */
export function loadSvgRuntime(): Promise<SvgRuntime> {
  runtime ??= createRuntime().catch((error: unknown) => {
    runtime = undefined;
    throw error;
  });
  return runtime;
}

async function createRuntime(): Promise<SvgRuntime> {
  const [wasm, bold, regular] = await Promise.all([
    readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm')),
    readFile(require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf')),
    readFile(require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf')),
  ]);
  await initWasm(wasm);
  const font = {
    fontBuffers: [new Uint8Array(bold), new Uint8Array(regular)],
    defaultFontFamily: 'Inter',
    sansSerifFamily: 'Inter',
  };
  const widthCache = new Map<string, number>();
  const MEASURE_SIZE = 100;

  const measureAtReference = (text: string): number => {
    const cached = widthCache.get(text);
    if (cached !== undefined) return cached;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="8000" height="200"><text x="0" y="150" font-family="Inter" font-weight="700" font-size="${MEASURE_SIZE}">${escapeXml(text)}</text></svg>`;
    const resvg = new Resvg(svg, { font });
    const box = resvg.getBBox();
    const width = box?.width ?? text.length * MEASURE_SIZE * 0.6;
    box?.free();
    resvg.free();
    if (widthCache.size > 5000) widthCache.clear();
    widthCache.set(text, width);
    return width;
  };

  return {
    renderPng(svg) {
      const resvg = new Resvg(svg, { font, fitTo: { mode: 'original' } });
      const image = resvg.render();
      const png = Buffer.from(image.asPng());
      image.free();
      resvg.free();
      return png;
    },
    measureBold(text, fontSize) {
      return (measureAtReference(text) * fontSize) / MEASURE_SIZE;
    },
  };
}

export const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
