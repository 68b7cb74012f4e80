import { type FieldProblem, fieldProblemSchema } from '@abp/contracts';

const problemsSchema = fieldProblemSchema.array();

/** A 400's `details` as field problems, or none when they are something else. */
export function fieldProblemList(details: unknown): FieldProblem[] {
  const parsed = problemsSchema.safeParse(details);
  return parsed.success ? parsed.data : [];
}

/**
 * A 400's field problem as a sentence for the toast (issue #17 item 19): the server's
 * "Invalid request: body.contact_info.email: must be an email address" reads "Contact info email:
 * must be an email address". A message that is a sentence of its own ("Topic must be less than
 * 200 characters") is kept as it is; the form puts the problem on its field as well.
 */
export function validationSentence(problem: FieldProblem): string {
  if (/^[A-Z]/.test(problem.message)) return problem.message;
  const words = fieldWords(problem.field);
  return words ? `${words}: ${problem.message}` : problem.message;
}

/** "body.articles.0.target_keywords.1" → "Articles 1 target keywords 2"; request parts dropped. */
export function fieldWords(field: string): string {
  const parts = field
    .split('.')
    .filter((part, i) => !(i === 0 && ['body', 'query', 'params', 'request'].includes(part)))
    .map((part) =>
      /^\d+$/.test(part)
        ? String(Number(part) + 1)
        : part
            .replace(/([a-z])([A-Z])/g, '$1 $2')
            .replaceAll('_', ' ')
            .toLowerCase(),
    );
  const text = parts.join(' ').trim();
  return text ? text[0]!.toUpperCase() + text.slice(1) : '';
}

/** The server's message, or the first problem in words when the message is the raw "Invalid request: …". */
export function validationMessage(message: string, problems: readonly FieldProblem[]): string {
  const first = problems[0];
  if (!first || !/^Invalid request\b/.test(message)) return message;
  return validationSentence(first);
}
