/**
 * The scenario controls: sliders, toggles and choices bound to store fields, grouped by the part
 * of the system they set (workload, log, coupling facility, channels, clients), with the model's
 * answer and any validation problems below them.
 *
 * The controls are declared as data (`CONTROL_GROUPS`), so that a test can check that every value
 * any control offers is one the model accepts. A group or control whose setting the current
 * scenario does not use (the CF links of private queues, the PFIDs of FICON) is hidden, not
 * disabled: the panel shows what matters for the scenario on screen.
 */
import type { StoreApi } from "zustand/vanilla";
import type { Scenario } from "../engine/types";
import type { ScenarioState } from "../store/scenario-store";
import { selectErrors, selectLogBytesPerMessage } from "../store/scenario-store";
import { element } from "./dom";
import { nearestStep } from "./slider-steps";

/** Message sizes offered by the slider: powers of two from 256 B to 100 MB, as the reports sweep them. */
export const MESSAGE_SIZE_STEPS: readonly number[] = [
  ...Array.from({ length: 19 }, (_, i) => 256 * 2 ** i),
  104_857_600,
];

/** The log I/O paths the model knows (LogIoMode in wasm-core/src/model/log.rs), as offered. */
export const IO_MODES: readonly (readonly [string, string])[] = [
  ["ficon", "FICON"],
  ["zhpf", "zHPF"],
  ["zhyperlink", "zHyperLink (synchronous)"],
];

/** The test shapes the simulation runs (WorkloadKind in wasm-core/src/scenario/workload.rs). */
export const WORKLOAD_KINDS: readonly (readonly [string, string])[] = [
  ["request_reply", "Request/reply"],
  ["log_upper_bound", "Log upper bound (put, get, commit)"],
  ["batch_put", "Batch put (CICS batching)"],
  ["channel_move", "Messages across a channel"],
];

/** Slider position of the message size step nearest to `bytes`. */
export function nearestSizeStep(bytes: number): number {
  return nearestStep(MESSAGE_SIZE_STEPS, Math.max(bytes, 1));
}

/** "2 KB", "4 MB", "100 MB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1_048_576) return `${+(bytes / 1_048_576).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}

/** The value at dotted `path` of `scenario` (undefined where a section is missing). */
export function valueAt(scenario: Scenario, path: string): unknown {
  let at: unknown = scenario;
  for (const key of path.split(".")) {
    if (typeof at !== "object" || at === null) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/** Fields changed together: dotted path to new value. */
export type FieldChanges = Readonly<Record<string, unknown>>;

interface ControlBase {
  /** The label, or a function of the scenario when it depends on it ("Requesters" or "Tasks"). */
  readonly text: string | ((s: Scenario) => string);
  /** `data-testid` of the input, for tests and automation. */
  readonly testid: string;
  /** The scenario field the control sets. */
  readonly path: string;
  /** Whether the current scenario uses the field; hidden otherwise (always shown when absent). */
  readonly shownWhen?: (s: Scenario) => boolean;
  /** Other fields that must change with this one for the scenario to stay valid. */
  readonly linked?: (value: unknown, s: Scenario) => FieldChanges;
}

/** A slider over a list of values (sizes, rates: log-spaced). */
export interface StepsControl extends ControlBase {
  readonly type: "steps";
  readonly steps: readonly number[];
  readonly format?: (n: number) => string;
}

/** A slider over whole numbers. */
export interface CountControl extends ControlBase {
  readonly type: "count";
  readonly min: number;
  readonly max: number;
  readonly unit?: string;
}

/** A checkbox choosing between two values. */
export interface ToggleControl extends ControlBase {
  readonly type: "toggle";
  readonly on: unknown;
  readonly off: unknown;
}

/** A drop-down of named values. */
export interface ChoiceControl extends ControlBase {
  readonly type: "choice";
  readonly options: readonly (readonly [string, string])[];
}

/** One control of the panel. */
export type ControlSpec = StepsControl | CountControl | ToggleControl | ChoiceControl;

/** A titled group of controls, hidden as a whole when the scenario does not use its part. */
export interface ControlGroup {
  readonly title: string;
  readonly shownWhen?: (s: Scenario) => boolean;
  readonly controls: readonly ControlSpec[];
}

/** Every value a control offers, for tests: steps, both ends of a range, both toggle states, each option. */
export function offeredValues(control: ControlSpec): readonly unknown[] {
  switch (control.type) {
    case "steps":
      return control.steps;
    case "count":
      return [control.min, control.max];
    case "toggle":
      return [control.on, control.off];
    case "choice":
      return control.options.map(([value]) => value);
  }
}

/** The changes setting `value` on `control` makes to `scenario`: the field and what must follow it. */
export function changesFor(control: ControlSpec, value: unknown, scenario: Scenario): FieldChanges {
  return { [control.path]: value, ...(control.linked?.(value, scenario) ?? {}) };
}

const kindOf = (s: Scenario) => s.workload.kind as string;
const isRequestReply = (s: Scenario) => kindOf(s) === "request_reply";
const isChannelMove = (s: Scenario) => kindOf(s) === "channel_move";
const isShared = (s: Scenario) => s.workload.queue_type === "shared";
/** Queue managers other than one need shared queues or channels between them (scenario validation). */
const needsOneQueueManager = (kind: unknown, queueType: unknown) => kind !== "channel_move" && queueType !== "shared";

/**
 * Servers to raise to so that every queue pair in use (the smaller of the pairs and the
 * requesters) has one of its own, as scenario validation requires of request/reply; nothing when
 * it has. Kept for every test, so that switching to request/reply never meets an unserved pair.
 */
const serveEveryPair = (s: Scenario, requesters: number, pairs: number): FieldChanges => {
  const needed = Math.min(requesters, pairs);
  return s.workload.servers < needed ? { "workload.servers": needed } : {};
};

/** The panel's controls, in the order shown. */
export const CONTROL_GROUPS: readonly ControlGroup[] = [
  {
    title: "Workload",
    controls: [
      {
        type: "choice",
        text: "Test",
        testid: "workload-kind",
        path: "workload.kind",
        options: WORKLOAD_KINDS,
        // Moving messages over a channel needs a queue manager at each end; the channel tests
        // move them between private queues.
        linked: (kind, s) =>
          kind === "channel_move"
            ? {
                ...(s.workload.queue_type === "private" ? {} : { "workload.queue_type": "private" }),
                ...(s.workload.queue_managers < 2 ? { "workload.queue_managers": 2 } : {}),
              }
            : needsOneQueueManager(kind, s.workload.queue_type)
              ? { "workload.queue_managers": 1 }
              : {},
      },
      {
        type: "steps",
        text: "Message size",
        testid: "message-size",
        path: "workload.message_size_bytes",
        steps: MESSAGE_SIZE_STEPS,
        format: formatBytes,
      },
      {
        type: "toggle",
        text: "Persistent messages",
        testid: "persistent",
        path: "workload.persistence",
        on: "persistent",
        off: "non_persistent",
      },
      {
        type: "toggle",
        text: "Put and get in syncpoint",
        testid: "syncpoint",
        path: "workload.syncpoint",
        on: "in_syncpoint",
        off: "out_of_syncpoint",
      },
      {
        type: "steps",
        text: "Messages per commit",
        testid: "messages-per-commit",
        path: "workload.messages_per_commit",
        steps: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
        shownWhen: (s) => kindOf(s) === "batch_put" || isChannelMove(s),
      },
      {
        type: "count",
        text: (s) => (isRequestReply(s) ? "Requesters" : isChannelMove(s) ? "Putting tasks" : "Tasks"),
        testid: "requesters",
        path: "workload.requesters",
        min: 1,
        max: 64,
        linked: (n, s) => serveEveryPair(s, Number(n), s.workload.queue_pairs),
      },
      {
        type: "count",
        text: "Servers",
        testid: "servers",
        path: "workload.servers",
        min: 1,
        max: 64,
        shownWhen: isRequestReply,
        // Fewer servers than pairs in use leave pairs unserved: the pairs follow the servers down.
        linked: (m, s) =>
          Number(m) < Math.min(s.workload.requesters, s.workload.queue_pairs)
            ? { "workload.queue_pairs": Number(m) }
            : {},
      },
      {
        type: "count",
        text: "Queue pairs",
        testid: "queue-pairs",
        path: "workload.queue_pairs",
        min: 1,
        max: 16,
        shownWhen: (s) => !isChannelMove(s),
        linked: (p, s) => serveEveryPair(s, s.workload.requesters, Number(p)),
      },
      {
        type: "choice",
        text: "Queues",
        testid: "queue-type",
        path: "workload.queue_type",
        options: [
          ["private", "Private"],
          ["shared", "Shared (coupling facility)"],
        ],
        shownWhen: (s) => !isChannelMove(s),
        linked: (type, s) =>
          needsOneQueueManager(s.workload.kind, type)
            ? { "workload.queue_managers": 1 }
            : type === "shared" && s.workload.queue_managers < 2
              ? { "workload.queue_managers": 2 }
              : {},
      },
      {
        type: "toggle",
        text: "Duplicate requests to a stream queue (STREAMQ)",
        testid: "streaming",
        path: "streaming.enabled",
        on: true,
        off: false,
        shownWhen: (s) => !isChannelMove(s),
      },
      {
        type: "choice",
        text: "Stream QoS",
        testid: "streaming-qos",
        path: "streaming.qos",
        options: [
          ["bestef", "BESTEF (best effort)"],
          ["mustdup", "MUSTDUP (must duplicate)"],
        ],
        shownWhen: (s) => !isChannelMove(s) && valueAt(s, "streaming.enabled") === true,
      },
      {
        type: "count",
        text: "Queue managers",
        testid: "queue-managers",
        path: "workload.queue_managers",
        min: 1,
        max: 8,
        shownWhen: (s) => isShared(s) || isChannelMove(s),
      },
    ],
  },
  {
    title: "Log",
    controls: [
      { type: "count", text: "Log stripes", testid: "log-stripes", path: "log.stripes", min: 1, max: 4 },
      { type: "toggle", text: "Dual logging", testid: "log-copies", path: "log.copies", on: 2, off: 1 },
      { type: "choice", text: "Log I/O", testid: "io-mode", path: "log.io_mode", options: IO_MODES },
      {
        type: "count",
        text: "zHyperLink PFIDs",
        testid: "zhyperlink-pfids",
        path: "log.zhyperlink_pfids",
        min: 1,
        max: 32,
        shownWhen: (s) => valueAt(s, "log.io_mode") === "zhyperlink",
      },
      {
        type: "count",
        text: "Channel paths busy with other work",
        testid: "other-channel-busy",
        path: "log.other_channel_busy_pct",
        min: 0,
        max: 95,
        unit: "%",
      },
    ],
  },
  {
    title: "Coupling facility",
    shownWhen: isShared,
    controls: [
      {
        type: "choice",
        text: "CF link type",
        testid: "cf-link-type",
        path: "cf.link_type",
        options: [
          ["icp", "ICP (internal)"],
          ["cbp", "CBP (cluster bus)"],
          ["cfp", "CFP (HiperLink)"],
        ],
      },
      { type: "count", text: "CF links per LPAR", testid: "cf-links", path: "cf.links_per_lpar", min: 1, max: 8 },
    ],
  },
  {
    title: "Channel",
    shownWhen: isChannelMove,
    controls: [
      {
        type: "steps",
        text: "Message rate",
        testid: "channel-rate",
        path: "channel.message_rate_msgs_s",
        steps: [10, 100, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000],
        format: (n) => `${n.toLocaleString("en")}/s`,
      },
      {
        type: "steps",
        text: "Batch size (BATCHSZ)",
        testid: "channel-batch-size",
        path: "channel.batch_size",
        steps: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
      },
    ],
  },
  {
    title: "Clients",
    shownWhen: isRequestReply,
    controls: [
      {
        type: "toggle",
        text: "Applications connect as clients",
        testid: "client-applications",
        path: "connection.client_applications",
        on: true,
        off: false,
      },
      {
        type: "steps",
        text: "SHARECNV",
        testid: "sharecnv",
        path: "connection.sharecnv",
        steps: [0, 1, 2, 5, 10, 20, 50, 100],
        shownWhen: (s) => valueAt(s, "connection.client_applications") === true,
        // The reports measured with every channel instance as full as SHARECNV allows.
        linked: (n) => ({ "connection.curshcnv": Math.max(1, Number(n)) }),
      },
    ],
  },
];

function slider(min: number, max: number): HTMLInputElement {
  const input = element("input");
  input.type = "range";
  input.min = String(min);
  input.max = String(max);
  input.step = "1";
  return input;
}

/** A mounted control: its label element and how it shows a scenario. */
interface MountedControl {
  readonly label: HTMLElement;
  show(s: Scenario): void;
}

function mountControl(control: ControlSpec, apply: (value: unknown) => void): MountedControl {
  const label = element("label", control.type === "toggle" ? "control toggle" : "control");
  const caption = element("span", "control-text");
  const textOf = (s: Scenario) => (typeof control.text === "string" ? control.text : control.text(s));
  switch (control.type) {
    case "steps":
    case "count": {
      const value = element("output", "control-value");
      const min = control.type === "count" ? control.min : 0;
      const max = control.type === "count" ? control.max : control.steps.length - 1;
      const input = slider(min, max);
      input.dataset.testid = control.testid;
      label.append(caption, value, input);
      const valueAtPosition = (position: number) => (control.type === "steps" ? control.steps[position] : position);
      input.addEventListener("input", () => apply(valueAtPosition(Number(input.value))));
      return {
        label,
        show: (s) => {
          caption.textContent = textOf(s);
          const n = Number(valueAt(s, control.path));
          if (control.type === "steps") {
            input.value = String(nearestStep(control.steps, n));
            value.value = control.format ? control.format(n) : String(n);
          } else {
            input.value = String(n);
            value.value = `${n}${control.unit ?? ""}`;
          }
        },
      };
    }
    case "toggle": {
      const input = element("input");
      input.type = "checkbox";
      input.dataset.testid = control.testid;
      label.append(input, caption);
      input.addEventListener("change", () => apply(input.checked ? control.on : control.off));
      return {
        label,
        show: (s) => {
          caption.textContent = textOf(s);
          input.checked = valueAt(s, control.path) === control.on;
        },
      };
    }
    case "choice": {
      const select = element("select");
      select.dataset.testid = control.testid;
      for (const [value, text] of control.options) {
        const option = element("option", "", text);
        option.value = value;
        select.append(option);
      }
      label.append(caption, select);
      select.addEventListener("change", () => apply(select.value));
      return {
        label,
        show: (s) => {
          caption.textContent = textOf(s);
          select.value = String(valueAt(s, control.path));
        },
      };
    }
  }
}

/** Renders the controls into `container` and keeps them in step with `store`. */
export function mountControlsPanel(container: HTMLElement, store: StoreApi<ScenarioState>): () => void {
  container.replaceChildren(element("h2", "", "Scenario"));
  const shown: { element: HTMLElement; when: ((s: Scenario) => boolean) | undefined }[] = [];
  const mounted: MountedControl[] = [];
  for (const group of CONTROL_GROUPS) {
    const section = element("section", "control-group");
    section.setAttribute("aria-label", group.title);
    section.append(element("h3", "", group.title));
    shown.push({ element: section, when: group.shownWhen });
    for (const control of group.controls) {
      const m = mountControl(control, (value) => {
        const s = store.getState();
        s.setFields(changesFor(control, value, s.scenario));
      });
      section.append(m.label);
      shown.push({ element: m.label, when: control.shownWhen });
      mounted.push(m);
    }
    container.append(section);
  }

  const readout = element("dl", "readout");
  readout.dataset.testid = "readout";
  const errors = element("ul", "errors");
  errors.setAttribute("role", "alert");
  container.append(readout, errors);

  const render = (state: ScenarioState) => {
    for (const { element: el, when } of shown) el.hidden = when !== undefined && !when(state.scenario);
    for (const m of mounted) m.show(state.scenario);
    const perMessage = selectLogBytesPerMessage(state);
    readout.replaceChildren(
      element("dt", "", "Log data per message"),
      element("dd", "", perMessage > 0 ? formatBytes(Math.round(perMessage)) : "not logged"),
    );
    errors.replaceChildren(
      ...selectErrors(state).map((e) => element("li", "", `${e.field}: ${e.value} — expected ${e.allowed}`)),
    );
  };
  render(store.getState());
  return store.subscribe(render);
}
