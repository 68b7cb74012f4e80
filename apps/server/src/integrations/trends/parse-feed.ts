import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { readAtomFeed } from './atom-entries.js';
import { FeedError } from './feed-error.js';
import type { ParsedFeed } from './feed-types.js';
import { readRssItems } from './rss-items.js';
import { asArray, isNode, type XmlNode } from './xml-values.js';

/** More than a trend feed ever carries; a longer list is cut, not refused. */
export const MAX_TRENDS_PER_FEED = 100;

// Elements that may repeat are always arrays, so one item and many items read alike.
const ALWAYS_ARRAY = new Set(['item', 'entry', 'link', 'ht:news_item']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  htmlEntities: true,
  // Entity expansion stays bounded (the library's defaults), so a hostile DOCTYPE cannot blow up memory.
  processEntities: true,
  isArray: (tagName) => ALWAYS_ARRAY.has(tagName),
});

/** RSS 2.0, RSS 1.0 (RDF), Atom 1.0 and Google Trends' RSS; anything else is a classified FeedError. */
export function parseFeed(xml: string, feedUrl: string, contentType = ''): ParsedFeed {
  const body = xml.replace(/^\uFEFF/, '').trimStart();
  if (!body.startsWith('<')) {
    throw new FeedError(
      'not_xml',
      feedUrl,
      `The answer is not XML${contentType ? ` (content type ${contentType.split(';')[0]})` : ''}.`,
    );
  }
  if (/^(?:<!doctype html|<html)/i.test(body)) {
    throw new FeedError('not_xml', feedUrl, 'The address answered with an HTML page, not a feed.');
  }
  const valid = XMLValidator.validate(body);
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    throw new FeedError('malformed', feedUrl, `The feed is not well-formed XML: ${msg} (line ${line}, column ${col}).`);
  }
  let tree: unknown;
  try {
    tree = parser.parse(body);
  } catch (error) {
    throw new FeedError(
      'malformed',
      feedUrl,
      `The feed could not be parsed: ${error instanceof Error ? error.message : String(error)}.`,
      {},
      { cause: error },
    );
  }
  const feed = readTree(tree, feedUrl);
  return { ...feed, trends: feed.trends.slice(0, MAX_TRENDS_PER_FEED) };
}

function readTree(tree: unknown, feedUrl: string): ParsedFeed {
  if (isNode(tree)) {
    if (isNode(tree.rss)) {
      const channel = asArray(tree.rss.channel).find(isNode) ?? {};
      return readRssItems(asArray(channel.item), channel, feedUrl, false);
    }
    const rdf = tree['rdf:RDF'];
    if (isNode(rdf)) {
      const channel: XmlNode = asArray(rdf.channel).find(isNode) ?? {};
      return readRssItems(asArray(rdf.item), channel, feedUrl, true);
    }
    if (isNode(tree.feed)) return readAtomFeed(tree.feed, feedUrl);
  }
  throw new FeedError('not_a_feed', feedUrl, 'The XML is neither an RSS nor an Atom feed.');
}
