import type { TaskType } from '@abp/contracts';
import type { SectionRole } from '../../../integrations/llm/index.js';

/* What each task type and each section role must look like, in words a model follows. */

export const TASK_GUIDES: Record<TaskType, string> = {
  'Blog Post':
    'An informative blog post: an engaging introduction, body sections with practical detail and examples, and a short conclusion.',
  FAQ: 'A frequently-asked-questions page: themed groups of real questions a reader would ask, each answered directly and completely.',
  Glossary:
    'A glossary: the important terms of the subject, each followed by a clear plain-language definition and, where useful, an example.',
  'Landing Page':
    'A persuasive landing page: a hero with a headline and promise, benefits, how it works, supporting sections, testimonials, objections answered, and a clear call to action.',
  Recipe:
    'A complete recipe: a short introduction, an ingredient list with quantities, numbered method steps, then tips, variations and storage.',
  'Accurate Historical Account':
    'A factual historical account: background, a dated timeline of key events, the key figures, analysis of causes and consequences, and the legacy. Only state facts that are well established; prefer general wording to invented specifics.',
  'ACT Like IMDB And Give Me Full Movie Data':
    'A movie data page in the style of IMDb: film facts (title, year, release date, director, writers, stars, genre, runtime, rating, studio, budget, box office), synopsis without spoilers, cast and crew, production, reception and trivia.',
  'Business Information Listing (like yelp)':
    'A business listing in the style of Yelp: business details (name, address, phone, price range, rating), opening hours, services, what to expect, location, customer reviews and FAQs.',
};

export const ROLE_GUIDES: Record<SectionRole, string> = {
  intro: 'Introductory paragraphs that set up the topic and what the reader will gain. No subheadings.',
  body: 'Informative paragraphs; use <h3> subheadings and a list where they help the reader.',
  conclusion:
    'Closing paragraphs that draw the main points together and leave the reader with a next step. No subheadings.',
  faq: 'Several questions, each as an <h3> with the question, followed by a <p> answer of two to four sentences.',
  glossary: 'Several terms, each as an <h3> with the term, followed by a <p> definition and, where useful, an example.',
  ingredients: 'A line with servings, prep and cook time, then a <ul> of ingredients, each with its quantity.',
  method:
    'An <ol> of numbered steps in cooking order, each one or two sentences with times and temperatures where relevant.',
  recipe_notes: 'Practical notes: a <ul> of tips or variations plus short paragraphs.',
  timeline: 'A <ul> of dated events in chronological order, each as <li><strong>date</strong> — what happened</li>.',
  key_figures: 'A <ul> of the key people, each with <strong>name</strong> and their role.',
  film_facts:
    'A <ul> of data fields, each as <li><strong>Field:</strong> value</li>: title, year, release date, director, writers, starring, genre, runtime, rating, language, studio, budget, box office.',
  cast_crew: 'An <h3>Cast</h3> <ul> of actors with their characters, then an <h3>Crew</h3> <ul> of key crew roles.',
  synopsis: 'A spoiler-free synopsis in paragraphs.',
  business_details:
    'A <ul> of fields, each as <li><strong>Field:</strong> value</li>: name, address, phone, price range, rating, established.',
  hours: 'A <table> with a header row (Day, Hours) and one row per day of the week.',
  services: 'A <ul> of services, each with a short description, then a paragraph.',
  reviews: 'Several customer reviews, each a <blockquote><p>quote — name, rating</p></blockquote>.',
  hero: 'A bold one-line headline in <p><strong>…</strong></p>, then a short promise paragraph.',
  benefits: 'A <ul> of benefits, each starting with a <strong> benefit name</strong>.',
  how_it_works: 'An <ol> of three or four simple steps.',
  testimonials: 'Two to four customer testimonials, each a <blockquote><p>quote — name</p></blockquote>.',
  call_to_action: 'A persuasive closing with a clear call to action in <strong>; do not invent URLs.',
};
