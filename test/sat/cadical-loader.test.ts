/** The CaDiCaL module is loaded once per process, but a load that failed is tried again, not remembered. */
import { describe, expect, it, vi } from 'vitest';

let failNext = true;
vi.mock('cadical-wasm', async (importOriginal) => {
  const real = await importOriginal<typeof import('cadical-wasm')>();
  return {
    ...real,
    loadCadical: () => {
      if (!failNext) return real.loadCadical();
      failNext = false;
      return Promise.reject(new Error('out of memory while compiling'));
    },
  };
});

describe('the CaDiCaL loader', () => {
  it('passes on a failed load, then loads the module on the next use', async () => {
    // The suite shares modules between test files (isolate: false): a loader that an earlier
    // file imported holds the real module, so this file imports its own, with the mock.
    vi.resetModules();
    const { CadicalBackend } = await import('../../src/sat/backends/cadical.js');
    await expect(CadicalBackend.create()).rejects.toThrow(/out of memory while compiling/);
    const backend = await CadicalBackend.create();
    backend.addClause([1]);
    backend.addClause([-1, 2]);
    expect(await backend.solve()).toBe('satisfiable');
    expect(backend.value(2)).toBe(true);
    backend.dispose();
  });
});
