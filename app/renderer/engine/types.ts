/**
 * Hand-curated TypeScript view of the model's JSON documents. The Rust types are the source of
 * truth (their JSON Schema is checked in under docs/); these declare what the UI reads and writes.
 */

/** One problem with one scenario field, as the model's validation reports it. */
export interface FieldError {
  /** Dotted path, e.g. "log.stripes"; "(document)" for a syntax error. */
  readonly field: string;
  /** The offending value as written ("" when it could not be read). */
  readonly value: string;
  /** What is allowed instead. */
  readonly allowed: string;
}

/** The application workload section. */
export interface Workload {
  kind: "request_reply" | "log_upper_bound" | "batch_put" | "channel_move";
  message_size_bytes: number;
  persistence: "persistent" | "non_persistent";
  syncpoint: "out_of_syncpoint" | "in_syncpoint";
  implicit_syncpoint: boolean;
  messages_per_commit: number;
  requesters: number;
  servers: number;
  queue_pairs: number;
  queue_managers: number;
  queue_type: "private" | "shared";
  /** ImplSyncOpenOutput: applications with the queue open for output before implicit syncpoint applies. */
  impl_sync_open_output: number;
  /** The servers' syncpoint mode; null means the same as `syncpoint`. */
  server_syncpoint: "out_of_syncpoint" | "in_syncpoint" | null;
  /** Messages a batch_put task puts in all. */
  batch_messages: number;
}

/** A scenario document. Sections the UI does not edit directly are carried through untouched. */
export interface Scenario {
  schema_version: number;
  name: string;
  release: "5.3" | "9.2" | "9.3" | "9.4";
  workload: Workload;
  [section: string]: unknown;
}

/** The model's answer. Only the sections the UI reads are typed; the rest are plain JSON. */
export interface Metrics {
  readonly log: { readonly log_bytes_per_message: number; readonly [field: string]: number | unknown };
  readonly [section: string]: unknown;
}
