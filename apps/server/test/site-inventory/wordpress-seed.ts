import type { RealSite } from '../wordpress/real-site.js';

/**
 * Seeds a real WordPress through its batch endpoint (25 requests per call, WordPress' limit):
 * hundreds of posts in seconds, so a test can work on a site of realistic size.
 */
export class WordPressSeed {
  constructor(private readonly site: RealSite) {}

  private get headers() {
    return {
      authorization: `Basic ${Buffer.from(`${this.site.user}:${this.site.password}`).toString('base64')}`,
      'content-type': 'application/json',
    };
  }

  async rest<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.site.url}/wp-json/${path}`, {
      method,
      headers: this.headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  /**
   * Runs the requests 25 at a time, three batches at once (the test site's PHP server has four
   * workers; one stays free for the tests running beside); returns each answer's body in order.
   * `missingOk`: a 404 is no failure (cleaning up).
   */
  async batch(
    requests: Array<{ method: 'POST' | 'DELETE'; path: string; body?: unknown }>,
    missingOk = false,
  ): Promise<Array<Record<string, unknown>>> {
    const chunks: (typeof requests)[] = [];
    for (let start = 0; start < requests.length; start += 25) chunks.push(requests.slice(start, start + 25));
    const answers: Array<Array<{ status: number; body: Record<string, unknown> }>> = [];
    let next = 0;
    const lane = async () => {
      while (next < chunks.length) {
        const index = next++;
        const answer = await this.rest<{ responses: Array<{ status: number; body: Record<string, unknown> }> }>(
          'POST',
          'batch/v1',
          { requests: chunks[index] },
        );
        answers[index] = answer.responses;
      }
    };
    const lanes = await Promise.allSettled([lane(), lane(), lane()]);
    const failed = lanes.find((lane) => lane.status === 'rejected');
    if (failed) throw failed.reason;
    const bodies: Array<Record<string, unknown>> = [];
    for (const response of answers.flat()) {
      if (response.status >= 300 && !(missingOk && response.status === 404))
        throw new Error(`batch request answered ${response.status}: ${JSON.stringify(response.body)}`);
      bodies.push(response.body);
    }
    return bodies;
  }

  async createPosts(posts: Array<Record<string, unknown>>): Promise<number[]> {
    const bodies = await this.batch(posts.map((body) => ({ method: 'POST', path: '/wp/v2/posts', body })));
    return bodies.map((body) => Number(body.id));
  }

  async deletePosts(ids: readonly number[]): Promise<void> {
    await this.batch(
      ids.map((id) => ({ method: 'DELETE', path: `/wp/v2/posts/${id}?force=true` })),
      true,
    );
  }
}
