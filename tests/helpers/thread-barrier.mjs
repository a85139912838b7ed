// Two worker threads meeting at the start of every round, on a shared Int32Array's first slot: each
// arrival adds one, and round r begins once both have arrived 2 × (r + 1) times in all.

/** The wait for round `round`, on `barrier` (a SharedArrayBuffer both threads were given). */
export function twoThreadBarrier(barrier) {
  const gate = new Int32Array(barrier);
  return (round) => {
    Atomics.add(gate, 0, 1);
    Atomics.notify(gate, 0);
    const everyone = 2 * (round + 1);
    for (let seen = Atomics.load(gate, 0); seen < everyone; seen = Atomics.load(gate, 0))
      Atomics.wait(gate, 0, seen, 50);
  };
}
