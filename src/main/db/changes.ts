import { EventEmitter } from 'node:events';
import type { ChangeTopic } from '../../shared/change-topics';

export type { ChangeTopic };

export class Changes {
  private readonly emitter = new EventEmitter();

  emit(topic: ChangeTopic): void {
    this.emitter.emit('change', topic);
  }

  /** Returns the function that stops listening. */
  on(listener: (topic: ChangeTopic) => void): () => void {
    this.emitter.on('change', listener);
    return () => this.emitter.off('change', listener);
  }
}
