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

  const persistentLabel = element("label", "control toggle");
  const persistent = element("input");
  persistent.type = "checkbox";
  persistent.dataset.testid = "persistent";
  persistentLabel.append(persistent, " Persistent messages");
  persistent.addEventListener("change", () => {
    store.getState().setField("workload.persistence", persistent.checked ? "persistent" : "non_persistent");
  });

  const stripesLabel = element("label", "control");
  const stripesValue = element("output", "control-value");
  const stripes = slider(1, 4);
  stripes.dataset.testid = "log-stripes";
  stripesLabel.append("Log stripes ", stripesValue, stripes);
  stripes.addEventListener("input", () => store.getState().setField("log.stripes", Number(stripes.value)));

  const readout = element("dl", "readout");
  readout.dataset.testid = "readout";
  const errors = element("ul", "errors");
  errors.setAttribute("role", "alert");

  container.append(element("h2", "", "Scenario"), sizeLabel, persistentLabel, stripesLabel, readout, errors);

  const render = (state: ScenarioState) => {
    const bytes = state.scenario.workload.message_size_bytes;
    size.value = String(nearestSizeStep(bytes));
    sizeValue.value = formatBytes(bytes);
    persistent.checked = state.scenario.workload.persistence === "persistent";
    const log = state.scenario.log as { stripes?: number } | undefined;
    stripes.value = String(log?.stripes ?? 1);
    stripesValue.value = String(log?.stripes ?? 1);
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
