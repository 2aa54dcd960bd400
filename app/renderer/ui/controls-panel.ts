/**
 * The scenario controls: sliders and toggles bound to store fields, and the model's answer and
 * any validation problems below them.
 */
import type { StoreApi } from "zustand/vanilla";
import type { ScenarioState } from "../store/scenario-store";
import { selectErrors, selectLogBytesPerMessage } from "../store/scenario-store";

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

/** Slider position of the step nearest to `bytes`. */
export function nearestSizeStep(bytes: number): number {
  let best = 0;
  MESSAGE_SIZE_STEPS.forEach((s, i) => {
    if (
      Math.abs(Math.log(s) - Math.log(bytes)) < Math.abs(Math.log(MESSAGE_SIZE_STEPS[best] as number) - Math.log(bytes))
    )
      best = i;
  });
  return best;
}

/** "2 KB", "4 MB", "100 MB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1_048_576) return `${+(bytes / 1_048_576).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className = "", text = ""): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text) el.textContent = text;
  return el;
}

function slider(min: number, max: number): HTMLInputElement {
  const input = element("input");
  input.type = "range";
  input.min = String(min);
  input.max = String(max);
  input.step = "1";
  return input;
}

/** Renders the controls into `container` and keeps them in step with `store`. */
export function mountControlsPanel(container: HTMLElement, store: StoreApi<ScenarioState>): () => void {
  container.replaceChildren();

  const sizeLabel = element("label", "control");
  const sizeValue = element("output", "control-value");
  const size = slider(0, MESSAGE_SIZE_STEPS.length - 1);
  size.dataset.testid = "message-size";
  sizeLabel.append("Message size ", sizeValue, size);
  size.addEventListener("input", () => {
    store.getState().setField("workload.message_size_bytes", MESSAGE_SIZE_STEPS[Number(size.value)]);
  });

  /** A checkbox choosing between two values of a scenario field. */
  const toggleControl = (text: string, testid: string, path: string, on: string, off: string) => {
    const label = element("label", "control toggle");
    const input = element("input");
    input.type = "checkbox";
    input.dataset.testid = testid;
    label.append(input, ` ${text}`);
    input.addEventListener("change", () => store.getState().setField(path, input.checked ? on : off));
    const show = (value: string) => {
      input.checked = value === on;
    };
    return { label, show };
  };
  const persistent = toggleControl(
    "Persistent messages",
    "persistent",
    "workload.persistence",
    "persistent",
    "non_persistent",
  );

  /** A slider over whole numbers bound to a numeric scenario field. */
  const countControl = (text: string, testid: string, min: number, max: number, path: string) => {
    const label = element("label", "control");
    const value = element("output", "control-value");
    const input = slider(min, max);
    input.dataset.testid = testid;
    label.append(`${text} `, value, input);
    input.addEventListener("input", () => store.getState().setField(path, Number(input.value)));
    const show = (n: number) => {
      input.value = String(n);
      value.value = String(n);
    };
    return { label, show };
  };
  const requesters = countControl("Requesters", "requesters", 1, 64, "workload.requesters");
  const servers = countControl("Servers", "servers", 1, 64, "workload.servers");
  const queuePairs = countControl("Queue pairs", "queue-pairs", 1, 16, "workload.queue_pairs");
  const stripes = countControl("Log stripes", "log-stripes", 1, 4, "log.stripes");
  const syncpoint = toggleControl(
    "Put and get in syncpoint",
    "syncpoint",
    "workload.syncpoint",
    "in_syncpoint",
    "out_of_syncpoint",
  );

  const ioLabel = element("label", "control");
  const io = element("select");
  io.dataset.testid = "io-mode";
  for (const [value, text] of IO_MODES) {
    const option = element("option", "", text);
    option.value = value;
    io.append(option);
  }
  ioLabel.append("Log I/O ", io);
  io.addEventListener("change", () => store.getState().setField("log.io_mode", io.value));

  const readout = element("dl", "readout");
  readout.dataset.testid = "readout";
  const errors = element("ul", "errors");
  errors.setAttribute("role", "alert");

  container.append(
    element("h2", "", "Scenario"),
    sizeLabel,
    persistent.label,
    syncpoint.label,
    requesters.label,
    servers.label,
    queuePairs.label,
    stripes.label,
    ioLabel,
    readout,
    errors,
  );

  const render = (state: ScenarioState) => {
    const bytes = state.scenario.workload.message_size_bytes;
    size.value = String(nearestSizeStep(bytes));
    sizeValue.value = formatBytes(bytes);
    const w = state.scenario.workload;
    persistent.show(w.persistence);
    const log = state.scenario.log as { stripes?: number; io_mode?: string } | undefined;
    stripes.show(log?.stripes ?? 1);
    io.value = log?.io_mode ?? "ficon";
    syncpoint.show(w.syncpoint);
    requesters.show(w.requesters);
    servers.show(w.servers);
    queuePairs.show(w.queue_pairs);
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
