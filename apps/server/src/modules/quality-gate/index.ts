/**
 * The quality gate (issue #34: its own module, asked by generation when an article is stored and
 * by publishing before a post goes out, which decides what a blocking finding does). It reads
 * nothing and writes nothing: callers hand it what they know (titles and posts on the site, near
 * duplicates, the word count asked for).
 */
export { type NearDuplicate, type QualityGateInput, type QualityGateOptions, runQualityGate } from './quality-gate.js';
