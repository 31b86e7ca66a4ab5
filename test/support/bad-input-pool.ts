// The bad-input table, part 8: the batch pool of the root entry (SearchPool,
// serveQueries). `run` answers through a Promise (a refusal is a rejection),
// which the table's synchronous rows cannot judge: test/unit/core/search-pool.test.ts
// holds it (see UNCHECKED).
import { construct } from './bad-input-core.js';
import { SYM, type Extra, type Lib, type Spec } from './bad-input-kit.js';

const spawn = () => ({ postMessage: () => {}, listen: () => {}, terminate: () => {} });
const local = (q: unknown) => q;

function row(label: string, want: Extra['want'], options: () => unknown, names: string[], allowed?: RegExp): Extra {
  return { label, want, names, allowed, make: (L: Lib) => ({ args: [options()], call: (...a: unknown[]) => construct(L.root.SearchPool, a) }) };
}

export function poolSpecs(): Spec[] {
  return [{
    target: 'bestfirst:SearchPool',
    extra: [
      row('options null', 'error', () => null, ['options'], /object/),
      row('options 5', 'error', () => 5, ['options'], /object/),
      row('no spawn', 'error', () => ({ workers: 1 }), ['spawn'], /function/),
      row('spawn a string', 'error', () => ({ workers: 1, spawn: 'x' }), ['spawn'], /function/),
      ...[-1, 1.5, Number.NaN, Infinity, '2', null, SYM].map((w) => row(`workers ${typeof w === 'symbol' ? 'a symbol' : String(w)}`, 'error', () => ({ workers: w, spawn }), ['workers'], /whole number >= 0/)),
      row('local a number', 'error', () => ({ workers: 1, spawn, local: 3 }), ['local'], /function/),
      ...[0, -2, 2.5, Number.NaN, '8'].map((c) => row(`chunk ${String(c)}`, 'error', () => ({ workers: 1, spawn, chunk: c }), ['chunk'], /whole number >= 1/)),
      row('no workers and no local', 'error', () => ({ workers: 0, spawn }), ['local'], /answer/),
      row('two workers', 'ok', () => ({ workers: 2, spawn }), []),
      row('no workers, local answers', 'ok', () => ({ workers: 0, spawn, local }), []),
      row('chunk 16', 'ok', () => ({ workers: 1, spawn, local, chunk: 16 }), []),
    ],
  }, {
    target: 'bestfirst:serveQueries',
    extra: [
      ...[null, 5, {}, { postMessage: () => {} }, { listen: () => {} }].map((port, i): Extra => ({
        label: `port ${['null', '5', '{}', 'without listen', 'without postMessage'][i]}`, want: 'error', names: ['port'], allowed: /PoolPort/,
        make: (L: Lib) => ({ args: [port, local], call: (...a: unknown[]) => (L.root.serveQueries as (...x: unknown[]) => unknown)(...a) }),
      })),
      ...[null, 'f', 3].map((answer): Extra => ({
        label: `answer ${String(answer)}`, want: 'error', names: ['answer'], allowed: /function/,
        make: (L: Lib) => ({ args: [{ postMessage: () => {}, listen: () => {} }, answer], call: (...a: unknown[]) => (L.root.serveQueries as (...x: unknown[]) => unknown)(...a) }),
      })),
      {
        label: 'a port and an answer', want: 'ok',
        make: (L: Lib) => ({ args: [{ postMessage: () => {}, listen: () => {} }, local], call: (...a: unknown[]) => (L.root.serveQueries as (...x: unknown[]) => unknown)(...a) }),
      },
    ],
  }];
}
