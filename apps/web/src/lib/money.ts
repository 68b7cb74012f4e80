/**
 * Dollars as the operator reads them: cents for sums of a dollar or more, up to four decimals below
 * (one article on a small model costs a fraction of a cent, and "$0.00" would hide it).
 */
export function formatUsd(usd: number): string {
  const digits =
    usd >= 1 || usd === 0
      ? { minimumFractionDigits: 2, maximumFractionDigits: 2 }
      : { minimumFractionDigits: 2, maximumFractionDigits: 4 };
  return `$${usd.toLocaleString('en-US', digits)}`;
}

/** "12,345 in / 2,310 out tokens", marked when some counts were estimated from the text. */
export function formatTokens(input: number, output: number, estimated: boolean): string {
  return `${input.toLocaleString('en-US')} in / ${output.toLocaleString('en-US')} out tokens${estimated ? ' (estimated)' : ''}`;
}

/** A bulk job's spend, live: what it cost so far and what the rest should cost at the same rate (null: nothing called yet). */
export function jobCostText(cost: {
  spent_usd: number;
  calls: number;
  estimate_to_finish_usd: number | null;
  estimated: boolean;
}): string | null {
  if (cost.calls === 0) return null;
  const spent = `Spent so far: ${formatUsd(cost.spent_usd)}${cost.estimated ? ' (some tokens estimated)' : ''}`;
  return cost.estimate_to_finish_usd === null
    ? spent
    : `${spent} · about ${formatUsd(cost.estimate_to_finish_usd)} more to finish`;
}
