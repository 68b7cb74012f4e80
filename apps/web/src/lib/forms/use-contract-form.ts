import { useRef } from 'react';
import { useForm, type DefaultValues, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { issuesAsProblems, serverFieldProblems, showFieldProblems } from './field-problems';

/** Anything with zod's safeParse: the contract's request schema. */
export interface RequestSchema<TBody> {
  safeParse(input: unknown): { success: true; data: TBody } | { success: false; error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> } };
}

export interface ContractFormOptions<TValues extends FieldValues, TBody> {
  defaultValues: DefaultValues<TValues>;
  /** The contract's request schema: the form's values are checked with it before anything is sent. */
  schema: RequestSchema<TBody>;
  /** The request body the values make (inputs hold text; the request numbers, lists, …). */
  toBody: (values: TValues) => unknown;
  /** The form field a request path belongs to (null: not one of this form's fields). */
  fieldOf: (path: string) => FieldPath<TValues> | null;
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
   * to say anything more in a toast. Returns the number of server problems shown on fields.
   */
  submitWith: (send: (body: TBody, values: TValues, submission: Submission) => Promise<void>, onInvalid?: (shownOnFields: number) => void) => (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** Puts a server answer's field problems onto the fields; returns how many were shown. */
  showServerProblems: (error: unknown) => number;
};

/**
 * The one form pattern of the web app: react-hook-form for the field state, the contract's zod
 * schema for the rules (the same the server applies), server field errors mapped onto the fields.
 */
export function useContractForm<TValues extends FieldValues, TBody>(options: ContractFormOptions<TValues, TBody>): ContractForm<TValues, TBody> {
  const form = useForm<TValues>({ defaultValues: options.defaultValues });
  const inFlight = useRef(false);
  const showServerProblems = (error: unknown) => showFieldProblems(serverFieldProblems(error), form.setError, options.fieldOf);

  const submitWith: ContractForm<TValues, TBody>['submitWith'] = (send, onInvalid) =>
    form.handleSubmit(async (values) => {
      // The first click counts; another one while it is sent does nothing.
      if (inFlight.current) return;
      const parsed = options.schema.safeParse(options.toBody(values));
      if (!parsed.success) {
        const shown = showFieldProblems(issuesAsProblems(parsed.error.issues), form.setError, options.fieldOf);
        onInvalid?.(shown);
        return;
      }
      inFlight.current = true;
      try {
        await send(parsed.data, values, { idempotencyKey: crypto.randomUUID() });
      } finally {
        inFlight.current = false;
      }
    });

  return { ...form, submitWith, showServerProblems };
}
