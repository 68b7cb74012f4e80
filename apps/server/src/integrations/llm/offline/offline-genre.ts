import type { TaskType } from '@abp/contracts';
import { businessFacts, filmFacts } from './offline-facts.js';
import { FILM_BANK, HISTORY_BANK, KITCHEN_BANK, LISTING_BANK } from './prose-genres.js';
import { GUIDE_BANK, type ProseBank } from './prose-templates.js';
import { topicNouns } from './section-kit.js';

export interface Genre {
  bank: ProseBank;
  extraSlots: Record<string, string[]>;
  topicNames: string[];
  howTo: boolean;
}

/** The prose register of a task type: a review for films, history for accounts, a listing for businesses. */
export function genreFor(taskType: TaskType, topic: string, subject: string): Genre {
  const nouns = topicNouns(topic);
  const short = nouns.slice(0, 2).join(' ');
  const topicNames = short && short !== topic.toLowerCase() ? [topic, short] : [topic];
  switch (taskType) {
    case 'ACT Like IMDB And Give Me Full Movie Data': {
      const film = filmFacts(topic);
      // A film is named by its title, never by a shortened phrase.
      return {
        bank: FILM_BANK,
        topicNames: [subject, 'the film'],
        extraSlots: { lead: film.characters.slice(0, 1), setting: [film.setting], director: [film.director] },
        howTo: false,
      };
    }
    case 'Business Information Listing (like yelp)': {
      const business = businessFacts(topic);
      return {
        bank: LISTING_BANK,
        topicNames: [subject],
        extraSlots: { city: [business.address.split(', ').pop() ?? 'town'], owner: [business.owner] },
        howTo: false,
      };
    }
    // A dish or an event is named in full: "lemon garlic" is not the dish, "great fire" is not the event.
    case 'Accurate Historical Account':
      return { bank: HISTORY_BANK, topicNames: [topic], extraSlots: {}, howTo: false };
    case 'Recipe':
      return { bank: KITCHEN_BANK, topicNames: [topic], extraSlots: {}, howTo: true };
    default:
      return { bank: GUIDE_BANK, topicNames, extraSlots: {}, howTo: true };
  }
}
