/**
 * The SQLSTATE of a database error, whatever wrapped it: Drizzle puts the driver's error (pg or
 * PGlite) in `cause`, and both carry the code in `code`. Only classes 22 (data exception) and 23
 * (integrity constraint) are returned — the ones a request's input can cause.
 */
export function inputSqlState(error: unknown): string | undefined {
  return sqlStateWhere(error, (code) => /^2[23][0-9A-Z]{3}$/.test(code));
}

/** Whether the database refused a row because a unique index already holds its value. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlStateWhere(error, (code) => code === '23505') !== undefined;
}

function sqlStateWhere(error: unknown, wanted: (code: string) => boolean): string | undefined {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && typeof e === 'object' && e !== null; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && wanted(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
