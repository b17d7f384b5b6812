import { aiFigures, aiHelp } from './ai';
import { feed10k, feed1m } from './feed';
import { health } from './health';
import { refund } from './refund';
import type { Scenario } from './types';

/**
 * Every scenario, in the order `npm run bench` runs them. A feature adds its own file here
 * (e.g. `feed.ts`) and one entry below; `health` stays first.
 */
export const scenarios: Scenario[] = [health, feed10k, feed1m, aiHelp, aiFigures, refund];
