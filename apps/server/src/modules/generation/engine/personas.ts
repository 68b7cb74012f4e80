import { findPersona } from '@abp/contracts';

export interface ResolvedVoice {
  /** Goes into the system prompt; empty for the neutral voice. */
  voice: string;
  /** The known persona's value, or undefined for neutral and free-text personas. */
  knownPersona: string | undefined;
}

const MAX_FREE_TEXT_VOICE = 500;

/** Empty → neutral; a known persona → its voice; anything else is the operator's own voice description. */
export function resolveVoice(persona: string | null | undefined): ResolvedVoice {
  const trimmed = (persona ?? '').trim();
  if (!trimmed) return { voice: '', knownPersona: undefined };
  const known = findPersona(trimmed);
  if (known) return { voice: known.voice, knownPersona: known.value };
  return { voice: trimmed.slice(0, MAX_FREE_TEXT_VOICE), knownPersona: undefined };
}
