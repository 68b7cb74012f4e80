import { useMemo, useState } from 'react';

/** The selected article ids, kept across pages until cleared. */
export function useSelection() {
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set());
  return useMemo(
    () => ({
      ids,
      toggle: (id: number) =>
        setIds((prev) => {
          const next = new Set(prev);
          if (next.has(id)) next.delete(id);
          else next.add(id);
          return next;
        }),
      setMany: (many: readonly number[], selected: boolean) =>
        setIds((prev) => {
          const next = new Set(prev);
          for (const id of many) {
            if (selected) next.add(id);
            else next.delete(id);
          }
          return next;
        }),
      remove: (id: number) =>
        setIds((prev) => {
          if (!prev.has(id)) return prev;
          const next = new Set(prev);
          next.delete(id);
          return next;
        }),
      clear: () => setIds((prev) => (prev.size === 0 ? prev : new Set())),
    }),
    [ids],
  );
}
