import type { SectionRole } from '../writing-intent.js';
import type { SectionRenderer } from './section-kit.js';
import {
  benefitsSection,
  bodySection,
  callToActionSection,
  heroSection,
  howItWorksSection,
  testimonialsSection,
} from './structures-landing.js';
import {
  businessDetailsSection,
  castCrewSection,
  filmFactsSection,
  hoursSection,
  reviewsSection,
  servicesSection,
  synopsisSection,
} from './structures-listing.js';
import { ingredientsSection, methodSection, recipeNotesSection } from './structures-recipe.js';
import { faqSection, glossarySection, keyFiguresSection, timelineSection } from './structures-reference.js';

const prose: SectionRenderer = (context) => context.prose.paragraphsHtml(context.budget);

/** Every role the offline writer can fill, each in its own shape. */
export const SECTION_RENDERERS: Record<SectionRole, SectionRenderer> = {
  intro: prose,
  body: bodySection,
  conclusion: prose,
  faq: faqSection,
  glossary: glossarySection,
  ingredients: ingredientsSection,
  method: methodSection,
  recipe_notes: recipeNotesSection,
  timeline: timelineSection,
  key_figures: keyFiguresSection,
  film_facts: filmFactsSection,
  cast_crew: castCrewSection,
  synopsis: synopsisSection,
  business_details: businessDetailsSection,
  hours: hoursSection,
  services: servicesSection,
  reviews: reviewsSection,
  hero: heroSection,
  benefits: benefitsSection,
  how_it_works: howItWorksSection,
  testimonials: testimonialsSection,
  call_to_action: callToActionSection,
};
