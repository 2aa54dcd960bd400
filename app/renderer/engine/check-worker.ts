/**
 * The model check's Web Worker: loads the wasm core once and answers the latest `check` with the
 * simulation's steady state set against the model (see model-check.ts); a request overtaken by a
 * newer one before its turn is not run.
 */
import { answerCheck, checkMailbox, type FromCheckWorker } from "./model-check";
import init, { checkAgainstModel } from "./pkg/mqpx.js";

const scope = self as unknown as DedicatedWorkerGlobalScope;

let loadError: string | null = null;
const ready = init().then(
  () => undefined,
  (error: unknown) => {
    loadError = `the simulation engine did not load: ${String(error)}`;
  },
);

const receive = checkMailbox(
  (request): FromCheckWorker =>
    loadError === null
      ? answerCheck(checkAgainstModel, request)
      : { type: "failed", id: request.id, message: loadError },
  (message) => scope.postMessage(message),
  // After the engine has loaded, and after the messages already in the mailbox.
  (task) => {
    ready.then(() => setTimeout(task, 0));
  },
);

scope.addEventListener("message", (event: MessageEvent<unknown>) => receive(event.data));
