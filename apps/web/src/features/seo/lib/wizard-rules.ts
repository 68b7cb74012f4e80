/** What the wizard knows about the loaded project, for its step rules (spec §4 Wizard). */
export interface WizardFacts {
  hasProject: boolean;
  keywords: number;
  hasOutline: boolean;
  articles: number;
  pages: number;
}

export const LAST_STEP = 6;

/**
 * The step a loaded project opens on: no keywords → 1; keywords only → 2; keywords and outline
 * → 3; articles → 4; articles and pages → 5.
 */
export function automaticStep(facts: WizardFacts): number {
  if (!facts.hasProject) return 0;
  if (facts.articles > 0 && facts.pages > 0) return 5;
  if (facts.articles > 0) return 4;
  if (facts.keywords === 0) return 1;
  if (!facts.hasOutline) return 2;
  return 3;
}

/** Next: step 0 needs a project, 1 keywords, 2 and 3 an outline, 4 articles; the rest always. */
export function canGoNext(step: number, facts: WizardFacts): boolean {
  switch (step) {
    case 0:
      return facts.hasProject;
    case 1:
      return facts.keywords > 0;
    case 2:
    case 3:
      return facts.hasOutline;
    case 4:
      return facts.articles > 0;
    default:
      return step < LAST_STEP;
  }
}
