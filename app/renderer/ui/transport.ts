/**
 * Transport controls for the simulation's playback: play/pause, speed, a scrub bar over the
 * buffered history and the simulated time at the playhead. What they show is derived by pure
 * functions from a snapshot of the player (tested without a DOM); `mountTransport` only binds
 * them to elements.
 */
import type { PlaybackState } from "../engine/trace-player";
import { element } from "./dom";
import { nearestStep } from "./slider-steps";

/**
 * Playback speeds offered, simulated seconds per wall-clock second. A message's hand-offs take
 * microseconds, so real time must be slowed ten to a hundred thousand times for one to be seen.
 */
export const SPEED_STEPS: readonly number[] = [
  1e-5, 2e-5, 5e-5, 1e-4, 2e-4, 5e-4, 1e-3, 2e-3, 5e-3, 1e-2, 2e-2, 5e-2, 1e-1,
];

/** The speed a run starts at: a tenth of a millisecond of simulated time per second. */
export const DEFAULT_SPEED = 1e-4;

/** Positions of the scrub bar (its value runs 0..SCRUB_STEPS over the buffered history). */
export const SCRUB_STEPS = 10_000;

/** Wall-clock seconds a hand-off particle takes to cross between two nodes. */
export const FLIGHT_WALL_S = 0.45;

/** Simulated seconds a hand-off particle flies at `speed`, so that it stays on screen `FLIGHT_WALL_S`. */
export function flightSecondsAt(speed: number): number {
  return FLIGHT_WALL_S * speed;
}

/** Messages a wall-clock second a rate-paced test opens with: enough to follow, few enough to tell apart. */
const PACED_MESSAGES_PER_WALL_S = 5;

/**
 * The speed a run of a new test shape opens at. Most tests run flat out, a message every few
 * microseconds, so the default speed suits them; a channel test's putters are paced to
 * `channel.message_rate_msgs_s` (a thousand a second by default), which at the default speed
 * would put a message on screen every ten seconds.
 */
export function openingSpeed(kind: string, channelRateMsgsS: number): number {
  if (kind !== "channel_move" || !(channelRateMsgsS > 0)) return DEFAULT_SPEED;
  return SPEED_STEPS[nearestSpeedStep(PACED_MESSAGES_PER_WALL_S / channelRateMsgsS)] as number;
}

/** Index of the speed step nearest to `speed` on a log scale. */
export function nearestSpeedStep(speed: number): number {
  return nearestStep(SPEED_STEPS, speed);
}

/** "1/10,000×" for 1e-4: how much slower than real time the simulation plays. */
export function speedLabel(speed: number): string {
  if (speed >= 1) return `${+speed.toPrecision(3)}×`;
  return `1/${Math.round(1 / speed).toLocaleString("en-US")}×`;
}

/** Simulated time in the unit that suits it: "750.0 µs", "12.345 ms", "3.456789 s". */
export function formatSimTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "—";
  if (seconds < 1e-3) return `${(seconds * 1e6).toFixed(1)} µs`;
  if (seconds < 1) return `${(seconds * 1e3).toFixed(3)} ms`;
  return `${seconds.toFixed(6)} s`;
}

/** Scrub bar position of time `t` over the buffered span [fromS, toS]. */
export function scrubPosition(t: number, fromS: number, toS: number): number {
  if (!(toS > fromS)) return SCRUB_STEPS;
  const p = Math.round(((t - fromS) / (toS - fromS)) * SCRUB_STEPS);
  return Math.min(SCRUB_STEPS, Math.max(0, p));
}

/** Simulated time at scrub bar position `position` over the buffered span [fromS, toS]. */
export function scrubTime(position: number, fromS: number, toS: number): number {
  const p = Math.min(SCRUB_STEPS, Math.max(0, position)) / SCRUB_STEPS;
  return fromS + p * Math.max(0, toS - fromS);
}

/** What the transport needs to know of the player. */
export interface PlaybackSnapshot {
  readonly timeS: number;
  readonly horizonS: number;
  readonly bufferedFromS: number;
  readonly state: PlaybackState;
  readonly speed: number;
}

/** What the transport shows for a snapshot. */
export interface TransportView {
  /** Whether playback is on (the button then offers to pause). */
  readonly playing: boolean;
  readonly buttonLabel: "Play" | "Pause";
  readonly timeText: string;
  readonly scrubValue: number;
  /** Nothing buffered yet to scrub over. */
  readonly scrubDisabled: boolean;
  readonly speedStep: number;
  readonly speedText: string;
  /** "playing", "paused", or "waiting for the simulation". */
  readonly stateText: string;
}

/** The transport's display for `s`. */
export function transportView(s: PlaybackSnapshot): TransportView {
  const playing = s.state !== "paused";
  return {
    playing,
    buttonLabel: playing ? "Pause" : "Play",
    timeText: formatSimTime(s.timeS),
    scrubValue: scrubPosition(s.timeS, s.bufferedFromS, s.horizonS),
    scrubDisabled: !(s.horizonS > s.bufferedFromS),
    speedStep: nearestSpeedStep(s.speed),
    speedText: speedLabel(s.speed),
    stateText: s.state === "buffering" ? "waiting for the simulation" : s.state,
  };
}

/** The element a key press came from, as far as the space key cares. */
export interface KeyTarget {
  readonly tagName: string;
  readonly type?: string | undefined;
  readonly isContentEditable?: boolean | undefined;
}

/**
 * Whether a key press toggles play/pause: the space bar, unless it was typed into a text field
 * or it presses a focused button or check box (which has its own meaning for it).
 */
export function spaceToggles(code: string, target: KeyTarget | null, repeat = false): boolean {
  if (code !== "Space" || repeat) return false;
  if (target === null) return true;
  if (target.isContentEditable) return false;
  const tag = target.tagName.toUpperCase();
  if (tag === "TEXTAREA" || tag === "SELECT" || tag === "BUTTON") return false;
  if (tag === "INPUT") return target.type === "range";
  return true;
}

/** What the transport drives. */
export interface TransportTarget extends PlaybackSnapshot {
  play(): void;
  pause(): void;
  setSpeed(speed: number): void;
  /** Moves the playhead to `timeS` (the caller rebuilds the scene around it). */
  seek(timeS: number): void;
}

/** A mounted transport; `refresh` updates it from the player (call once per frame). */
export interface MountedTransport {
  refresh(): void;
  dispose(): void;
}

/** Renders the transport into `container`; `target()` is the current player (it changes per run). */
export function mountTransport(container: HTMLElement, target: () => TransportTarget): MountedTransport {
  container.replaceChildren();
  const button = element("button", "transport-play", "Play");
  button.type = "button";
  button.dataset.testid = "play-pause";
  button.title = "Play or pause (space)";

  const time = element("output", "transport-time", "—");
  time.dataset.testid = "sim-time";
  time.title = "Simulated time at the playhead";

  const scrub = element("input", "transport-scrub");
  scrub.type = "range";
  scrub.min = "0";
  scrub.max = String(SCRUB_STEPS);
  scrub.step = "1";
  scrub.dataset.testid = "scrub";
  scrub.setAttribute("aria-label", "Position in the buffered simulation");

  const speedLabelEl = element("label", "transport-speed");
  const speed = element("input");
  speed.type = "range";
  speed.min = "0";
  speed.max = String(SPEED_STEPS.length - 1);
  speed.step = "1";
  speed.dataset.testid = "speed";
  const speedValue = element("output", "control-value");
  speedLabelEl.append("Speed ", speed, speedValue);

  const state = element("span", "transport-state");
  state.dataset.testid = "playback-state";

  container.append(button, time, scrub, speedLabelEl, state);

  const toggle = () => {
    const t = target();
    if (t.state === "paused") t.play();
    else t.pause();
    refresh();
  };
  button.addEventListener("click", toggle);
  speed.addEventListener("input", () => {
    target().setSpeed(SPEED_STEPS[Number(speed.value)] as number);
    refresh();
  });
  scrub.addEventListener("input", () => {
    const t = target();
    t.seek(scrubTime(Number(scrub.value), t.bufferedFromS, t.horizonS));
    refresh();
  });
  const onKey = (event: KeyboardEvent) => {
    const el = event.target instanceof HTMLElement ? event.target : null;
    const keyTarget = el && {
      tagName: el.tagName,
      type: el instanceof HTMLInputElement ? el.type : undefined,
      isContentEditable: el.isContentEditable,
    };
    if (!spaceToggles(event.code, keyTarget, event.repeat)) return;
    event.preventDefault();
    toggle();
  };
  window.addEventListener("keydown", onKey);

  let scrubbing = false;
  scrub.addEventListener("pointerdown", () => {
    scrubbing = true;
  });
  const onPointerUp = () => {
    scrubbing = false;
  };
  window.addEventListener("pointerup", onPointerUp);

  let shownTime = Number.NaN;
  function refresh(): void {
    const t = target();
    const view = transportView(t);
    if (button.textContent !== view.buttonLabel) button.textContent = view.buttonLabel;
    const pressed = String(view.playing);
    if (button.getAttribute("aria-pressed") !== pressed) button.setAttribute("aria-pressed", pressed);
    if (t.timeS !== shownTime) {
      shownTime = t.timeS;
      time.textContent = view.timeText;
      time.dataset.simTimeS = String(t.timeS);
    }
    // Written only when changed: this runs every frame and each write may cost a style pass.
    // While the learner drags, the bar follows the hand, not the player.
    const scrubValue = String(view.scrubValue);
    if (!scrubbing && scrub.value !== scrubValue) scrub.value = scrubValue;
    if (scrub.disabled !== view.scrubDisabled) scrub.disabled = view.scrubDisabled;
    const speedStep = String(view.speedStep);
    if (speed.value !== speedStep) speed.value = speedStep;
    if (speedValue.value !== view.speedText) speedValue.value = view.speedText;
    if (state.textContent !== view.stateText) state.textContent = view.stateText;
    if (container.dataset.playback !== t.state) container.dataset.playback = t.state;
  }
  refresh();
  return {
    refresh,
    dispose() {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("pointerup", onPointerUp);
      container.replaceChildren();
    },
  };
}
