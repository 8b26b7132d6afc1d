/** The choice lists and limits of the board jobs (enumerate, maxblack): loaded only by those commands. */
export { maxBlackConnectivities, type MaxBlackConnectivity } from '../maxblack/maxblack.js';
export { defaultJobs as enumerationDefaultJobs, maxShards, type Shard } from '../enumerate/enumerate-split.js';
export { sizeProblem as enumerationSizeProblem } from '../enumerate/enumerate.js';
