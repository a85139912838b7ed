import fs from 'node:fs';
import { z } from 'zod';
import { writeFileAtomically } from '../files/atomic-write';

const WindowStateSchema = z.object({
  x: z.int(),
  y: z.int(),
  width: z.int().min(400),
  height: z.int().min(300),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof WindowStateSchema>;

export const DEFAULT_WINDOW_STATE = { width: 1280, height: 820 };

interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The saved size and place, if it still fits on one of the screens attached now. */
export function loadWindowState(file: string, workAreas: readonly Area[]): WindowState | undefined {
  let state: WindowState;
  try {
    state = WindowStateSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch {
    return undefined;
  }
  const visible = workAreas.some(
    (area) =>
      state.x < area.x + area.width &&
      state.x + state.width > area.x &&
      state.y < area.y + area.height &&
      state.y + state.height > area.y,
  );
  return visible ? state : undefined;
}

export function saveWindowState(file: string, state: WindowState): void {
  writeFileAtomically(file, JSON.stringify(state));
}
