//! The one integration-test binary: cross-module behaviour of the model, judged against the
//! reports' reference data, plus input validation and robustness.

mod cli;
mod fidelity;
mod generated;
mod scenario;
mod sim;
mod sim_cf;
mod sim_channel;
mod sim_mq;

mod cf;
mod channel;
mod expiry;
mod failover;
mod grouping;
mod kafka;
mod log;
mod queue_statistics;
mod request_reply;
mod streaming;
mod svrconn;

mod support;
