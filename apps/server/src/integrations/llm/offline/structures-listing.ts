import { businessFacts, distinctNames, filmFacts, formatHour } from './offline-facts.js';
import { escapeHtml, itemCount, listHtml, type SectionContext, withProse } from './section-kit.js';

/* Data-shaped sections for the movie and business-listing task types. */

const field = (label: string, value: string) => `<strong>${label}:</strong> ${escapeHtml(value)}`;

export function filmFactsSection(context: SectionContext): string {
  const film = filmFacts(context.topic);
  const fields = [
    field('Title', context.subject),
    field('Year', String(film.year)),
    field('Release date', film.releaseDate),
    field('Director', film.director),
    field('Writers', film.writers.join(', ')),
    field('Starring', film.cast.slice(0, 4).join(', ')),
    field('Genre', film.genres.join(', ')),
    field('Runtime', `${film.runtimeMinutes} minutes`),
    field('Rating', film.rating),
    field('Language', 'English'),
    field('Studio', film.studio),
    field('Budget', `$${film.budgetMillions} million (estimated)`),
    field('Box office', `$${film.boxOfficeMillions} million worldwide`),
  ];
  return withProse(context, listHtml(fields), 'after');
}

export function castCrewSection(context: SectionContext): string {
  const film = filmFacts(context.topic);
  const cast = film.cast.map(
    (actor, i) =>
      `<strong>${escapeHtml(actor)}</strong> as ${escapeHtml(film.characters[i] ?? 'a supporting character')}`,
  );
  const crew = [
    field('Directed by', film.director),
    field('Written by', film.writers.join(' and ')),
    field('Cinematography', film.cinematographer),
    field('Music', film.composer),
  ];
  return withProse(context, `<h3>Cast</h3>\n${listHtml(cast)}\n<h3>Crew</h3>\n${listHtml(crew)}`, 'after');
}

export function synopsisSection(context: SectionContext): string {
  const film = filmFacts(context.topic);
  const [lead, rival, ally] = film.characters;
  const story = [
    `Set in the town of ${film.setting}, ${context.subject} follows ${lead}, whose ordinary routine is upended by a discovery that cannot be ignored.`,
    `As ${lead} looks for answers, an uneasy partnership with ${ally} forms, and the pressure from ${rival} grows with every scene.`,
    `The film keeps its biggest turns for the final act, so this synopsis stops short of spoilers.`,
  ];
  return withProse(context, `<p>${story.join(' ')}</p>`, 'after');
}

export function businessDetailsSection(context: SectionContext): string {
  const business = businessFacts(context.topic);
  const fields = [
    field('Name', context.subject),
    field('Address', business.address),
    field('Phone', business.phone),
    field('Price range', business.priceRange),
    field('Rating', `${business.rating} out of 5 (${business.reviewCount} reviews)`),
    field('Established', String(business.founded)),
    field('Owner', business.owner),
  ];
  return withProse(context, listHtml(fields), 'after');
}

export function hoursSection(context: SectionContext): string {
  const business = businessFacts(context.topic);
  const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  const rows = days.map((day) => {
    const weekend = day === 'Saturday' || day === 'Sunday';
    const hours =
      day === business.closedDay
        ? 'Closed'
        : `${formatHour(business.opensAt + (weekend ? 1 : 0))} – ${formatHour(business.closesAt - (weekend ? 2 : 0))}`;
    return `<tr><td>${day}</td><td>${hours}</td></tr>`;
  });
  const table = `<table>\n<thead><tr><th>Day</th><th>Hours</th></tr></thead>\n<tbody>\n${rows.join('\n')}\n</tbody>\n</table>`;
  return withProse(context, table, 'after');
}

const SERVICES = [
  'Consultations — a short conversation to understand what you need before any work starts',
  'Same-day appointments — available most weekdays when booked before noon',
  'Online booking — choose a time that suits you without calling ahead',
  'Group bookings — arrangements for families, teams and celebrations',
  'Gift cards — available in any amount, valid for twelve months',
  'Seasonal specials — a rotating selection that changes through the year',
  'Local delivery — within a few miles, for a small fee',
  'Loyalty rewards — every tenth visit comes with a thank-you',
];

export function servicesSection(context: SectionContext): string {
  const count = itemCount(context.budget, 14, 4, SERVICES.length);
  const items = [
    `${escapeHtml(context.subject)} essentials — the core service most visitors come for`,
    ...context.random.shuffled(SERVICES).slice(0, count - 1),
  ];
  return withProse(context, listHtml(items));
}

const REVIEW_QUOTES = [
  'Friendly, quick and exactly what was promised. We will be back.',
  'Good value and the staff clearly know what they are doing.',
  'A little busy at weekends, but worth the short wait.',
  'Booking was easy and everything was ready on time.',
  'They took the time to explain the options without any pressure.',
  'Consistently good. It has become our first choice in the area.',
];

export function reviewsSection(context: SectionContext): string {
  const count = itemCount(context.budget, 16, 2, 6, 0.6);
  const names = distinctNames(context.random, count);
  const quotes = context.random
    .shuffled(REVIEW_QUOTES)
    .slice(0, count)
    .map((quote, i) => {
      const stars = context.random.next() < 0.7 ? '★★★★★' : '★★★★☆';
      return `<blockquote><p>“${quote}” — ${escapeHtml(names[i] ?? 'A visitor')}, ${stars}</p></blockquote>`;
    });
  return withProse(context, quotes.join('\n'));
}
