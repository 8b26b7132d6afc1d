/**
 * The choice lists and defaults of the requests' fields, in one place for every face: the CLI's
 * option choices, the web page's menus, a library caller's checks. Values only, and cheap to load:
 * a one-shot solve loads this (the board jobs' lists are in board-choices.ts).
 */
export { conventions, type Convention } from '../puzzle/convention.js';
export { levels, ruleSetNames, type Level, type RuleSet } from '../rules/types.js';
export { backendNames, type BackendName } from '../sat/backend.js';
export { shellWords } from '../sat/shell-words.js';
export { maxTimerMs } from '../sat/timer.js';
export { defaultBackend, defaultConnectivity, solveConnectivities } from '../solve/defaults.js';
export { defaultEngine, engines, type Engine } from '../solve/engines.js';
export { symmetries, type Symmetry } from '../generate/generate-choices.js';
