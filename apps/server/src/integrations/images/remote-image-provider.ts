import { describeFetchError, readBodyCapped } from '../../lib/http-body.js';
import { outbound as defaultOutbound, isOutboundRefusal, type OutboundHttp } from '../../lib/outbound/index.js';
import { pngDimensions } from './image-bytes.js';
import { type FeaturedImage, type FeaturedImageRequest, type ImageProvider, imageFilename } from './image-provider.js';
import { TitleCardImageProvider } from './title-card-provider.js';

export interface RemoteImageProviderOptions {
  /** The API root, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  size: string;
  timeoutMs: number;
  /** Used whenever the remote image cannot be had; the title card by default. */
  fallback?: ImageProvider;
  maxImageBytes?: number;
  /** The outbound rule's client; tests pass one with a pretend network. */
  outbound?: OutboundHttp;
}

const DEFAULT_MAX_IMAGE_BYTES = 20 * 1024 * 1024;
const MAX_ERROR_BODY_BYTES = 64 * 1024;

/**
 * Featured images from any server speaking OpenAI's images API (OpenAI itself, Azure-style
 * gateways, LocalAI, …). An image is a nice-to-have: any failure — network, HTTP error, timeout,
 * an answer that is not a PNG — falls back to the locally rendered title card, and the reason
 * travels in the image's warnings so the Generation log can say why.
 */
export class RemoteImageProvider implements ImageProvider {
  readonly id = 'openai-compatible';
  private readonly endpoint: string;
  private readonly fallback: ImageProvider;
  private readonly maxImageBytes: number;
  private readonly outbound: OutboundHttp;

  constructor(private readonly options: RemoteImageProviderOptions) {
    this.endpoint = `${options.baseUrl.replace(/\/+$/, '')}/images/generations`;
    this.fallback = options.fallback ?? new TitleCardImageProvider();
    this.maxImageBytes = options.maxImageBytes ?? DEFAULT_MAX_IMAGE_BYTES;
    this.outbound = options.outbound ?? defaultOutbound;
  }

  async createFeaturedImage(request: FeaturedImageRequest): Promise<FeaturedImage> {
    try {
      const png = await this.fetchImage(featuredImagePrompt(request), request.signal);
      const { width, height } = pngDimensions(png);
      return { png, alt: request.title, filename: imageFilename(request.title), width, height };
    } catch (error) {
      // A cancelled generation is not a provider failure: no fallback, the generation stops.
      if (request.signal?.aborted) throw error;
      // The outbound rule's refusals are whole sentences; the warning goes on after a semicolon.
      const reason = this.redact(
        isOutboundRefusal(error) ? error.message.replace(/\.$/, '') : describeFetchError(error, this.options.timeoutMs),
      );
      const image = await this.fallback.createFeaturedImage(request);
      const warning = `Image provider ${this.id} (${this.options.model}) failed: ${reason}; the ${this.fallback.id} image was used instead`;
      return { ...image, warnings: [...(image.warnings ?? []), warning] };
    }
  }

  private async fetchImage(prompt: string, callerSignal: AbortSignal | undefined): Promise<Buffer> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
    // gpt-image-* models always answer base64 and reject the parameter; older ones default to URLs.
    const askBase64 = !/^gpt-image/i.test(this.options.model);
    let answer = await this.post(prompt, askBase64, signal);
    if (!answer.ok && askBase64 && answer.status === 400 && /response_format/i.test(answer.error)) {
      answer = await this.post(prompt, false, signal);
    }
    if (!answer.ok) throw new Error(`HTTP ${answer.status}${answer.error ? `: ${answer.error}` : ''}`);
    const first = firstImage(answer.json);
    if (first.b64_json) return Buffer.from(first.b64_json, 'base64');
    if (first.url) return this.download(first.url, signal);
    throw new Error('the answer has no data[0].b64_json or data[0].url');
  }

  private async post(
    prompt: string,
    askBase64: boolean,
    signal: AbortSignal,
  ): Promise<{ ok: true; json: unknown } | { ok: false; status: number; error: string }> {
    const body = {
      model: this.options.model,
      prompt,
      size: this.options.size,
      n: 1,
      ...(askBase64 ? { response_format: 'b64_json' } : {}),
    };
    // A redirect of this POST is refused (the outbound rule follows GET only): the prompt and the key go nowhere else.
    const { response } = await this.outbound.fetch(this.endpoint, {
      subject: 'The image server',
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
      },
      body: JSON.stringify(body),
      signal,
    });
    if (!response.ok) {
      const text = (
        await readBodyCapped(response, MAX_ERROR_BODY_BYTES, () =>
          overLimit('the error answer', MAX_ERROR_BODY_BYTES),
        ).catch(() => Buffer.alloc(0))
      ).toString('utf8');
      return { ok: false, status: response.status, error: errorMessageOf(text) };
    }
    // Base64 makes the JSON about 4/3 of the image, plus a little envelope.
    // base64 makes the image about 4/3 larger; the JSON around it is small.
    const answerLimit = Math.ceil(this.maxImageBytes * 1.4) + 64 * 1024;
    const text = (await readBodyCapped(response, answerLimit, () => overLimit('the answer', answerLimit))).toString(
      'utf8',
    );
    try {
      return { ok: true, json: JSON.parse(text) as unknown };
    } catch {
      throw new Error('the answer is not JSON');
    }
  }

  /**
   * The URL came from the configured server; it is fetched without our API key, which is for that
   * server only, and under the outbound rule: off the server's own origin it must be a public address.
   */
  private async download(url: string, signal: AbortSignal): Promise<Buffer> {
    const dataUrl = /^data:image\/[a-z+.-]+;base64,/i.exec(url);
    if (dataUrl) return Buffer.from(url.slice(dataUrl[0].length), 'base64');
    let parsed: URL;
    try {
      parsed = new URL(url, this.endpoint);
    } catch {
      throw new Error("the answer's image URL is not a URL");
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw new Error(`the answer's image URL uses ${parsed.protocol}, not http or https`);
    const { response } = await this.outbound.fetch(parsed, {
      subject: 'The image server',
      entered: this.endpoint,
      signal,
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new Error(`downloading the image answered HTTP ${response.status}`);
    }
    return readBodyCapped(response, this.maxImageBytes, () => overLimit('the image', this.maxImageBytes));
  }

  /** Some servers echo part of the key in their errors; never store it in a log. */
  private redact(message: string): string {
    const key = this.options.apiKey;
    return key && key.length >= 4 ? message.split(key).join('[redacted]') : message;
  }
}

/** The brief given to the image model: the subject from the title and topic, and no lettering. */
export function featuredImagePrompt(request: Pick<FeaturedImageRequest, 'title' | 'topic' | 'keywords'>): string {
  const clip = (text: string, max: number) => text.replace(/\s+/g, ' ').trim().slice(0, max);
  const title = clip(request.title, 300);
  const topic = clip(request.topic, 300);
  const keywords = request.keywords
    .map((k) => clip(k, 60))
    .filter(Boolean)
    .slice(0, 5);
  return [
    `A featured image for a blog article titled "${title}".`,
    topic && topic.toLowerCase() !== title.toLowerCase() ? `The article is about ${topic}.` : '',
    keywords.length ? `Themes: ${keywords.join(', ')}.` : '',
    'A high-quality editorial photograph or illustration of the subject, with a clear focal point and natural colours.',
    'The image must not contain any text, letters, numbers, captions, logos or watermarks.',
  ]
    .filter(Boolean)
    .join(' ');
}

function firstImage(json: unknown): { b64_json?: string; url?: string } {
  const data = json && typeof json === 'object' ? (json as { data?: unknown }).data : undefined;
  const first: unknown = Array.isArray(data) ? data[0] : undefined;
  if (!first || typeof first !== 'object') return {};
  const { b64_json, url } = first as { b64_json?: unknown; url?: unknown };
  return {
    ...(typeof b64_json === 'string' && b64_json ? { b64_json } : {}),
    ...(typeof url === 'string' && url ? { url } : {}),
  };
}

/** OpenAI's `{ error: { message } }`, or the start of whatever else came back. */
function errorMessageOf(text: string): string {
  try {
    const json = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof json.error === 'string' ? json.error : (json.error?.message ?? json.message);
    if (typeof message === 'string' && message.trim()) return message.trim().slice(0, 300);
  } catch {
    // not JSON: fall through
  }
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}

const overLimit = (what: string, maxBytes: number) => new Error(`${what} is more than the limit of ${maxBytes} bytes`);
