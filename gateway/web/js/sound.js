// Quiet sounds made with WebAudio (no files): a soft tick for moves, a two-note chime when
// it becomes your turn. Off unless switched on in the menu.
import * as store from "./store.js";

/** @type {AudioContext | null} */
let audio = null;
let enabled = store.soundOn();

export function soundEnabled() {
  return enabled;
}

/**
 * Switch sounds on or off (kept by the browser).
 * @param {boolean} on
 */
export function setSound(on) {
  enabled = Boolean(on);
  store.saveSound(enabled);
  if (enabled) tone(660, 0.08, 0); // confirms the switch, and unlocks audio on this gesture
}

function context() {
  if (!audio) {
    // Safari before 14.1 names it webkitAudioContext.
    const Ctor = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
    if (!Ctor) return null;
    audio = new Ctor();
  }
  if (audio.state === "suspended") audio.resume().catch(() => {});
  return audio;
}

function tone(freq, length, delay) {
  const ctx = context();
  if (!ctx) return;
  const start = ctx.currentTime + delay;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = "sine";
  osc.frequency.value = freq;
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.15, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

export function playMove() {
  if (enabled) tone(440, 0.07, 0);
}

export function playYourTurn() {
  if (!enabled) return;
  tone(587, 0.12, 0);
  tone(880, 0.16, 0.12);
}
