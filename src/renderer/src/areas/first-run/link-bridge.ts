import { useEffect, useState } from 'react';
import type { LinkBridge } from '../../../../shared/desk-link';

declare global {
  interface Window {
    /** Set by the desktop app's preload; absent in a browser, where the first run never shows. */
    adoptionDeskLink?: LinkBridge;
  }
}

/** The shell's bridge, if this page runs in the desktop app. */
export function linkBridge(): LinkBridge | undefined {
  return window.adoptionDeskLink;
}

export type FirstRunState = 'asking' | 'needed' | 'chosen';

/** Whether the first-run choice is to be made: only when the shell's bridge says none is stored. */
export function useFirstRun(): { state: FirstRunState; done: () => void } {
  const [state, setState] = useState<FirstRunState>(() => (linkBridge() ? 'asking' : 'chosen'));
  useEffect(() => {
    const bridge = linkBridge();
    if (!bridge) return;
    let current = true;
    // A bridge that fails to answer leaves the window as it always was: this computer.
    bridge.current().then(
      (result) => current && setState(result.ok && result.value.choice === null ? 'needed' : 'chosen'),
      () => current && setState('chosen'),
    );
    return () => {
      current = false;
    };
  }, []);
  return { state, done: () => setState('chosen') };
}
