import { type SeededRandom, seededRandom } from './seeded-random.js';

/*
 * Invented but self-consistent details for the data-shaped task types. They are seeded by the
 * topic alone, so the film's director is the same in "Film Facts" and in "Cast and Crew" even
 * though the two sections are written independently.
 */

const FIRST_NAMES = [
  'Ada',
  'Ben',
  'Clara',
  'Daniel',
  'Elena',
  'Felix',
  'Grace',
  'Hugo',
  'Iris',
  'Jonah',
  'Kira',
  'Leo',
  'Maya',
  'Nolan',
  'Olive',
  'Pablo',
  'Quinn',
  'Rosa',
  'Samuel',
  'Tessa',
  'Victor',
  'Wren',
  'Yusuf',
  'Zoe',
];
const SURNAMES = [
  'Abbott',
  'Brennan',
  'Castillo',
  'Dalton',
  'Ellery',
  'Fairbanks',
  'Garrow',
  'Hale',
  'Ibarra',
  'Jensen',
  'Kowalski',
  'Lindqvist',
  'Moreau',
  'Nakamura',
  'Okafor',
  'Pryce',
  'Quintero',
  'Rahman',
  'Sato',
  'Thorne',
  'Varga',
  'Whitlock',
];
const CITIES = [
  'Riverton',
  'Maple Falls',
  'Port Ellison',
  'Cedar Grove',
  'Ashford',
  'Brookhaven',
  'Lakeside',
  'Millbrook',
  'Harlow Bay',
  'Westfield',
];
const STREETS = ['Market', 'Elm', 'Harbour', 'Station', 'Mill', 'Church', 'Park', 'Oak', 'Bridge', 'Orchard'];
const GENRES = ['Drama', 'Thriller', 'Comedy', 'Adventure', 'Mystery', 'Romance', 'Science Fiction', 'Crime'];
const RATINGS = ['PG', 'PG-13', 'R', '12A', '15'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export const personName = (random: SeededRandom) => `${random.pick(FIRST_NAMES)} ${random.pick(SURNAMES)}`;

/** Distinct names, so a cast never lists the same actor twice. */
export function distinctNames(random: SeededRandom, count: number): string[] {
  const names = new Set<string>();
  while (names.size < count) names.add(personName(random));
  return [...names];
}

export interface FilmFacts {
  year: number;
  releaseDate: string;
  director: string;
  writers: string[];
  cast: string[];
  characters: string[];
  genres: string[];
  runtimeMinutes: number;
  rating: string;
  studio: string;
  budgetMillions: number;
  boxOfficeMillions: number;
  composer: string;
  cinematographer: string;
  setting: string;
}

export function filmFacts(topic: string): FilmFacts {
  const random = seededRandom(`film:${topic.toLowerCase()}`);
  const year = random.int(1972, 2022);
  const people = distinctNames(random, 12);
  const budgetMillions = random.int(8, 120);
  return {
    year,
    releaseDate: `${random.pick(MONTHS)} ${random.int(1, 28)}, ${year}`,
    director: people[0] as string,
    writers: people.slice(1, 3),
    cast: people.slice(3, 9),
    characters: distinctNames(random, 6).map((name) => name.split(' ')[0] as string),
    genres: random.shuffled(GENRES).slice(0, 2),
    runtimeMinutes: random.int(92, 158),
    rating: random.pick(RATINGS),
    studio: `${random.pick(SURNAMES)} Pictures`,
    budgetMillions,
    boxOfficeMillions: Math.round(budgetMillions * (0.8 + random.next() * 3.5)),
    composer: people[9] as string,
    cinematographer: people[10] as string,
    setting: random.pick(CITIES),
  };
}

export interface BusinessFacts {
  address: string;
  phone: string;
  priceRange: string;
  rating: string;
  reviewCount: number;
  owner: string;
  founded: number;
  opensAt: number;
  closesAt: number;
  closedDay: string;
}

export function businessFacts(topic: string): BusinessFacts {
  const random = seededRandom(`business:${topic.toLowerCase()}`);
  return {
    // 555-01xx numbers are reserved for fiction, so an invented listing never dials a real person.
    address: `${random.int(4, 480)} ${random.pick(STREETS)} Street, ${random.pick(CITIES)}`,
    phone: `(555) 555-01${String(random.int(0, 99)).padStart(2, '0')}`,
    priceRange: random.pick(['$', '$$', '$$$']),
    rating: (4 + random.int(0, 9) / 10).toFixed(1),
    reviewCount: random.int(24, 640),
    owner: personName(random),
    founded: random.int(1968, 2021),
    opensAt: random.pick([7, 8, 9, 10]),
    closesAt: random.pick([17, 18, 19, 20, 21]),
    closedDay: random.pick(['Sunday', 'Monday']),
  };
}

export const formatHour = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? 'a.m.' : 'p.m.'}`;

/** A four-digit year in the topic anchors the timeline; otherwise a stable invented one. */
export function timelineStartYear(topic: string): number {
  const year = /\b(1[0-9]{3}|20[0-2][0-9])\b/.exec(topic)?.[1];
  if (year) return Number(year) - 12;
  return seededRandom(`history:${topic.toLowerCase()}`).int(1780, 1940);
}
