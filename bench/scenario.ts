/** One benchmark: a name to pick it by (`npm run bench -- <name>`), what it measures, and its figures. */
export interface Scenario {
  name: string;
  description: string;
  run(): Promise<Record<string, string | number>>;
}
