import { describe, expect, it } from "vitest";
import {
  DEFAULT_SPEED,
  FLIGHT_WALL_S,
  flightSecondsAt,
  formatSimTime,
  nearestSpeedStep,
  openingSpeed,
  SCRUB_STEPS,
  SPEED_STEPS,
  scrubPosition,
  scrubTime,
  spaceToggles,
  speedLabel,
  transportView,
} from "./transport";

describe("playback speed", () => {
  it("opens a rate-paced channel test fast enough to see its messages, other tests at the default", () => {
    expect(openingSpeed("request_reply", 1000)).toBe(DEFAULT_SPEED);
    const paced = openingSpeed("channel_move", 1000);
    expect(SPEED_STEPS).toContain(paced);
    // A few messages a wall-clock second at 1,000 a second of simulated time.
    expect(paced * 1000).toBeGreaterThanOrEqual(2);
    expect(paced * 1000).toBeLessThanOrEqual(10);
    expect(openingSpeed("channel_move", 50_000)).toBeLessThan(paced);
    expect(openingSpeed("channel_move", 0)).toBe(DEFAULT_SPEED);
  });

  it("offers slowed-down speeds from 1/100,000 to 1/10 of real time, increasing", () => {
    expect(SPEED_STEPS[0]).toBe(1e-5);
    expect(SPEED_STEPS.at(-1)).toBe(0.1);
    expect(SPEED_STEPS).toContain(1e-3);
    for (let i = 1; i < SPEED_STEPS.length; i++) expect(SPEED_STEPS[i]).toBeGreaterThan(SPEED_STEPS[i - 1] as number);
    expect(SPEED_STEPS).toContain(DEFAULT_SPEED);
  });

  it("snaps a speed to the nearest step on a log scale and names it as a fraction of real time", () => {
    expect(SPEED_STEPS[nearestSpeedStep(1e-4)]).toBe(1e-4);
    expect(SPEED_STEPS[nearestSpeedStep(1.2e-4)]).toBe(1e-4);
    expect(SPEED_STEPS[nearestSpeedStep(1.8e-4)]).toBe(2e-4);
    expect(SPEED_STEPS[nearestSpeedStep(10)]).toBe(0.1);
    expect(SPEED_STEPS[nearestSpeedStep(0)]).toBe(1e-5);
    expect(speedLabel(1e-4)).toBe("1/10,000×");
    expect(speedLabel(0.05)).toBe("1/20×");
  });

  it("gives a hand-off the same time on screen at every speed", () => {
    for (const s of SPEED_STEPS) expect(flightSecondsAt(s) / s).toBeCloseTo(FLIGHT_WALL_S, 12);
    expect(flightSecondsAt(1e-3)).toBeGreaterThan(flightSecondsAt(1e-4));
  });
});

describe("simulated time and the scrub bar", () => {
  it("shows simulated time in the unit that suits it", () => {
    expect(formatSimTime(0)).toBe("0.0 µs");
    expect(formatSimTime(485e-6)).toBe("485.0 µs");
    expect(formatSimTime(0.012345)).toBe("12.345 ms");
    expect(formatSimTime(3.5)).toBe("3.500000 s");
    expect(formatSimTime(Number.NaN)).toBe("—");
  });

  it("maps times to bar positions and back over the buffered span, clamped", () => {
    expect(scrubPosition(1, 1, 3)).toBe(0);
    expect(scrubPosition(3, 1, 3)).toBe(SCRUB_STEPS);
    expect(scrubPosition(2, 1, 3)).toBe(SCRUB_STEPS / 2);
    expect(scrubPosition(9, 1, 3)).toBe(SCRUB_STEPS);
    expect(scrubPosition(-9, 1, 3)).toBe(0);
    expect(scrubTime(SCRUB_STEPS / 4, 1, 3)).toBeCloseTo(1.5, 12);
    expect(scrubTime(-5, 1, 3)).toBe(1);
    expect(scrubTime(SCRUB_STEPS * 2, 1, 3)).toBe(3);
    // Nothing buffered: the bar rests at the end and every position means the one time there is.
    expect(scrubPosition(0, 0, 0)).toBe(SCRUB_STEPS);
    expect(scrubTime(123, 2, 2)).toBe(2);
  });
});

describe("transport view", () => {
  const snapshot = { timeS: 2e-3, horizonS: 4e-3, bufferedFromS: 0, speed: 1e-4 };

  it("offers to pause while playing or waiting for the simulation, to play while paused", () => {
    const playing = transportView({ ...snapshot, state: "playing" });
    expect(playing).toMatchObject({ playing: true, buttonLabel: "Pause", stateText: "playing" });
    const buffering = transportView({ ...snapshot, state: "buffering" });
    expect(buffering).toMatchObject({ playing: true, buttonLabel: "Pause", stateText: "waiting for the simulation" });
    const paused = transportView({ ...snapshot, state: "paused" });
    expect(paused).toMatchObject({ playing: false, buttonLabel: "Play", stateText: "paused" });
  });

  it("puts the scrub thumb at the playhead and disables it before anything is buffered", () => {
    const view = transportView({ ...snapshot, state: "paused" });
    expect(view.scrubValue).toBe(SCRUB_STEPS / 2);
    expect(view.scrubDisabled).toBe(false);
    expect(view.timeText).toBe("2.000 ms");
    expect(view.speedText).toBe("1/10,000×");
    expect(SPEED_STEPS[view.speedStep]).toBe(1e-4);
    expect(transportView({ ...snapshot, horizonS: 0, timeS: 0, state: "buffering" }).scrubDisabled).toBe(true);
  });
});

describe("space bar", () => {
  it("toggles playback unless typed into a field or pressing a focused button", () => {
    expect(spaceToggles("Space", null)).toBe(true);
    expect(spaceToggles("Space", { tagName: "BODY" })).toBe(true);
    expect(spaceToggles("Space", { tagName: "INPUT", type: "range" })).toBe(true);
    expect(spaceToggles("Space", { tagName: "INPUT", type: "text" })).toBe(false);
    expect(spaceToggles("Space", { tagName: "INPUT", type: "checkbox" })).toBe(false);
    expect(spaceToggles("Space", { tagName: "BUTTON" })).toBe(false);
    expect(spaceToggles("Space", { tagName: "DIV", isContentEditable: true })).toBe(false);
    expect(spaceToggles("Space", { tagName: "BODY" }, true)).toBe(false);
    expect(spaceToggles("KeyK", { tagName: "BODY" })).toBe(false);
  });
});
