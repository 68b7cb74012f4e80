// The rule lives in the contracts since issue #37: the server checks a schedule's month against the budgets with it.
export { monthlyArticles } from '@abp/contracts';
