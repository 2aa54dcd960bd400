//! The message-flow simulation: a seeded discrete-event engine whose stations take their service
//! times from the calibrated model, so that queues build, log writes aggregate and locks serialise
//! where the model says they do.
//!
//! - [`calendar`]: the future-event list.
//! - [`stats`]: running means, time averages and batch-means confidence intervals.
//! - [`station`]: a multi-server FCFS station (CPUs, a queue lock, the logger, PFIDs, CF links).
//! - [`theory`]: queueing-theory results (Erlang C, exact MVA) that judge the engine in tests.
//! - [`network`]: generic open M/M/c and closed networks, the engine's reference workloads.
//! - [`trace`]: the topology, trace chunks and time series handed to the renderer.
//! - [`consistency`]: the simulation against the model over scenarios drawn at random.

pub mod calendar;
pub mod consistency;
pub mod mq;
pub mod network;
pub mod station;
pub mod stats;
pub mod theory;
pub mod trace;
