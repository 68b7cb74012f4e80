// `npm run bench`: prints figures for each scenario. Scenarios are small modules in bench/scenarios;
// later capabilities add theirs to the list below. Run one with `npm run bench -- <name>`.
import { generationBenchScenarios } from '../apps/server/test/llm/bench.js';
import { refreshScenario } from './refresh/refresh-bench.js';
import type { Scenario } from './scenario.js';
import { articlesScenario } from './scenarios/articles.js';
import { bodyFloodScenario } from './scenarios/body-flood.js';
import { bulkScenario } from './scenarios/bulk.js';
import { duplicatesScenario } from './scenarios/duplicates.js';
import { inventoryScenario } from './scenarios/inventory.js';
import { loginFloodScenario } from './scenarios/login-flood.js';
import { manualGenerationScenario } from './scenarios/manual-generation.js';
import { pageWeightScenario } from './scenarios/page-weight.js';
import { responsivenessScenario } from './scenarios/responsiveness.js';
import { samenessScenario } from './scenarios/sameness.js';
import { startupScenario } from './scenarios/startup.js';
import { understandingScenario } from './scenarios/understanding.js';

const scenarios: Scenario[] = [
  startupScenario,
  ...generationBenchScenarios,
  manualGenerationScenario,
  articlesScenario,
  bulkScenario,
  inventoryScenario,
  duplicatesScenario,
  responsivenessScenario,
  pageWeightScenario,
  loginFloodScenario,
  bodyFloodScenario,
  understandingScenario,
  samenessScenario,
  refreshScenario,
];

const only = process.argv.slice(2);
for (const scenario of scenarios) {
  if (only.length && !only.includes(scenario.name)) continue;
  process.stdout.write(`\n== ${scenario.name}: ${scenario.description}\n`);
  const figures = await scenario.run();
  for (const [key, value] of Object.entries(figures)) process.stdout.write(`   ${key.padEnd(38)} ${value}\n`);
}
