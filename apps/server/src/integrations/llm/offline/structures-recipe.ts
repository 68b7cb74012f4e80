import { escapeHtml, itemCount, listHtml, type SectionContext, topicNouns, withProse } from './section-kit.js';

/*
 * Recipe sections. Two families cover most topics: baking (breads, cakes, pastry) and savoury
 * cooking. The dish's own words name the main ingredient; the family supplies the rest.
 */

interface RecipeFamily {
  staples: readonly string[];
  steps: readonly string[];
  /** Step indexes that can be left out of a short method without breaking it. */
  optionalSteps: readonly number[];
  tips: readonly string[];
}

const BAKING_WORDS =
  /bread|loaf|sourdough|cake|cookie|biscuit|muffin|brownie|scone|pastry|pie|tart|bun|roll|pizza|focaccia|bagel|croissant|pancake|waffle|banana bread|baguette|brioche/i;

const BAKING: RecipeFamily = {
  staples: [
    '500 g strong bread flour or plain flour',
    '325 ml lukewarm water',
    '10 g fine sea salt',
    '100 g active sourdough starter or 7 g dried yeast',
    '2 tablespoons olive oil or melted butter',
    '1 tablespoon honey or sugar',
    '1 egg, beaten, for glazing',
    'Extra flour for dusting',
  ],
  steps: [
    'Weigh all the ingredients before you begin; baking rewards accuracy.',
    'Mix the flour and water until no dry patches remain, then leave to rest for 30 minutes.',
    'Add the salt and the starter or yeast, and work them in thoroughly with wet hands.',
    'Knead or stretch and fold the dough for about 10 minutes, until smooth and elastic.',
    'Cover and leave to rise somewhere warm until roughly doubled, usually 2 to 4 hours.',
    'Turn the dough out onto a lightly floured surface and shape the {main} gently, keeping the surface taut.',
    'Place in a lined tin or proving basket, cover, and prove again for about 1 hour.',
    'Heat the oven to 230°C (210°C fan) with a tray or pot inside for at least 30 minutes.',
    'Brush with egg or dust with flour, score the top with a sharp blade, and bake for 30 to 40 minutes until deep golden.',
    'Check it is done: the base should sound hollow when tapped.',
    'Cool on a wire rack for at least an hour before slicing, so the crumb can set.',
    'Store wrapped in a clean cloth for two days, or slice and freeze.',
  ],
  optionalSteps: [0, 6, 9, 11],
  tips: [
    'Use a digital scale; cups vary too much for reliable {main}.',
    'A warm kitchen speeds rising, a cool one slows it: watch the dough, not the clock.',
    'Steam in the first minutes of baking gives a better crust.',
    'Let the {main} cool fully before cutting, however tempting it smells.',
    'Keep a note of rising times in your kitchen across the seasons.',
  ],
};

const SAVOURY: RecipeFamily = {
  staples: [
    '2 tablespoons olive oil',
    '1 medium onion, finely chopped',
    '2 cloves garlic, crushed',
    '1 teaspoon sea salt, plus more to taste',
    '½ teaspoon freshly ground black pepper',
    '30 g butter',
    '1 small bunch fresh parsley, chopped',
    '250 ml stock or water',
    '1 tablespoon lemon juice',
    '1 teaspoon smoked paprika',
  ],
  steps: [
    'Prepare the {main}: rinse, trim and cut it into even pieces so everything cooks at the same rate.',
    'Measure out the remaining ingredients before you turn on the heat; once cooking starts, things move quickly.',
    'Warm the olive oil in a wide, heavy pan over medium heat until it shimmers.',
    'Add the onion with a pinch of salt and cook for 6 to 8 minutes, stirring now and then, until soft and golden.',
    'Stir in the garlic and paprika and cook for one more minute, just until fragrant.',
    'Add the {main} and cook, turning occasionally, until lightly coloured on all sides.',
    'Pour in the stock, scrape up anything stuck to the pan, and bring to a gentle simmer.',
    'Cover and cook for 15 to 20 minutes, until the {main} is tender and the sauce has thickened slightly.',
    'Stir in the butter and lemon juice, then taste and adjust the seasoning with salt and pepper.',
    'Take the pan off the heat and let it rest for 5 minutes so the flavours settle.',
    'Scatter over the parsley and serve warm, with bread, rice or a crisp green salad.',
    'Cool any leftovers quickly and refrigerate them in a covered container for up to three days.',
  ],
  optionalSteps: [1, 4, 9, 11],
  tips: [
    'Dry the {main} well before it goes into the pan; moisture stops it from browning.',
    'Use a pan wide enough to hold everything in a single layer.',
    'Season in stages and taste as you go rather than all at the end.',
    'If the sauce reduces too far, loosen it with a splash of hot water.',
    'Swap the herbs for whatever is in season; the method stays the same.',
  ],
};

function recipeParts(topic: string): { family: RecipeFamily; main: string; flavours: string[] } {
  const nouns = topicNouns(topic);
  const family = BAKING_WORDS.test(topic) ? BAKING : SAVOURY;
  // The last significant word is usually the dish ("lemon garlic chicken" → chicken).
  const main = nouns[nouns.length - 1] ?? 'main ingredient';
  const flavours = nouns.slice(0, -1).filter((noun) => !BAKING_WORDS.test(noun));
  return { family, main, flavours };
}

export function ingredientsSection(context: SectionContext): string {
  const { family, main, flavours } = recipeParts(context.topic);
  const count = itemCount(context.budget, 7, 6, 14);
  const items = family === SAVOURY ? [`500 g ${escapeHtml(main)}`] : [];
  items.push(...flavours.map((flavour) => `${escapeHtml(flavour)}, to taste`));
  // Staples that repeat a named ingredient (a garlic recipe already lists garlic) are skipped.
  const staples = family.staples.filter((line) => !flavours.some((f) => line.includes(f)));
  items.push(...staples.slice(0, Math.max(family === BAKING ? 6 : 4, count - items.length)));
  const serves = `<p><strong>Serves:</strong> ${context.random.int(2, 6)} · <strong>Prep:</strong> ${context.random.int(10, 25)} minutes · <strong>Cook:</strong> ${context.random.int(20, 60)} minutes</p>`;
  return withProse(context, `${serves}\n${listHtml(items)}`, 'after');
}

export function methodSection(context: SectionContext): string {
  const { family, main } = recipeParts(context.topic);
  const count = itemCount(
    context.budget,
    18,
    family.steps.length - family.optionalSteps.length,
    family.steps.length,
    0.8,
  );
  // Keep the cooking order: drop optional steps rather than shuffle.
  const dropped = new Set(context.random.shuffled(family.optionalSteps).slice(0, family.steps.length - count));
  const steps = family.steps
    .filter((_, index) => !dropped.has(index))
    .map((step) => step.replaceAll('{main}', escapeHtml(main)));
  return withProse(context, listHtml(steps, true), 'after');
}

export function recipeNotesSection(context: SectionContext): string {
  const { family, main } = recipeParts(context.topic);
  const tips = context.random
    .shuffled(family.tips)
    .slice(0, itemCount(context.budget, 14, 3, 5, 0.35))
    .map((tip) => tip.replaceAll('{main}', escapeHtml(main)));
  return withProse(context, listHtml(tips));
}
