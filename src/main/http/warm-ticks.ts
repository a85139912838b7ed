/** Turns of the event loop the warm-up takes, and its calls in each (every one of the five arities below). */
const TURNS = 400;
const CALLS_PER_TURN = 10;

let warming: Promise<void> | undefined;

/**
 * Makes Node's `process.nextTick` hot before the process serves its first request, once per process.
 * Every answer takes about seven of Node's own ticks, and TurboFan compiles the function that queues
 * them once, for as long as the process runs, into one of two forms: the tick object built inline,
 * or built through V8's runtime, a quarter more CPU per list GET. Which one depended on the calls
 * before the compilation (the creations a client sends first tipped it to the slow one in most
 * runs); made hot here, by calls of every arity Node uses, with objects as arguments, it is the fast
 * one (docs/performance.md, "Two states of one server"). A few ticks a turn, so that none lives long
 * enough for V8 to start allocating tick objects in the old generation (a thousand a turn doubled
 * the collector's work for the rest of the run); 15–30 ms before the first listen.
 */
export function warmNodeTicks(): Promise<void> {
  warming ??= warm();
  return warming;
}

/** Kept for the life of the process: compiled code that saw them holds them weakly, and is thrown away when they go. */
const nothing = (..._args: unknown[]) => undefined;
const argument = { warm: true };

async function warm(): Promise<void> {
  for (let turn = 0; turn < TURNS; turn += 1) {
    for (let call = 0; call < CALLS_PER_TURN; call += 1) {
      process.nextTick(nothing);
      process.nextTick(nothing, argument);
      process.nextTick(nothing, argument, argument);
      process.nextTick(nothing, argument, argument, argument);
      process.nextTick(nothing, argument, argument, argument, argument);
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
