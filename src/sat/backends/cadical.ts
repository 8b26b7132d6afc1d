/**
 * CaDiCaL compiled to WebAssembly (`cadical-wasm`): incremental, with real assumptions and a
 * terminate callback, so a deadline stops a solve in progress. The wasm module is loaded once per
 * process and shared by every solver; its heap grows on demand.
 */
import { Cadical } from 'cadical-wasm';
import type { Backend, BackendStats, SolveCall, SolveStatus } from '../backend.js';
import { BackendError } from '../backend.js';
import type { Clause, Cnf } from '../cnf.js';

export class CadicalBackend implements Backend {
  readonly name = 'cadical' as const;
  readonly interruptible = true;
  private numVars = 0;
  private numClauses = 0;
  private calls = 0;
  private solveMs = 0;
  private satisfiable = false;

  private constructor(private readonly solver: Cadical) {}

  static async create(): Promise<CadicalBackend> {
    return new CadicalBackend(await Cadical.create({ quiet: true }));
  }

  addClause(clause: Clause): void {
    for (let k = 0; k < clause.length; k++) {
      const v = Math.abs(clause[k]!);
      if (v > this.numVars) this.numVars = v;
    }
    this.solver.addClause(clause);
    this.numClauses++;
  }

  addCnf(cnf: Cnf): void {
    cnf.forEach((clause) => this.addClause(clause));
    if (cnf.numVars > this.numVars) {
      this.numVars = cnf.numVars;
      this.solver.ensureVars(cnf.numVars);
    }
  }

  async solve(call: SolveCall = {}): Promise<SolveStatus> {
    const { deadline } = call;
    this.satisfiable = false;
    if (deadline !== undefined && Date.now() > deadline) return 'unknown';
    this.solver.setTerminate(deadline === undefined ? null : () => Date.now() > deadline);
    for (const lit of call.assumptions ?? []) {
      const v = Math.abs(lit);
      if (v > this.numVars) this.numVars = v;
    }
    this.solver.ensureVars(this.numVars);
    const start = performance.now();
    const status = call.assumptions ? this.solver.solve({ assumptions: call.assumptions }) : this.solver.solve();
    this.solveMs += performance.now() - start;
    this.calls++;
    this.satisfiable = status === 'satisfiable';
    return status;
  }

  value(v: number): boolean {
    if (!this.satisfiable) throw new BackendError(this.name, 'no model: the last solve was not satisfiable');
    return this.solver.value(v);
  }

  stats(): BackendStats {
    return { variables: this.numVars, clauses: this.numClauses, conflicts: null, solveCalls: this.calls, solveMs: this.solveMs };
  }

  dispose(): void {
    this.solver.dispose();
  }
}
