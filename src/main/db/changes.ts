import { EventEmitter } from 'node:events';

/** What a write touched, so caches (and the GUI) know what to refresh. */
export type ChangeTopic = 'pets' | 'categories' | 'accounts' | 'keys' | 'plans' | 'usage' | 'sites' | 'lab';

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
