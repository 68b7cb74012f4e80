// Runs before each server test file (vitest.config.ts setupFiles). A worker runs file after file
// without loading the shared test modules again (isolate false): what must be new per file is made here.
import { renewRunId } from './wordpress/real-site.js';

renewRunId();
