import type { ProseBank } from './prose-templates.js';

/*
 * Genre-specific sentences, so the prose around a film's facts reads like a review and the prose
 * around a timeline reads like history. Extra slots: {lead} {setting} {director} {city} {owner}.
 */

export const FILM_BANK: ProseBank = {
  openers: [
    '{topic} wastes little time establishing its world.',
    'From its opening scenes, {topic} signals that it is more ambitious than its premise suggests.',
    'Much of the film rests on the performance at its centre, and {lead} is a character worth following.',
    'Director {director} gives {topic} a measured, confident rhythm.',
    'The setting of {setting} is almost a character in its own right.',
  ],
  explanations: [
    'The screenplay favours character over spectacle, which gives the quieter scenes real weight.',
    'Its pacing is deliberate, building tension through small reveals rather than loud set pieces.',
    'The cinematography uses natural light and long takes to keep the audience close to {lead}.',
    'The score stays in the background for most of the running time, then swells exactly when it should.',
    'Supporting performances add texture without pulling focus from the main story.',
    'The editing keeps several storylines moving without ever losing the thread.',
  ],
  examples: [
    'One early scene in {setting}, played almost without dialogue, tells you everything about what {lead} stands to lose.',
    'A mid-film sequence, staged in a single continuous shot, is often cited as the moment the film finds its voice.',
    'The recurring visual motif of closed doors and open windows rewards attentive viewers.',
  ],
  advice: [
    'It is best watched without reading too much about the plot beforehand.',
    'Viewers who enjoy character-driven stories will find plenty to admire here.',
    'A second viewing brings out details in the first act that are easy to miss.',
  ],
  cautions: [
    'Audiences expecting non-stop action may find the middle stretch slow.',
    'Not every subplot is resolved, which some viewers will find frustrating.',
    'The ending divides opinion, and that is clearly by design.',
  ],
  closers: [
    'It is the kind of film that stays with you after the credits roll.',
    'Taken as a whole, {topic} is a confident and memorable piece of work.',
    'Few films in its genre manage the same balance of heart and tension.',
  ],
};

export const HISTORY_BANK: ProseBank = {
  openers: [
    'To understand {topic}, it helps to begin with the world in which it took place.',
    'The story of {topic} is usually told through a handful of famous moments, but the wider context matters just as much.',
    'Contemporary accounts of {topic} differ in detail, yet they agree on its broad outline.',
    'Historians continue to debate the causes of {topic}.',
    'Few episodes of the period left as deep a mark as {topic}.',
  ],
  explanations: [
    'Economic pressure, political rivalry and changing ideas all played a part.',
    'Ordinary people experienced these changes long before they were written into law.',
    'Surviving letters, official records and later memoirs each show a different side of events.',
    'Decisions taken in a few crowded rooms had consequences that lasted for generations.',
    'The pace of change was uneven, fast in the cities and much slower in the countryside.',
    'Later retellings often simplified a story that was messier and more gradual than legend suggests.',
  ],
  examples: [
    'Parish registers and local newspapers, for instance, record the effects of {topic} on daily life in vivid detail.',
    'The correspondence of those involved reveals how uncertain the outcome seemed at the time.',
    'Regional archives show that the same events were understood very differently from place to place.',
  ],
  advice: [
    'Reading a range of sources, including critics of the time, gives the most balanced picture.',
    'It is worth separating what was known at the time from what became clear only later.',
    'Dates and names matter, but so do the motives behind them.',
  ],
  cautions: [
    'Popular myths about {topic} persist, and several do not survive a look at the evidence.',
    'Hindsight makes the outcome look inevitable, which it was not.',
    'Some of the best-known anecdotes first appear decades after the events they describe.',
  ],
  closers: [
    'The legacy of {topic} can still be traced in institutions and attitudes today.',
    'That is why {topic} remains a subject of lively study and debate.',
    'Its lessons continue to shape how later generations think about change.',
  ],
};

export const LISTING_BANK: ProseBank = {
  openers: [
    '{topic} has built a steady following in {city}.',
    'Regulars describe {topic} as friendly, reliable and easy to recommend.',
    'Since opening its doors, {topic} has become a familiar name in the neighbourhood.',
    'Visitors to {topic} usually mention the welcome before anything else.',
    'Under {owner}, {topic} has kept its focus on doing a few things very well.',
  ],
  explanations: [
    'The team takes time to explain options, which first-time visitors appreciate.',
    'Prices are clearly displayed and in line with similar businesses in {city}.',
    'Weekday mornings tend to be quieter, while Saturdays are the busiest time of the week.',
    'Bookings can be made by phone or in person, and walk-ins are welcome when there is space.',
    'The space is clean, well lit and easy to find from the main road.',
    'Staff are happy to accommodate special requests when given a little notice.',
  ],
  examples: [
    'One recent visitor noted that a question asked at the counter turned into a helpful ten-minute conversation.',
    'Several reviews mention returning with friends and family after a first visit.',
    'Local groups and community events have used the space for small gatherings.',
  ],
  advice: [
    'Calling ahead is a good idea at weekends and on public holidays.',
    'Check the opening hours before travelling, as they change on some holidays.',
    'Ask about seasonal offers, which are not always advertised.',
  ],
  cautions: [
    'Parking nearby can be limited at peak times.',
    'Wait times can stretch during the lunchtime rush.',
    'Card payments are accepted, but it is worth confirming for very small amounts.',
  ],
  closers: [
    'For anyone in {city}, {topic} is well worth a visit.',
    'It is easy to see why so many customers keep coming back.',
    'All in all, a dependable choice with a personal touch.',
  ],
};

export const KITCHEN_BANK: ProseBank = {
  openers: [
    'Good {topic} starts with good ingredients and a little patience.',
    'The secret to reliable {topic} is in the timing rather than any special trick.',
    'This version of {topic} keeps the method simple so the flavours can speak for themselves.',
    'Once you have made {topic} a couple of times, the steps become second nature.',
    'Home cooks love {topic} because it rewards care without demanding expertise.',
  ],
  explanations: [
    'Measuring by weight gives more consistent results than measuring by volume.',
    'Letting the ingredients come to room temperature first helps everything combine evenly.',
    'A heavy pan or tray spreads the heat more evenly and prevents scorching.',
    'Resting time allows the texture to settle and the flavours to deepen.',
    'Seasoning in stages, and tasting as you go, avoids a flat or over-salted result.',
    'Every oven and hob behaves a little differently, so trust what you see as much as the timer.',
  ],
  examples: [
    'For a weekend lunch, {topic} pairs well with a crisp salad and something fresh to drink.',
    'Many cooks make a double batch of {topic} and freeze half for a busy evening.',
    'A family favourite variation adds a handful of fresh herbs just before serving.',
  ],
  advice: [
    'Read the whole recipe once before you start, and set out everything you need.',
    'Keep a note of any changes you make, so a great result can be repeated.',
    'If you are cooking for guests, do a practice run a few days before.',
  ],
  cautions: [
    'Resist the urge to open the oven too often; each look lets out heat.',
    'Overcrowding the pan steams the food instead of browning it.',
    'Cutting the resting time short is the most common cause of disappointing results.',
  ],
  closers: [
    'With a little practice, {topic} will become a dependable favourite.',
    'Enjoy it fresh, and do not be surprised when people ask for the recipe.',
    'Simple, satisfying and endlessly adaptable: that is the appeal of {topic}.',
  ],
};
