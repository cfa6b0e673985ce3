// The pace of other players' and CPUs' moves: after an update with moves, the next one waits
// so a human can follow what happened (the menu's "Pace of moves"). Nothing waits on an
// animation itself, and the answer to this device's own move never waits.
import * as store from "./store.js";

// ms: the wait after an update with moves; queued: the wait while more than two are queued
// (a burst, or a device catching up after a pause), so it does not fall far behind.
export const PACES = {
  relaxed: { ms: 1000, queued: 250 },
  normal: { ms: 600, queued: 150 },
  quick: { ms: 250, queued: 50 },
};

export const PACE_NAMES = Object.keys(PACES);

/** The chosen pace's name ("normal" unless another was chosen on this browser). */
export function currentPace() {
  const name = store.pace();
  return Object.hasOwn(PACES, name) ? name : "normal";
}

/** The chosen pace: {ms, queued}. */
export function pace() {
  return PACES[currentPace()];
}

/**
 * Choose the pace of others' moves (kept by the browser).
 * @param {string} name
 */
export function setPace(name) {
  if (Object.hasOwn(PACES, name)) store.savePace(name);
}
