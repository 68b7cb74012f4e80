// size-limit's configuration (`npm run size`, part of `npm run lint`): the page-weight budgets,
// and how each is translated into files and a limit, are in scripts/size-budgets.mjs.
import { sizeLimitChecks } from './scripts/size-budgets.mjs';

export default sizeLimitChecks();
