import { CHANGE_TOPICS, type ChangeTopic } from '../../shared/change-topics';
import type { Environment } from '../../shared/environments';
import type { Engine } from '../engine/engine';

export type ChangeListener = (environment: Environment, topic: ChangeTopic) => void;

/**
 * Both environments' change topics in one place, for the faces that push them to open windows (the
 * shell's IPC, browser mode's event stream). The host hands it each engine it starts; a restarted
 * engine replaces the old one, so a listener keeps hearing across settings saves.
 */
export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();
  private readonly followed = new Map<Environment, { engine: Engine; stop: () => void }>();

  /** Returns the function that stops listening. */
  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /**
   * Hears this engine as the environment's from now on. A new engine may have missed writes while
   * none was serving (the CLI's), so every topic of the environment fires once.
   */
  follow(environment: Environment, engine: Engine): void {
    const current = this.followed.get(environment);
    if (current?.engine === engine) return;
    current?.stop();
    const stop = engine.changes.on((topic) => this.tell(environment, topic));
    this.followed.set(environment, { engine, stop });
    if (current) for (const topic of CHANGE_TOPICS) this.tell(environment, topic);
  }

  /** Runs inside the write that emitted the topic: a listener's failure (a closed window) must not fail the write. */
  private tell(environment: Environment, topic: ChangeTopic): void {
    for (const listener of this.listeners) {
      try {
        listener(environment, topic);
      } catch {
        // The listener's face is gone or broken; the next change reaches it again, or it has unsubscribed.
      }
    }
  }

  /** Stops hearing every engine; listeners stay for the next ones. */
  close(): void {
    for (const { stop } of this.followed.values()) stop();
    this.followed.clear();
  }
}
