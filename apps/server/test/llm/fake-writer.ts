import type { ChatRequest, FakeReply } from './fake-openai-server.js';

/*
 * The fake server's default behaviour: a well-behaved model that follows the engine's prompts.
 * It answers outline requests with JSON and section requests with HTML of the requested length.
 */

// Every sentence names the topic: two articles on different topics must not read as near-duplicates
// (publishing refuses those), as two real models' articles would not.
const SENTENCES = [
  'This part of the piece on {topic} looks closely at {heading}.',
  'Readers who want practical results from {topic} will find the details here useful.',
  'Each recommendation about {topic} is grounded in common experience rather than theory.',
  'A short example from {topic} helps to show how the idea works in practice.',
  'Small adjustments to {topic}, made consistently, tend to produce the clearest improvements.',
  // No stock phrase of the AI-tell list: the prompts ask a model to avoid them (issue #33).
  'The trade-offs of {topic} deserve a look before committing to one approach.',
  'The same principle of {topic} applies whether the project is large or small.',
  'With {heading} in place, the next step becomes much easier to plan.',
];

export const isOutlineRequest = (request: ChatRequest) =>
  request.responseFormat !== undefined || request.prompt.includes('Answer with a JSON object only');

/** HTML of about `words` words, in paragraphs of about 60. */
export function htmlOfLength(words: number, topic: string, heading: string): string {
  const paragraphs: string[] = [];
  let remaining = words;
  let index = 0;
  while (remaining > 0) {
    const sentences: string[] = [];
    let paragraphWords = 0;
    while (paragraphWords < Math.min(60, remaining)) {
      const sentence = (SENTENCES[index++ % SENTENCES.length] as string)
        .replaceAll('{topic}', topic)
        .replaceAll('{heading}', heading.toLowerCase());
      sentences.push(sentence);
      paragraphWords += sentence.split(/\s+/).length;
    }
    paragraphs.push(`<p>${sentences.join(' ')}</p>`);
    remaining -= paragraphWords;
  }
  return paragraphs.join('\n');
}

export function outlineJson(prompt: string): string {
  const topic = /about "(.+?)" of about/.exec(prompt)?.[1] ?? 'the topic';
  const count = Number(/exactly (\d+) objects/.exec(prompt)?.[1] ?? 5);
  const roles = /start with (.+?); then (\d+) sections with role "(\w+)"; end with (.+?)\.\n/.exec(`${prompt}\n`);
  const quoted = (text: string | undefined) => [...(text ?? '').matchAll(/"(\w+)"/g)].map((m) => m[1] as string);
  const lead = quoted(roles?.[1]);
  const tail = quoted(roles?.[4]);
  const bodyRole = roles?.[3] ?? 'body';
  const bodyCount = Math.max(1, count - lead.length - tail.length);
  const sections = [
    ...lead.map((role) => ({
      heading: `${role.replace(/_/g, ' ')} of ${topic}`,
      role,
      keyPoints: ['what matters first'],
    })),
    ...Array.from({ length: bodyCount }, (_, i) => ({
      heading: `Aspect ${i + 1} of ${topic}`,
      role: bodyRole,
      keyPoints: ['a practical example', 'a common mistake'],
    })),
    ...tail.map((role) => ({
      heading: `${role.replace(/_/g, ' ')} for ${topic}`,
      role,
      keyPoints: ['the main takeaway'],
    })),
  ];
  return JSON.stringify({
    title: `A Practical Guide to ${topic}`,
    metaDescription: `Everything you need to know about ${topic}, explained clearly with practical steps.`,
    keywords: [topic, `${topic} tips`],
    sections,
  });
}

export function sectionHtml(prompt: string): string {
  const words = Number(
    /about (\d+) (?:words|NEW)/.exec(prompt)?.[1] ?? /Write about (\d+) words/.exec(prompt)?.[1] ?? 200,
  );
  const topic = /a [\w ()-]+ about "(.+?)"\./.exec(prompt)?.[1] ?? 'the topic';
  const heading =
    /Write section \d+ of \d+: "(.+?)"/.exec(prompt)?.[1] ??
    /The section "(.+?)" is too short/.exec(prompt)?.[1] ??
    'this subject';
  return htmlOfLength(words, topic, heading);
}

/** The fake writer, with these fields of its outline replaced (a title, keywords … as a model might answer them). */
export function writerWithOutline(fields: Record<string, unknown>): (request: ChatRequest) => FakeReply {
  return (request) =>
    isOutlineRequest(request)
      ? {
          type: 'text',
          content: JSON.stringify({
            ...(JSON.parse(outlineJson(request.prompt)) as Record<string, unknown>),
            ...fields,
          }),
        }
      : writerReply(request);
}

export function writerReply(request: ChatRequest): FakeReply {
  if (isOutlineRequest(request)) return { type: 'text', content: outlineJson(request.prompt) };
  if (/Write section|is too short/.test(request.prompt)) return { type: 'text', content: sectionHtml(request.prompt) };
  return { type: 'text', content: 'Yes, I can write clear, well-structured blog articles.' };
}
