import { diffChars } from 'diff';

/*
 * The three-way merge of a refresh (issue #36 §3). A proposal's changes are spans of the field as
 * the proposal read it (the base); at apply time WordPress may hold something else (theirs: a person
 * edited the post since). The character diff base → theirs (jsdiff's Myers diff) says which base
 * characters are still there and where: a span is carried over only when it AND its immediate
 * surroundings (SURROUNDINGS characters each side) lie in one unchanged run of that diff. Anything
 * a person touched at or next to a span drops that change; text a person only moved counts as
 * removed and added (its spans drop too — the safe side). Everything outside the applied spans is
 * theirs, byte for byte: the result is theirs with the spans' characters replaced and nothing else.
 */

/** Characters each side of a span that must be unchanged too ("its immediate surroundings"). */
export const SURROUNDINGS = 12;
/** A diff needing more edits than this is not attempted: every change drops (the post was rewritten). */
export const MAX_EDIT_LENGTH = 20_000;

export type SpanMapping = { ok: true; start: number } | { ok: false; why: 'edited' | 'rewritten' };

/** An unchanged run: base[baseStart, baseStart+length) === theirs[theirsStart, theirsStart+length). */
interface Run {
  baseStart: number;
  theirsStart: number;
  length: number;
}

/** Maps spans of `base` onto `theirs` (see above). */
export function spanMapper(
  base: string,
  theirs: string,
  surroundings = SURROUNDINGS,
): (start: number, end: number) => SpanMapping {
  let runs: Run[] | null;
  if (base === theirs) runs = [{ baseStart: 0, theirsStart: 0, length: base.length }];
  else {
    const parts = diffChars(base, theirs, { maxEditLength: MAX_EDIT_LENGTH });
    if (!parts) runs = null;
    else {
      runs = [];
      let b = 0;
      let t = 0;
      for (const part of parts) {
        const length = part.value.length;
        if (part.added) t += length;
        else if (part.removed) b += length;
        else {
          runs.push({ baseStart: b, theirsStart: t, length });
          b += length;
          t += length;
        }
      }
    }
  }
  return (start, end) => {
    if (runs === null) return { ok: false, why: 'rewritten' };
    const from = Math.max(0, start - surroundings);
    const to = Math.min(base.length, end + surroundings);
    // Inside one run, and (at a field's edge) nothing added before the first or after the last character.
    const run = runs.find((r) => r.baseStart <= from && to <= r.baseStart + r.length);
    if (!run) return { ok: false, why: 'edited' };
    const mapped = run.theirsStart + (start - run.baseStart);
    // At a field's edge, the edge itself counts as surroundings: nothing may have been added beyond it.
    if (start - surroundings < 0 && run.theirsStart !== 0) return { ok: false, why: 'edited' };
    if (end + surroundings > base.length && run.theirsStart + run.length !== theirs.length)
      return { ok: false, why: 'edited' };
    return { ok: true, start: mapped };
  };
}

export interface FieldEdit {
  id: string;
  start: number;
  before: string;
  after: string;
}

export interface FieldMerge {
  text: string;
  applied: string[];
  dropped: Array<{ id: string; why: 'edited' | 'rewritten' | 'overlap' }>;
}

/**
 * `theirs` with each edit placed at its span mapped from `base`; an edit whose span (or its
 * surroundings) changed since is dropped, and so is one overlapping an edit already placed.
 */
export function mergeField(base: string, theirs: string, edits: readonly FieldEdit[]): FieldMerge {
  const map = spanMapper(base, theirs);
  const placed: Array<{ id: string; start: number; end: number; after: string }> = [];
  const dropped: FieldMerge['dropped'] = [];
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    // A span that is not what the proposal read (a stale row) is never written over.
    if (base.slice(edit.start, edit.start + edit.before.length) !== edit.before) {
      dropped.push({ id: edit.id, why: 'edited' });
      continue;
    }
    const mapped = map(edit.start, edit.start + edit.before.length);
    if (!mapped.ok) {
      dropped.push({ id: edit.id, why: mapped.why });
      continue;
    }
    const end = mapped.start + edit.before.length;
    if (placed.some((p) => mapped.start < p.end && p.start < end) || theirs.slice(mapped.start, end) !== edit.before) {
      dropped.push({ id: edit.id, why: 'overlap' });
      continue;
    }
    placed.push({ id: edit.id, start: mapped.start, end, after: edit.after });
  }
  let text = '';
  let at = 0;
  for (const edit of placed.sort((a, b) => a.start - b.start)) {
    text += theirs.slice(at, edit.start) + edit.after;
    at = edit.end;
  }
  text += theirs.slice(at);
  return { text, applied: placed.map((p) => p.id), dropped };
}
