/** Node's timers take a delay of at most 2^31 − 1 ms (about 24.8 days); a longer one fires at once. */
export const maxTimerMs = 2 ** 31 - 1;
