import { splitSentences } from '../html/html-text.js';

/*
 * A refusal or hedge is the model talking about itself or the request instead of writing the
 * article. Each pattern describes such a sentence as a whole, so ordinary uses of the same
 * words ("sorry we missed you", "I can't recommend it enough", "an AI researcher") do not match.
 */

const I_CANNOT = String.raw`\bI\s+(?:can(?:no|['’])?t|can\s+not|am\s+unable\s+to|['’]m\s+unable\s+to|am\s+not\s+able\s+to|['’]m\s+not\s+able\s+to|won['’]t|will\s+not|must\s+decline\s+to|am\s+not\s+(?:allowed|permitted)\s+to)`;
const TASK_VERB = String.raw`(?:help|assist|provide|write|create|generate|produce|fulfil{1,2}|comply|complete|continue\s+with|share|engage|support|answer|offer|draft|compose)`;
const REQUEST_OBJECT = String.raw`(?:with\s+(?:that|this|your|the|such)|this|that|your|the\s+(?:requested|article|content|post)|such|an?\s+(?:article|post|response|piece|answer)|content|information|requests?|you)\b`;

interface RefusalPattern {
  name: string;
  pattern: RegExp;
}

const PATTERNS: RefusalPattern[] = [
  // "I'm sorry, but I can't help with that." — an apology together with an inability to do the task.
  {
    name: 'apology_with_inability',
    pattern: new RegExp(
      String.raw`\b(?:sorry|apologi[sz]e|apologies|afraid|unfortunately|regret(?:tably)?)\b.*${I_CANNOT}\s+(?:\w+\s+){0,2}?${TASK_VERB}\b`,
      'i',
    ),
  },
  // "I cannot assist with this request." — inability aimed at the request itself.
  {
    name: 'inability_with_request',
    pattern: new RegExp(String.raw`${I_CANNOT}\s+(?:\w+\s+)?${TASK_VERB}\s+(?:you\s+)?${REQUEST_OBJECT}`, 'i'),
  },
  {
    name: 'must_decline',
    pattern: /\bI\s+(?:must|have\s+to|will\s+have\s+to)\s+(?:respectfully\s+|politely\s+)?decline\b/i,
  },
  {
    name: 'not_comfortable',
    pattern:
      /\bI(?:['’]m|\s+am)\s+not\s+(?:comfortable|able\s+to\s+assist|in\s+a\s+position\s+to)\s+(?:\w+ing|with|to)\b/i,
  },
  // "As an AI language model, I…" — but not "as an AI researcher".
  {
    name: 'ai_self_reference',
    pattern:
      /\bas\s+an?\s+(?:AI|artificial\s+intelligence)(?:\s+(?:language\s+model|assistant|model|chatbot))?\s*,|\bas\s+an?\s+(?:AI\s+)?(?:large\s+)?language\s+model\b/i,
  },
  {
    name: 'i_am_an_ai',
    pattern:
      /\bI(?:['’]m|\s+am)\s+(?:just\s+|only\s+|merely\s+)?(?:an?\s+)?(?:AI|artificial\s+intelligence|large\s+language\s+model|language\s+model|chatbot|AI\s+assistant)\b(?!\s+(?:researcher|engineer|enthusiast|company|startup))/i,
  },
  {
    name: 'policy',
    pattern:
      /\b(?:against|violates?|goes\s+against)\s+(?:my|our|the|OpenAI['’]s)\s+(?:guidelines|policies|policy|content\s+policy|programming|usage\s+policies)\b/i,
  },
  // Hedges about the model's knowledge instead of writing about the topic.
  {
    name: 'knowledge_cutoff',
    pattern:
      /\b(?:as\s+of\s+my\s+(?:last\s+)?(?:knowledge|training)\s+(?:update|cut-?off)|my\s+(?:knowledge|training)(?:\s+data)?\s+(?:cut-?off|only\s+goes|is\s+limited|ends))\b/i,
  },
  {
    name: 'no_live_access',
    pattern:
      /\bI\s+(?:do\s+not|don['’]t|can(?:no|['’])?t)\s+(?:have\s+)?(?:access\s+to\s+|browse\s+|the\s+ability\s+to\s+)?(?:real-?time|current\s+(?:data|information|events)|the\s+internet|the\s+web|up-to-date|live\s+data)\b/i,
  },
  {
    name: 'deflection',
    pattern:
      /\b(?:is\s+there\s+(?:anything|something)\s+else\s+I\s+can\s+help|I(?:['’]d|\s+would)\s+be\s+happy\s+to\s+help\s+(?:you\s+)?with\s+(?:something|another|a\s+different))\b/i,
  },
  {
    name: 'instead_offer',
    pattern:
      /\b(?:instead|however|but)\s*,?\s+I\s+(?:can|could|would\s+be\s+happy\s+to)\s+(?:offer|provide|write|give|suggest)\s+(?:you\s+)?(?:a\s+)?(?:general|an?\s+alternative|some\s+general|a\s+different|an?\s+overview)\b/i,
  },
];

export interface RefusalScan {
  refused: boolean;
  /** The offending sentences (trimmed), in order of appearance, each once. */
  matches: string[];
  /** Which patterns fired, for logs. */
  patterns: string[];
}

export function detectRefusal(htmlOrText: string): RefusalScan {
  const matches: string[] = [];
  const patterns = new Set<string>();
  for (const sentence of splitSentences(htmlOrText)) {
    const hit = PATTERNS.find(({ pattern }) => pattern.test(sentence));
    if (!hit) continue;
    patterns.add(hit.name);
    const clipped = sentence.length > 200 ? `${sentence.slice(0, 197)}...` : sentence;
    if (!matches.includes(clipped)) matches.push(clipped);
  }
  return { refused: matches.length > 0, matches, patterns: [...patterns] };
}
