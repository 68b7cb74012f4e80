import type { FieldProblem } from '@abp/contracts';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../api-error';
import { fieldProblemList } from '../validation-text';

/** The field problems of a server answer (a 400's `details`), or none. */
export function serverFieldProblems(error: unknown): FieldProblem[] {
  return isApiError(error) ? fieldProblemList(error.details) : [];
}

/** A zod result's issues as field problems ("options.wordCount" → the path joined with dots). */
export function issuesAsProblems(
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>,
): FieldProblem[] {
  return issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
}

/** The name a request field has in the form: the request's path without the `body.` the server adds. */
export function requestPath(field: string): string {
  return field.replace(/^body\./, '');
}

/**
 * Puts problems onto the form's fields: the first problem of a field is the one shown (it is the
 * one to fix first). `fieldOf` maps a request path to a form field (null: not a field of this
 * form). Returns how many fields got a message, so the caller knows whether a toast must say more.
 */
export function showFieldProblems<T extends FieldValues>(
  problems: readonly FieldProblem[],
  setError: UseFormSetError<T>,
  fieldOf: (path: string) => FieldPath<T> | null,
): number {
  const shown = new Set<string>();
  for (const { field, message } of problems) {
    const target = fieldOf(requestPath(field));
    if (!target || shown.has(target)) continue;
    shown.add(target);
    setError(target, { type: 'server', message });
  }
  return shown.size;
}

/** A `fieldOf` for forms whose fields carry the request's own names (nested paths map to their first part). */
export function fieldsNamed<T extends FieldValues>(
  names: readonly FieldPath<T>[],
): (path: string) => FieldPath<T> | null {
  return (path) => {
    if ((names as readonly string[]).includes(path)) return path as FieldPath<T>;
    const first = path.split('.')[0] ?? '';
    return (names as readonly string[]).includes(first) ? (first as FieldPath<T>) : null;
  };
}
