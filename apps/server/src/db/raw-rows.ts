/** The rows of a raw `db.execute(sql…)`: both drivers answer with `{ rows }` (pg's QueryResult, PGlite's Results). */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) throw new Error('unexpected raw query result');
  return rows as T[];
}
