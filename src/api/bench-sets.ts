/**
 * What the `bench` command's face reads: its puzzle sets (JSON Lines, checked as they are read:
 * a bad line is an InputError naming it) and the choices and defaults of a bench run. Loaded only
 * by that command.
 */
export { parseBenchSet } from '../benchmark/sets.js';
export {
  benchBackends,
  benchConnectivities,
  defaultBenchBackend,
  defaultBenchConnectivity,
  type BenchBackend,
  type BenchConnectivity,
} from '../benchmark/engines.js';
export { defaultWarmup, defaultWarmupBudgetMs } from '../benchmark/run-set.js';
