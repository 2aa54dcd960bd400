/**
 * The simulation's Web Worker: loads the wasm core once and hands every mailbox message to the
 * streamer, which runs the simulation in slices and posts trace chunks as transferable typed
 * arrays. Slices yield through a MessageChannel rather than setTimeout, which browsers clamp to
 * 4 ms once nested and would throttle the stream.
 */
import init, { Simulation } from "./pkg/mqpx.js";
import { isToWorker } from "./sim-protocol";
import { SimStreamer } from "./sim-streamer";

const scope = self as unknown as DedicatedWorkerGlobalScope;

/** Runs queued tasks one per message through a channel of the worker's own. */
function channelScheduler(): (task: () => void) => void {
  const channel = new MessageChannel();
  const tasks: (() => void)[] = [];
  channel.port1.onmessage = () => tasks.shift()?.();
  return (task) => {
    tasks.push(task);
    channel.port2.postMessage(null);
  };
}

const streamer = new SimStreamer(
  Simulation,
  (message, transfer) => scope.postMessage(message, transfer),
  channelScheduler(),
);
const ready = init();

scope.addEventListener("message", (event: MessageEvent<unknown>) => {
  // Messages wait for the same promise, so they are handled in the order they arrived.
  ready.then(
    () => streamer.handle(event.data),
    (error: unknown) => {
      const run = isToWorker(event.data) ? event.data.run : -1;
      scope.postMessage({ type: "failed", run, message: `the simulation engine did not load: ${String(error)}` });
    },
  );
});
