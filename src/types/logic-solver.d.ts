/** logic-solver ships no types; its MiniSat wrapper is a constructor (see sat/backends/minisat.ts). */
declare module 'logic-solver/minisat_wrapper.js' {
  const MiniSat: new () => unknown;
  export default MiniSat;
}
