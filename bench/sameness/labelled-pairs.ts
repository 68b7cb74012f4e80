/*
 * A small labelled set for the sameness check (issue #33 §4): pairs of posts that are, or are not,
 * made from one template. Positives share a title form, a heading skeleton or an opening the way
 * scaled content does, on different subjects; negatives include the hard cases (the same subject
 * in another shape, both with an Introduction and a Conclusion, the same length only, one shared
 * title form only). Labelled by hand; `npm run bench -- sameness` prints precision and recall.
 */

export interface PostSpec {
  title: string;
  headings: string[];
  opening: string;
  words: number;
}

export interface LabelledPair {
  name: string;
  a: PostSpec;
  b: PostSpec;
  sameTemplate: boolean;
}

const FILLER =
  'the details depend on the season the budget and the people involved so a careful plan helps and small changes add up over time while mistakes teach as much as successes'.split(
    ' ',
  );

/** A post's HTML: its opening sentence, then its headings with filler text, `words` words in all. */
export function postHtml(post: PostSpec): string {
  const sections = Math.max(1, post.headings.length);
  const openingWords = post.opening.split(/\s+/).length;
  const perSection = Math.max(10, Math.round((post.words - openingWords) / sections));
  let seed = post.title.length;
  const paragraph = (count: number) =>
    Array.from({ length: count }, () => FILLER[(seed = (seed * 31 + 7) % 9973) % FILLER.length]).join(' ');
  const body = post.headings.map((heading) => `<h2>${heading}</h2>\n<p>${paragraph(perSection)}.</p>`).join('\n');
  return `<p>${post.opening}</p>\n${body || `<p>${paragraph(perSection)}.</p>`}`;
}

const p = (title: string, headings: string[], opening: string, words: number): PostSpec => ({
  title,
  headings,
  opening,
  words,
});

export const LABELLED_PAIRS: LabelledPair[] = [
  // Made from one template.
  {
    name: 'what-is beginner guides',
    sameTemplate: true,
    a: p(
      "What Is Composting? A Beginner's Guide",
      [
        'What Is Composting?',
        'Why Composting Matters',
        'How to Start Composting',
        'Common Composting Mistakes',
        'Conclusion',
      ],
      'Have you ever wondered what happens to kitchen scraps?',
      1500,
    ),
    b: p(
      "What Is Sourdough? A Beginner's Guide",
      [
        'What Is Sourdough?',
        'Why Sourdough Matters',
        'How to Start a Sourdough Starter',
        'Common Sourdough Mistakes',
        'Conclusion',
      ],
      'Have you ever wondered why sourdough tastes sour?',
      1520,
    ),
  },
  {
    name: 'n-ways listicles',
    sameTemplate: true,
    a: p(
      '10 Ways to Save Water at Home',
      [
        'Introduction',
        'Why It Matters',
        'Tip 1: Fix Leaks',
        'Tip 2: Shorter Showers',
        'Tip 3: Collect Rainwater',
        'Final Thoughts',
      ],
      'Water bills keep rising in dry summers.',
      1200,
    ),
    b: p(
      '7 Ways to Cut Your Energy Bill',
      [
        'Introduction',
        'Why It Matters',
        'Tip 1: Seal Drafts',
        'Tip 2: Lower the Thermostat',
        'Tip 3: Switch Bulbs',
        'Final Thoughts',
      ],
      'Heating costs doubled for many households.',
      1900,
    ),
  },
  {
    name: 'ultimate guides with a stock opening',
    sameTemplate: true,
    a: p(
      'The Ultimate Guide to Hiking Boots',
      [
        'Introduction',
        'What to Look for in Hiking Boots',
        'The Best Hiking Boots for Beginners',
        'How to Care for Hiking Boots',
        'FAQs',
        'Conclusion',
      ],
      "In today's fast-paced world, good boots matter more than ever.",
      2200,
    ),
    b: p(
      'The Ultimate Guide to Camping Stoves',
      [
        'Introduction',
        'What to Look for in Camping Stoves',
        'The Best Camping Stoves for Beginners',
        'How to Care for Camping Stoves',
        'FAQs',
        'Conclusion',
      ],
      "In today's fast-paced world, a reliable stove matters more than ever.",
      2900,
    ),
  },
  {
    name: 'how-to with numbered steps, same length',
    sameTemplate: true,
    a: p(
      'How to Grow Tomatoes in Pots',
      [
        'What You Need',
        'Step 1: Choose a Pot',
        'Step 2: Plant the Seedlings',
        'Step 3: Water and Feed',
        'Common Mistakes',
        'Final Thoughts',
      ],
      'Tomatoes are forgiving plants.',
      1000,
    ),
    b: p(
      'How to Brew Cold Brew Coffee',
      [
        'What You Need',
        'Step 1: Grind the Beans',
        'Step 2: Steep Overnight',
        'Step 3: Strain and Dilute',
        'Common Mistakes',
        'Final Thoughts',
      ],
      'Cold brew needs patience, not skill.',
      1010,
    ),
  },
  {
    name: 'one skeleton under different titles, same length',
    sameTemplate: true,
    a: p(
      'Raised Bed Gardening Explained',
      [
        'What Is a Raised Bed?',
        'Why Raised Beds Matter',
        'How to Build a Raised Bed',
        'Pros and Cons of Raised Beds',
        'Conclusion',
      ],
      'Raised beds warm up early in spring.',
      2000,
    ),
    b: p(
      'Getting Into Beekeeping',
      [
        'What Is Beekeeping?',
        'Why Beekeeping Matters',
        'How to Set Up a Hive',
        'Pros and Cons of Beekeeping',
        'Conclusion',
      ],
      'A single hive can hold fifty thousand bees.',
      2030,
    ),
  },
  {
    name: 'worth-it questions with one opening',
    sameTemplate: true,
    a: p(
      'Is Intermittent Fasting Worth It?',
      ['The Research So Far', 'Who Benefits Most', 'Side Effects', 'Our Verdict'],
      'The short answer is that it depends on your goals.',
      1300,
    ),
    b: p(
      'Is a Standing Desk Worth It?',
      ['Posture and Back Pain', 'Productivity Claims', 'Costs', 'Our Verdict'],
      'The short answer is that it depends on your routine.',
      900,
    ),
  },
  {
    name: 'offline-writer style skeleton',
    sameTemplate: true,
    a: p(
      'Getting Composting Basics Right',
      [
        'Why Composting Basics Matters',
        'Quick Wins',
        'The Basics of Composting Basics',
        'Quick Checks',
        'Final Thoughts',
      ],
      'Composting turns waste into soil.',
      1537,
    ),
    b: p(
      'The Complete Guide to Home Espresso Machines',
      [
        'Why Home Espresso Machines Matters',
        'Quick Wins',
        'The Basics of Home Espresso Machines',
        'Quick Checks',
        'Final Thoughts',
      ],
      'Espresso at home is within reach.',
      1531,
    ),
  },
  {
    name: 'best-of reviews',
    sameTemplate: true,
    a: p(
      'Best Running Shoes for Flat Feet in 2025',
      ['Our Top Picks', 'How We Tested', 'Brooks Adrenaline Review', 'Asics Kayano Review', 'Buying Guide', 'FAQ'],
      'We tested 12 pairs over 6 weeks.',
      2500,
    ),
    b: p(
      'Best Budget Laptops for Students in 2025',
      ['Our Top Picks', 'How We Tested', 'Acer Aspire Review', 'Lenovo IdeaPad Review', 'Buying Guide', 'FAQ'],
      'We tested 9 laptops over 4 weeks.',
      3100,
    ),
  },
  {
    name: 'versus comparisons',
    sameTemplate: true,
    a: p(
      'Kindle vs Kobo: Which Is Better?',
      [
        'Kindle vs Kobo at a Glance',
        'Pros and Cons of Kindle',
        'Pros and Cons of Kobo',
        'Which Is Better?',
        'Final Verdict',
      ],
      'Both readers use the same screens.',
      1400,
    ),
    b: p(
      'Vim vs Emacs: Which Is Better?',
      [
        'Vim vs Emacs at a Glance',
        'Pros and Cons of Vim',
        'Pros and Cons of Emacs',
        'Which Is Better?',
        'Final Verdict',
      ],
      'The editor war started in the eighties.',
      1800,
    ),
  },
  {
    name: "beginner's guides with paraphrased openings",
    sameTemplate: true,
    a: p(
      "A Beginner's Guide to Watercolor Painting",
      ['Getting Started', 'Essential Supplies', 'Common Mistakes to Avoid', 'Tips for Practice', 'Final Thoughts'],
      'Imagine sitting down with a blank sheet and a wet brush.',
      2000,
    ),
    b: p(
      "A Beginner's Guide to Chess Openings",
      ['Getting Started', 'Essential Principles', 'Common Mistakes to Avoid', 'Tips for Practice', 'Final Thoughts'],
      'Learning chess openings can feel overwhelming.',
      2800,
    ),
  },
  {
    name: '101 explainers',
    sameTemplate: true,
    a: p(
      'Composting 101: Everything You Need to Know',
      ['The Science of Decomposition', 'Bins and Heaps', 'Greens and Browns'],
      "If you've ever thrown away a banana peel, you're not alone.",
      1600,
    ),
    b: p(
      'Sourdough 101: Everything You Need to Know',
      ['Wild Yeast Explained', 'Feeding a Starter', 'Shaping Loaves'],
      "If you've ever bought a dense loaf, you're not alone.",
      2400,
    ),
  },
  {
    name: 'paraphrased template (hard positive)',
    sameTemplate: true,
    a: p(
      'Why Composting Is Worth Your Time',
      ['The Importance of Composting', 'Getting Started with Composting', 'Mistakes Beginners Make', 'Wrapping Up'],
      'Compost feeds the soil.',
      1500,
    ),
    b: p(
      'Sourdough Baking at Home',
      ['Why Sourdough Matters', 'How to Begin Baking Sourdough', 'Errors New Bakers Make', 'In Closing'],
      'Sourdough is older than commercial yeast.',
      1900,
    ),
  },
  // Not made from one template.
  {
    name: 'same subject, another shape',
    sameTemplate: false,
    a: p(
      'Composting in Small Apartments',
      ['Worm Bins Under the Sink', 'Bokashi Buckets', 'Community Gardens'],
      'A balcony is enough.',
      1100,
    ),
    b: p(
      'Why My Compost Smells (and the Fix)',
      ['Too Much Nitrogen', 'Not Enough Air', 'A Wet Heap'],
      'The smell told me something was wrong.',
      800,
    ),
  },
  {
    name: 'introduction and conclusion only, same length',
    sameTemplate: false,
    a: p(
      'Lisbon on a Budget',
      ['Introduction', 'Getting Around Lisbon', 'Where to Eat', 'Day Trips to Sintra', 'Conclusion'],
      'Lisbon is cheaper than most capitals.',
      1500,
    ),
    b: p(
      'Repairing a Bike Puncture',
      ['Introduction', 'Tools', 'Finding the Hole', 'Patching the Tube', 'Conclusion'],
      'Punctures happen at the worst moments.',
      1540,
    ),
  },
  {
    name: 'same length only',
    sameTemplate: false,
    a: p(
      'The History of Jazz in New Orleans',
      ['Congo Square', 'Storyville', 'Louis Armstrong'],
      'Jazz grew from many traditions.',
      1200,
    ),
    b: p(
      'Mortgage Rates and the Central Bank',
      ['Base Rates', 'Fixed or Variable', 'Remortgaging'],
      'Rates moved three times this year.',
      1210,
    ),
  },
  {
    name: 'both how-to titles only',
    sameTemplate: false,
    a: p(
      'How to Paint a Room',
      ['Prep the Walls', 'Choose Paint', 'Cut In the Edges', 'Roll the Walls'],
      'Painting is mostly preparation.',
      1300,
    ),
    b: p(
      'How to Train a Puppy',
      ['Crate Training', 'House Training', 'Socialisation'],
      'Puppies learn from routine.',
      2100,
    ),
  },
  {
    name: 'one shared stock opening only',
    sameTemplate: false,
    a: p(
      'Tide Pools of the Oregon Coast',
      ['Haystack Rock', 'Low Tide Timing', 'Starfish and Anemones'],
      'Have you ever wondered what lives under the rocks?',
      1400,
    ),
    b: p(
      'The Economics of Streaming Music',
      ['Per-Stream Payouts', 'Labels and Publishers', 'Independent Artists'],
      'Have you ever wondered who gets paid for a stream?',
      2200,
    ),
  },
  {
    name: 'two recipes in the genre form',
    sameTemplate: false,
    a: p('Lemon Drizzle Cake', ['Ingredients', 'Method', 'Tips'], 'This cake keeps for days.', 700),
    b: p(
      'Chicken Tikka Masala',
      ['Ingredients', 'Method', 'Serving Suggestions'],
      'Marinate overnight if you can.',
      950,
    ),
  },
  {
    name: 'interview and news',
    sameTemplate: false,
    a: p(
      'A Conversation with the Head Gardener at Kew',
      ['Early Years', 'The Palm House', 'Climate and Collections'],
      'We met on a grey Tuesday.',
      1800,
    ),
    b: p(
      'City Council Approves New Bike Lanes',
      ['The Vote', 'Where the Lanes Go', 'Reactions'],
      'The council voted seven to two.',
      600,
    ),
  },
  {
    name: 'listicles of different forms',
    sameTemplate: false,
    a: p(
      '15 Houseplants That Thrive in Low Light',
      ['Snake Plant', 'ZZ Plant', 'Pothos', 'Cast Iron Plant'],
      'North-facing rooms can still be green.',
      1700,
    ),
    b: p(
      '7 Ways to Save on Groceries',
      ['Plan Your Meals', 'Buy in Bulk', 'Shop Seasonally', 'Use a List'],
      'Food prices rose again this month.',
      1100,
    ),
  },
  {
    name: 'one shared FAQ heading',
    sameTemplate: false,
    a: p(
      'Choosing a Sleeping Bag for Winter',
      ['Temperature Ratings', 'Down or Synthetic', 'Weight', 'FAQ'],
      'Cold nights test every piece of kit.',
      1600,
    ),
    b: p(
      'Renting Out a Spare Room',
      ['Tax Rules', 'Finding a Lodger', 'House Rules', 'FAQ'],
      'A lodger can cover a third of a mortgage.',
      2300,
    ),
  },
  {
    name: 'same subject, question title and explainer',
    sameTemplate: false,
    a: p(
      'What Is Kombucha?',
      ['Tea, Sugar and a Scoby', 'Fermentation Time', 'Health Claims'],
      'Kombucha is fermented tea.',
      1000,
    ),
    b: p('Kombucha vs Kefir', ['Cultures', 'Taste', 'Caffeine'], 'Both drinks are fermented.', 1350),
  },
  {
    name: 'travel diaries by one author',
    sameTemplate: false,
    a: p(
      'Three Days in Porto',
      ['Day One: Ribeira', 'Day Two: The Wine Cellars', 'Day Three: Foz'],
      'We arrived on the night train.',
      1900,
    ),
    b: p(
      'A Week Walking in the Lake District',
      ['Monday: Catbells', 'Wednesday: Helvellyn', 'Friday: Rain'],
      'The forecast promised sun.',
      2600,
    ),
  },
  {
    name: 'same title template, different everything else (hard negative)',
    sameTemplate: false,
    a: p(
      'The Complete Guide to Pruning Roses',
      ['When to Prune', 'Tools', 'Cutting Above a Bud'],
      'Roses forgive a bad cut.',
      1200,
    ),
    b: p(
      'The Complete Guide to Filing Taxes as a Freelancer',
      ['Deadlines', 'Expenses You Can Claim', 'Payments on Account', 'Keeping Records'],
      'Self-assessment is less scary than it looks.',
      2600,
    ),
  },
];
