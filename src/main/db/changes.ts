import { EventEmitter } from 'node:events';
import type { ChangeTopic } from '../../shared/change-topics';

export type { ChangeTopic };

export class Changes {
  // One listener per part of the engine that caches, plus the host's live-updates feed: a fixed few, not one per request.
  private readonly emitter = new EventEmitter().setMaxListeners(32);

  emit(topic: ChangeTopic): void {
    this.emitter.emit('change', topic);
  }

  /** Returns the function that stops listening. */
  on(listener: (topic: ChangeTopic) => void): () => void {
    this.emitter.on('change', listener);
    return () => this.emitter.off('change', listener);
  }
}
