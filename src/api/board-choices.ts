/** The choice lists and limits of the board jobs (enumerate, maxblack): loaded only by those commands. */
export { maxBlackConnectivities, type MaxBlackConnectivity } from '../generate/maxblack.js';
export { maxShards, type Shard } from '../generate/enumerate-split.js';
export { sizeProblem as enumerationSizeProblem } from '../generate/enumerate.js';
