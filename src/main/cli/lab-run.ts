/** The lab's commands open the environment like every other command: one engine, refusals as "Error: …" and exit 1. */
export { run as runLab } from './sites';
