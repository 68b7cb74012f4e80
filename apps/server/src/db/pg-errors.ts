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

/**
 * Whether the database could not be reached or gave up the statement for a reason of its own — a
 * restart or an administrator ending the connection, a lost or refused connection, too many
 * connections, a deadlock — rather than because of the request: it may work again in a moment,
 * so the answer is a 503 with Retry-After, not a 500. Read from the SQLSTATE (classes 08 and 53,
 * 57P01–57P04, 40001, 40P01) or, where the driver raises none, from its own words.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causeChain(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_SQLSTATE.test(code)) return true;
    if (e instanceof Error && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|53[0-9A-Z]{3}|57P0[1-4]|40001|40P01)$/;
// node-postgres (a connection lost or not made, a pool ended by shutdown), PGlite and its thread once closed.
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|PGlite is closed|the embedded database is closed)/;

/** The error and the causes it wraps (Drizzle's error, then the driver's), five deep at most. */
function* causeChain(error: unknown): Generator<object> {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && typeof e === 'object' && e !== null; depth++) {
    yield e;
    e = (e as { cause?: unknown }).cause;
  }
}

function sqlStateWhere(error: unknown, wanted: (code: string) => boolean): string | undefined {
  for (const e of causeChain(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && wanted(code)) return code;
  }
  return undefined;
}
