/**
 * The renderer in headless Chromium, as a person would open it: the model loads from wasm, the
 * WebGL scene draws something, the D3 chart has a curve, and a slider re-evaluates the model.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../support/browser";
import { buildAndServe, type WebServer } from "../support/web-server";

const artifacts = resolve(import.meta.dirname, "../artifacts");

/** Share of pixels that differ clearly from the most common colour (the background). */
function foregroundShare(png: PNG): number {
  const counts = new Map<number, number>();
  const { data } = png;
  for (let i = 0; i < data.length; i += 4) {
    const key = ((data[i] ?? 0) >> 3) * 1024 + ((data[i + 1] ?? 0) >> 3) * 32 + ((data[i + 2] ?? 0) >> 3);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const background = Math.max(...counts.values());
  return 1 - background / (data.length / 4);
}

describe("renderer in a browser", () => {
  let server: WebServer;
  let browser: Browser;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    server = await buildAndServe();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on("console", (m) => {
      if (m.type() === "error") consoleErrors.push(m.text());
    });
    page.on("pageerror", (e) => consoleErrors.push(e.message));
    page.on("response", (r) => {
      if (r.status() >= 400) consoleErrors.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(server.url);
    await page.waitForSelector("#app[data-state=ready]", { timeout: 60_000 });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("loads the wasm model and shows its version", async () => {
    await expect(page.textContent("[data-testid=engine-version]")).resolves.toMatch(/model \d+\.\d+\.\d+/);
  });

  it("draws the WebGL topology (non-blank pixels) and saves a screenshot", async () => {
    await page.waitForTimeout(500);
    const canvas = page.locator("[data-testid=scene-canvas]");
    const shot = PNG.sync.read(await canvas.screenshot());
    expect(shot.width).toBeGreaterThan(100);
    expect(foregroundShare(shot)).toBeGreaterThan(0.02);
    mkdirSync(artifacts, { recursive: true });
    writeFileSync(resolve(artifacts, "renderer-smoke.png"), await page.screenshot());
  });

  it("draws the D3 chart from the model's sweep", async () => {
    const d = await page.getAttribute("[data-testid=sweep-chart] path.curve", "d");
    expect(d).toMatch(/^M[\d.,-]+(L[\d.,-]+){10,}/);
  });

  it("re-evaluates the model when the message size slider moves", async () => {
    await page.check("[data-testid=persistent]");
    const before = await page.textContent("[data-testid=readout]");
    await page.fill("[data-testid=message-size]", "15");
    await expect.poll(() => page.textContent("[data-testid=readout]")).not.toBe(before);
    expect(await page.textContent("[data-testid=readout]")).toMatch(/MB/);
    await page.fill("[data-testid=message-size]", "5");
    await page.waitForTimeout(400);
    writeFileSync(resolve(artifacts, "renderer-persistent.png"), await page.screenshot());
  });

  it("sets the simulated steady state against the model below the controls, and checks again after a change", async () => {
    const panel = "[data-testid=model-check]";
    const tone = () => page.getAttribute(panel, "data-tone");
    await expect.poll(tone, { timeout: 30_000 }).toMatch(/^(agrees|departs)$/);
    // Persistent work: throughput, round trip and log rate, each with the model's figure beside the simulation's.
    const rows = async () => page.locator(`${panel} tbody tr`).allTextContents();
    expect(await rows()).toHaveLength(3);
    expect((await rows())[0]).toMatch(/^Transactions\/s[\d,.]+[\d,.]+ ±\d+\.\d%[+\u2212]?\d+\.\d%$/);
    expect(await page.textContent(`${panel} .check-verdict`)).toMatch(/within 10%|beyond the 10%/);
    const before = (await rows())[0];
    await page.fill("[data-testid=message-size]", "9");
    await expect.poll(tone).toBe("checking");
    await expect.poll(tone, { timeout: 30_000 }).toMatch(/^(agrees|departs)$/);
    expect((await rows())[0]).not.toBe(before);
    writeFileSync(resolve(artifacts, "renderer-model-check.png"), await page.screenshot());
    await page.fill("[data-testid=message-size]", "5");
  });

  /** A data-* figure of the scene section, as a number (NaN while it is not set). */
  const sceneFigure = async (name: string) => Number(await page.getAttribute("[data-testid=scene]", `data-${name}`));
  const simTimeS = async () => Number(await page.getAttribute("[data-testid=sim-time]", "data-sim-time-s"));

  it("plays the simulation's trace: particles appear and change as simulated time advances", async () => {
    await expect.poll(() => sceneFigure("particles"), { timeout: 30_000 }).toBeGreaterThan(0);
    const first = await sceneFigure("particles");
    const firstRecords = await sceneFigure("records");
    const firstTime = await simTimeS();
    // Every record the playhead passes is a message moving; the count on screen follows the trace.
    await expect.poll(() => sceneFigure("records"), { timeout: 20_000 }).toBeGreaterThan(firstRecords);
    await expect.poll(() => simTimeS(), { timeout: 20_000 }).toBeGreaterThan(firstTime);
    const counts = new Set<number>([first]);
    for (let i = 0; i < 20 && counts.size < 2; i++) {
      await page.waitForTimeout(250);
      counts.add(await sceneFigure("particles"));
    }
    expect(counts.size).toBeGreaterThan(1);
    expect(await page.getAttribute("[data-testid=transport]", "data-playback")).toBe("playing");
    await page.waitForTimeout(1500);
    const canvas = page.locator("[data-testid=scene-canvas]");
    const shot = PNG.sync.read(await canvas.screenshot());
    expect(foregroundShare(shot)).toBeGreaterThan(0.02);
    writeFileSync(resolve(artifacts, "renderer-simulation.png"), await page.screenshot());
  });

  it("draws the simulation's series in the live chart", async () => {
    await expect
      .poll(() => page.locator("[data-testid=series-chart] path.series-line[d]").count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    const labels = await page.locator("[data-testid=series-chart] .series-label").allTextContents();
    expect(labels.join(" ")).toMatch(/queue depth/);
    expect(labels.join(" ")).toMatch(/log buffer/);
  });

  it("stops simulated time while paused, scrubs back, and resumes with the space bar", async () => {
    await page.click("[data-testid=play-pause]");
    await expect.poll(() => page.getAttribute("[data-testid=transport]", "data-playback")).toBe("paused");
    const paused = await simTimeS();
    await page.waitForTimeout(600);
    expect(await simTimeS()).toBe(paused);
    await page.fill("[data-testid=scrub]", "0");
    const scrubbed = await simTimeS();
    expect(scrubbed).toBeLessThan(paused);
    // The scene is rebuilt from the trace around the new time, so it still shows what happened there.
    await page.locator("body").press("Space");
    await expect.poll(() => page.getAttribute("[data-testid=transport]", "data-playback")).not.toBe("paused");
    await expect.poll(() => simTimeS(), { timeout: 20_000 }).toBeGreaterThan(scrubbed);
  });

  it("restarts the run when a slider changes: fewer stripes, fewer log data sets", async () => {
    await expect.poll(() => sceneFigure("log-data-sets"), { timeout: 20_000 }).toBeGreaterThan(0);
    const run = await sceneFigure("run");
    const dataSets = await sceneFigure("log-data-sets");
    const stripes = Number(await page.inputValue("[data-testid=log-stripes]"));
    expect(stripes).toBeGreaterThan(1);
    await page.fill("[data-testid=log-stripes]", "1");
    await expect.poll(() => sceneFigure("run"), { timeout: 20_000 }).toBeGreaterThan(run);
    // Copies x stripes data sets: one stripe leaves one per copy.
    await expect.poll(() => sceneFigure("log-data-sets"), { timeout: 20_000 }).toBe(dataSets / stripes);
    await expect.poll(() => sceneFigure("particles"), { timeout: 30_000 }).toBeGreaterThan(0);
  });

  it("shows many requesters queueing at one queue pair: a node per task, stacks of waiting tasks", async () => {
    const nodes = await sceneFigure("nodes");
    const run = await sceneFigure("run");
    await page.fill("[data-testid=requesters]", "16");
    await page.fill("[data-testid=servers]", "16");
    await expect.poll(() => sceneFigure("run"), { timeout: 20_000 }).toBeGreaterThan(run);
    // One node per requester and per server: 15 more of each.
    await expect.poll(() => sceneFigure("nodes"), { timeout: 20_000 }).toBe(nodes + 30);
    await page.fill("[data-testid=speed]", "2");
    await expect.poll(() => sceneFigure("waiting"), { timeout: 30_000 }).toBeGreaterThan(4);
    await page.waitForTimeout(800);
    writeFileSync(resolve(artifacts, "renderer-contention.png"), await page.screenshot());
  });

  it("adds the zHyperLink PFIDs to the scene and their busy % to the live chart when the I/O path changes", async () => {
    const nodes = await sceneFigure("nodes");
    const run = await sceneFigure("run");
    await page.selectOption("[data-testid=io-mode]", "zhyperlink");
    await expect.poll(() => sceneFigure("run"), { timeout: 20_000 }).toBeGreaterThan(run);
    await expect.poll(() => sceneFigure("nodes"), { timeout: 20_000 }).toBeGreaterThan(nodes);
    await expect
      .poll(() => page.locator("[data-testid=series-chart] .series-label").allTextContents(), { timeout: 20_000 })
      .toContainEqual(expect.stringMatching(/PFID busy %/));
    await expect.poll(() => sceneFigure("particles"), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(1500);
    writeFileSync(resolve(artifacts, "renderer-zhyperlink.png"), await page.screenshot());
  });

  it("moves the queues into the coupling facility when shared queues are chosen", async () => {
    const run = await sceneFigure("run");
    expect(await page.isVisible("[data-testid=cf-links]")).toBe(false);
    await page.selectOption("[data-testid=queue-type]", "shared");
    await expect.poll(() => sceneFigure("run"), { timeout: 20_000 }).toBeGreaterThan(run);
    // Shared queues mean a queue sharing group: a second queue manager joins, and the CF's controls show.
    expect(await page.inputValue("[data-testid=queue-managers]")).toBe("2");
    expect(await page.isVisible("[data-testid=cf-links]")).toBe(true);
    await expect.poll(() => page.textContent("[data-testid=legend]"), { timeout: 20_000 }).toMatch(/CF reply/);
    expect(await page.textContent("[data-testid=legend]")).toMatch(/1 coupling facility/);
    await expect
      .poll(() => page.locator("[data-testid=series-chart] .series-label").allTextContents(), { timeout: 20_000 })
      .toContainEqual(expect.stringMatching(/CF link busy %/));
    await expect.poll(() => sceneFigure("particles"), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(1500);
    writeFileSync(resolve(artifacts, "renderer-shared.png"), await page.screenshot());
    // Two queue managers crowd the CF and the logs into a small stage: every label still reads.
    const labels = await page.$$eval(".node-label:not([hidden])", (els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { text: e.textContent, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      }),
    );
    expect(labels.map((l) => l.text)).toEqual(expect.arrayContaining(["coupling facility (4 CPs)", "QM2 logger"]));
    for (const [i, a] of labels.entries()) {
      for (const b of labels.slice(i + 1)) {
        const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
        expect(apart, `"${a.text}" and "${b.text}" overlap`).toBe(true);
      }
    }
  });

  it("folds the key away to give the stage more room, and brings it back", async () => {
    /** Screen distance between the labels of the run's two ends, px: the stage's width on screen. */
    const stageWidth = () =>
      page.$$eval(".node-label:not([hidden])", (els) => {
        const xs = els.map((e) => e.getBoundingClientRect().left);
        return Math.max(...xs) - Math.min(...xs);
      });
    const legendBottom = () => page.$eval("[data-testid=legend]", (e) => e.getBoundingClientRect().bottom);
    const open = { width: await stageWidth(), bottom: await legendBottom() };
    await page.click("[data-testid=legend-fold]");
    expect(await page.textContent("[data-testid=legend-fold]")).toBe("Show key");
    expect(await page.isVisible("[data-testid=legend] ul")).toBe(false);
    expect(await legendBottom()).toBeLessThan(open.bottom - 20);
    await expect.poll(stageWidth, { timeout: 5_000 }).toBeGreaterThan(1.1 * open.width);
    await page.click("[data-testid=legend-fold]");
    expect(await page.isVisible("[data-testid=legend] ul")).toBe(true);
    await expect.poll(stageWidth, { timeout: 5_000 }).toBeLessThan(1.02 * open.width);
  });

  it("moves messages across a channel, at a speed where they can be followed", async () => {
    const run = await sceneFigure("run");
    const speedBefore = Number(await page.inputValue("[data-testid=speed]"));
    await page.selectOption("[data-testid=workload-kind]", "channel_move");
    await expect.poll(() => sceneFigure("run"), { timeout: 20_000 }).toBeGreaterThan(run);
    expect(await page.isVisible("[data-testid=channel-batch-size]")).toBe(true);
    expect(await page.isVisible("[data-testid=cf-links]")).toBe(false);
    // Its putters are paced at a thousand messages a second: the run opens faster to show them.
    expect(Number(await page.inputValue("[data-testid=speed]"))).toBeGreaterThan(speedBefore);
    await expect.poll(() => page.textContent("[data-testid=legend]"), { timeout: 20_000 }).toMatch(/channel batch/);
    await expect
      .poll(() => page.locator("[data-testid=series-chart] .series-label").allTextContents(), { timeout: 20_000 })
      .toContainEqual(expect.stringMatching(/transmission queue depth/));
    await expect.poll(() => sceneFigure("particles"), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(1500);
    writeFileSync(resolve(artifacts, "renderer-channel.png"), await page.screenshot());
    await page.selectOption("[data-testid=workload-kind]", "request_reply");
    await expect.poll(() => page.isVisible("[data-testid=servers]")).toBe(true);
  });

  it("says so plainly when WebGL is missing, and still plays the simulation", async () => {
    const bare = await browser.newPage({ viewport: { width: 1024, height: 700 } });
    try {
      await bare.addInitScript(() => {
        const original = HTMLCanvasElement.prototype.getContext;
        HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, id: string, ...rest: unknown[]) {
          if (id.startsWith("webgl")) return null;
          return (original as (...a: unknown[]) => unknown).call(this, id, ...rest);
        } as typeof original;
      });
      await bare.goto(server.url);
      await bare.waitForSelector("#app[data-state=ready]", { timeout: 60_000 });
      await expect.poll(() => bare.textContent("[data-testid=status]")).toMatch(/3D view is unavailable/);
      const time = async () => Number(await bare.getAttribute("[data-testid=sim-time]", "data-sim-time-s"));
      await expect.poll(time, { timeout: 20_000 }).toBeGreaterThan(0);
      await expect(bare.getAttribute("[data-testid=sweep-chart] path.curve", "d")).resolves.toMatch(/^M/);
    } finally {
      await bare.close();
    }
  });

  it("says so plainly when Web Workers are missing, and keeps the model and its chart", async () => {
    const bare = await browser.newPage({ viewport: { width: 1024, height: 700 } });
    try {
      await bare.addInitScript(() => {
        Reflect.deleteProperty(window, "Worker");
      });
      await bare.goto(server.url);
      await bare.waitForSelector("#app[data-state=ready]", { timeout: 60_000 });
      await expect(bare.textContent("[data-testid=status]")).resolves.toMatch(/simulation cannot run here/);
      await expect(bare.getAttribute("[data-testid=sweep-chart] path.curve", "d")).resolves.toMatch(/^M/);
      await expect(bare.textContent("[data-testid=engine-version]")).resolves.toMatch(/model \d/);
      await expect(bare.textContent("[data-testid=model-check] .check-verdict")).resolves.toMatch(
        /simulation cannot run here/,
      );
    } finally {
      await bare.close();
    }
  });

  it("logs no errors to the console (CSP violations included)", () => {
    expect(consoleErrors).toEqual([]);
  });
});
