import type { FieldProblem } from '@abp/contracts';
import { useCallback, useEffect, useRef } from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { issuesAsProblems, requestPath, serverFieldProblems, showFieldProblems } from './field-problems';
import { setSaving, useUnsavedChanges } from './unsaved-changes';

/** Anything with zod's safeParse: the contract's request schema. */
export interface RequestSchema<TBody> {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: TBody }
    | { success: false; error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> } };
}

export interface ContractFormOptions<TValues extends FieldValues, TBody> {
  defaultValues: DefaultValues<TValues>;
  /** The contract's request schema: the form's values are checked with it before anything is sent. */
  schema: RequestSchema<TBody>;
  /** The request body the values make (inputs hold text; the request numbers, lists, …). */
  toBody: (values: TValues) => unknown;
  /** The form field a request path belongs to (null: not one of this form's fields). */
  fieldOf: (path: string) => FieldPath<TValues> | null;
  /**
   * Whether unsaved changes hold the operator back (default true). A dialog's form passes its
   * `open`: a closed dialog stays mounted with the values it sent, and those are not lost work.
   */
  unsavedWarning?: boolean;
}

export interface Submission {
  /**
   * One key per submission, sent as the request's Idempotency-Key: a request retried or sent
   * twice by a double click is done once by the server.
   */
  idempotencyKey: string;
}

export type ContractForm<TValues extends FieldValues, TBody> = UseFormReturn<TValues> & {
  /**
   * The form's submit handler: checks the values with the contract's schema (problems go onto
   * their fields and nothing is sent), then calls `send` with the request body. A server 400 whose
   * details name fields puts them onto the fields too; `send` still sees the error (it rethrows)
   * to say anything more in a toast. `onInvalid` hears of values the schema refused, with every
   * problem in the schema's order (those of a field are on the field already).
   */
  submitWith: (
    send: (body: TBody, values: TValues, submission: Submission) => Promise<void>,
    onInvalid?: (problems: FieldProblem[]) => void,
  ) => (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** Puts a server answer's field problems onto the fields; returns how many were shown. */
  showServerProblems: (error: unknown) => number;
  /**
   * Takes the current values as the form's saved state: for a form whose submit does its work
   * (an article written, a job started) and stays on screen with the values, so leaving it does
   * not ask about unsaved changes. A form that re-reads what it saved starts again instead.
   */
  markSaved: () => void;
};

/**
 * The one form pattern of the web app: react-hook-form for the field state, the contract's zod
 * schema for the rules (the same the server applies), server field errors mapped onto the fields.
 */
export function useContractForm<TValues extends FieldValues, TBody>(
  options: ContractFormOptions<TValues, TBody>,
): ContractForm<TValues, TBody> {
  // The resolver reads the latest options: a form whose rules change (add vs edit) stays right.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const resolver = useCallback<Resolver<TValues>>(async (values) => resolveWithContract(latest.current, values), []);
  const form = useForm<TValues>({ defaultValues: options.defaultValues, resolver });
  const inFlight = useRef(false);
  // Issue #37 point 7: a form with unsaved changes is not left without a question (UnsavedChangesGuard).
  const unsavedId = useUnsavedChanges(form.formState.isDirty && (options.unsavedWarning ?? true));
  const showServerProblems = (error: unknown) =>
    showFieldProblems(serverFieldProblems(error), form.setError, options.fieldOf);

  const submitWith: ContractForm<TValues, TBody>['submitWith'] = (send, onInvalid) =>
    form.handleSubmit(
      async (values) => {
        // The first click counts; another one while it is sent does nothing.
        if (inFlight.current) return;
        const parsed = options.schema.safeParse(options.toBody(values));
        if (!parsed.success) {
          // Only problems of no field reach here (the resolver put the others on their fields).
          onInvalid?.(issuesAsProblems(parsed.error.issues));
          return;
        }
        inFlight.current = true;
        setSaving(unsavedId, true);
        try {
          await send(parsed.data, values, { idempotencyKey: crypto.randomUUID() });
        } finally {
          inFlight.current = false;
          setSaving(unsavedId, false);
        }
      },
      () => {
        const parsed = options.schema.safeParse(options.toBody(form.getValues()));
        onInvalid?.(parsed.success ? [] : issuesAsProblems(parsed.error.issues));
      },
    );

  const markSaved = () => form.reset(form.getValues());

  return { ...form, submitWith, showServerProblems, markSaved };
}

/**
 * The contract's schema as react-hook-form's resolver: checked on submit, and again on each change
 * once a submit was tried, so a fixed field loses its message as the operator types.
 */
function resolveWithContract<TValues extends FieldValues, TBody>(
  options: ContractFormOptions<TValues, TBody>,
  values: TValues,
) {
  const parsed = options.schema.safeParse(options.toBody(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const problem of issuesAsProblems(parsed.error.issues)) {
    const target = options.fieldOf(requestPath(problem.field));
    if (!target || readPath(errors, target)) continue;
    writePath(errors, target, { type: 'validation', message: problem.message });
  }
  // Problems of no field of this form: the submit handler reports them (see submitWith).
  if (Object.keys(errors).length === 0) return { values, errors: {} };
  return { values: {}, errors: errors as FieldErrors<TValues> };
}

function readPath(root: Record<string, unknown>, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      root,
    );
}

function writePath(root: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = root;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[parts.at(-1)!] = value;
}
