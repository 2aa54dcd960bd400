//! CICS syncpoint batching: operations per syncpoint versus elapsed time.
//!
//! A CICS task that puts persistent messages pays twice: each MQPUT (a CICS-to-MQ call plus the put
//! itself, which only fills log buffers), and each syncpoint (CICS's own syncpoint processing, the
//! resource-manager flows to MQ, and MQ's commit, which waits for a forced log write of everything
//! the unit of work logged). Committing every N operations divides the syncpoint part by N, so
//! elapsed time falls steeply from 1 to 10 operations per syncpoint and then flattens at the cost of
//! the puts alone (`002_4d4af810798dc970.txt`, "CICS/MQ"). VSAM updates are different: each update
//! already does its own disk writes and a CICS syncpoint only writes the DFHLOG journal, so batching
//! barely helps ("CICS/VSAM").
//!
//! The model also says when a population of simple CICS/MQ transactions runs out of processors
//! (`004_c01e4fc945a28128.txt`, Appendix A, "CICS Workload").

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::request_reply::{MQCLOSE_CPU_US, MQOPEN_CPU_US, mqcmit_cpu_us, mqget_cpu_us, mqput_cpu_us};
use crate::scenario::{Persistence, Scenario, Validate, Validator, Workload, WorkloadKind};

/// Elapsed time a CICS task spends on each MQ call outside the MQ verb itself (the CICS-MQ
/// adapter, the switch to and from the open TCB), in microseconds. Fitted to the 1,000-MQPUTs-per-
/// syncpoint row of `002_4d4af810798dc970.txt`, "CICS/MQ" (4 s for 100,000 puts), where syncpoints
/// have become a negligible share.
pub const CICS_MQ_CALL_US: f64 = 32.7;

/// CICS's own syncpoint processing, including its DFHLOG journal write, in microseconds. Fitted to
/// the VSAM rows of `002_4d4af810798dc970.txt`, "CICS/VSAM": 1 against 100,000 adds per syncpoint
/// (52 s against 51 s for 100,000 adds).
pub const CICS_SYNCPOINT_US: f64 = 10.0;

/// Extra syncpoint time when MQ takes part (the resource-manager prepare/commit flows and their TCB
/// switches), in microseconds, on top of [`CICS_SYNCPOINT_US`] and MQ's own commit. Fitted to the
/// 1-MQPUT-per-syncpoint row of "CICS/MQ" (56 s for 100,000 puts), with the forced write taken
/// from the log model for the default log configuration.
pub const CICS_MQ_SYNCPOINT_US: f64 = 325.0;

/// Elapsed time of a VSAM KSDS add (data and index component writes, VVDS), in microseconds.
/// Fitted to "CICS/VSAM": 51 s for 100,000 adds with one syncpoint.
pub const VSAM_ADD_US: f64 = 510.0;

/// Elapsed time of a VSAM KSDS read for update plus REWRITE, in microseconds. Fitted to "CICS/VSAM":
/// 26 s for 100,000 read/rewrites with a syncpoint after each.
pub const VSAM_READ_REWRITE_US: f64 = 250.0;

/// CICS CPU per simple MQ transaction outside the MQ verbs (attach, START of the next transaction,
/// end-of-task processing of the MQ connection), in microseconds. An estimate: the report says only
/// that end-of-task processing is significant (`004_c01e4fc945a28128.txt`, "CICS Workload").
pub const CICS_TASK_CPU_US: f64 = 30.0;

/// Time a simple CICS transaction spends not using a processor (waiting for dispatch on its
/// region's TCB, START scheduling), in microseconds. Fitted to "becomes CPU constrained with 512
/// concurrent CICS tasks" on 16 processors (`004_c01e4fc945a28128.txt`, "CICS Workload").
pub const CICS_TASK_WAIT_US: f64 = 1300.0;

/// Message size of the report's CICS workload transactions ("put a 2KB nonpersistent message").
pub const CICS_WORKLOAD_MESSAGE_BYTES: f64 = 2048.0;

/// CICS syncpoint batching and CICS transaction capacity.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct CicsMetrics {
    /// Operations (MQPUTs) per syncpoint (`workload.messages_per_commit`).
    pub operations_per_syncpoint: f64,
    /// Elapsed time per MQPUT, syncpoints shared out, in microseconds.
    pub elapsed_per_operation_us: f64,
    /// Elapsed time of one syncpoint (CICS, resource-manager flows, MQ commit and its forced log
    /// write), in microseconds.
    pub elapsed_per_syncpoint_us: f64,
    /// Forced log write inside one syncpoint, in microseconds.
    pub syncpoint_log_wait_us: f64,
    /// Elapsed time for `workload.batch_messages` puts, in seconds.
    pub total_elapsed_s: f64,
    /// Share of the elapsed time spent in syncpoints, in percent.
    pub syncpoint_share_pct: f64,
    /// MQPUTs per second one task achieves.
    pub operations_s: f64,
    /// CPU of one simple CICS/MQ transaction (open, put, get, close, start the next), in microseconds.
    pub transaction_cpu_us: f64,
    /// Concurrent simple CICS/MQ transactions at which the LPAR's processors saturate.
    pub cpu_constrained_tasks: f64,
}

/// Which CICS resource the task updates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CicsResource {
    /// MQPUT of a message (the scenario's size and persistence apply).
    #[default]
    MqPut,
    /// Add a record to a VSAM KSDS.
    VsamAdd,
    /// Read a VSAM KSDS record for update and rewrite it.
    VsamReadRewrite,
}

/// Elapsed time per MQPUT and per syncpoint for a CICS task putting `workload`'s messages.
fn mq_batch(scenario: &Scenario, w: &Workload) -> (f64, f64, f64) {
    let persistent = w.persistence == Persistence::Persistent;
    let size = f64::from(w.message_size_bytes);
    let per_syncpoint = f64::from(w.messages_per_commit.max(1));
    let mut op = CICS_MQ_CALL_US + mqput_cpu_us(size, persistent);
    let (log_wait, mq_commit) = if persistent {
        let uow_bytes = per_syncpoint * crate::model::log::log_bytes_per_message(size, false);
        // Log data beyond the output buffers is written while the puts wait; the commit forces the rest.
        let buffered = uow_bytes.min(crate::model::request_reply::LOG_OUTPUT_BUFFER_BYTES);
        let overflow = uow_bytes - buffered;
        if overflow > 0.0 {
            op += crate::model::commit::forced_write_us(scenario, overflow) / per_syncpoint;
        }
        let wait = crate::model::commit::forced_write_us(scenario, buffered);
        (wait, mqcmit_cpu_us(true) + wait)
    } else {
        (0.0, mqcmit_cpu_us(false))
    };
    let syncpoint = CICS_SYNCPOINT_US + CICS_MQ_SYNCPOINT_US + mq_commit;
    (op, syncpoint, log_wait)
}

/// CPU of one simple CICS/MQ transaction of the report's CICS workload.
pub fn transaction_cpu_us() -> f64 {
    2.0 * (MQOPEN_CPU_US + MQCLOSE_CPU_US)
        + mqput_cpu_us(CICS_WORKLOAD_MESSAGE_BYTES, false)
        + mqget_cpu_us(CICS_WORKLOAD_MESSAGE_BYTES, false)
        + CICS_TASK_CPU_US
}

/// Evaluates this sub-model for `scenario`.
pub fn evaluate(scenario: &Scenario) -> CicsMetrics {
    let w = &scenario.workload;
    let (op, syncpoint, log_wait) = mq_batch(scenario, w);
    let per_syncpoint = f64::from(w.messages_per_commit.max(1));
    let per_op = op + syncpoint / per_syncpoint;
    let cpu = transaction_cpu_us();
    let cpus = f64::from(scenario.system.lpar_cpus.max(1));
    CicsMetrics {
        operations_per_syncpoint: per_syncpoint,
        elapsed_per_operation_us: per_op,
        elapsed_per_syncpoint_us: syncpoint,
        syncpoint_log_wait_us: log_wait,
        total_elapsed_s: per_op * f64::from(w.batch_messages) * 1.0e-6,
        syncpoint_share_pct: 100.0 * (syncpoint / per_syncpoint) / per_op,
        operations_s: 1.0e6 / per_op,
        transaction_cpu_us: cpu,
        cpu_constrained_tasks: cpus * (cpu + CICS_TASK_WAIT_US) / cpu,
    }
}

/// Input of the `cics_syncpoint_batching` calculator.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CicsBatchingInput {
    /// What each operation updates.
    #[serde(default)]
    pub resource: CicsResource,
    /// Operations the task does in all.
    #[serde(default = "default_operations")]
    pub operations: u32,
    /// Operations between syncpoints.
    pub operations_per_syncpoint: u32,
    /// Message size for `mq_put`, in bytes (the article's test used 80).
    #[serde(default = "default_message_bytes")]
    pub message_size_bytes: u32,
    /// Whether the messages are persistent (`mq_put` only).
    #[serde(default = "default_persistent")]
    pub persistent: bool,
}

fn default_operations() -> u32 {
    100_000
}

fn default_message_bytes() -> u32 {
    80
}

fn default_persistent() -> bool {
    true
}

impl Validate for CicsBatchingInput {
    fn validate(&self, v: &mut Validator) {
        v.range("operations", self.operations, 1, 1_000_000_000);
        v.range("operations_per_syncpoint", self.operations_per_syncpoint, 1, 1_000_000_000);
        v.require(
            self.operations_per_syncpoint <= self.operations,
            "operations_per_syncpoint",
            self.operations_per_syncpoint,
            "at most `operations`",
        );
        v.range("message_size_bytes", self.message_size_bytes, 0, 104_857_600);
    }
}

/// Output of the `cics_syncpoint_batching` calculator.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CicsBatching {
    /// Elapsed time for all operations, in seconds.
    pub total_elapsed_s: f64,
    /// Elapsed time per operation, syncpoints shared out, in microseconds.
    pub elapsed_per_operation_us: f64,
    /// Elapsed time of one syncpoint, in microseconds.
    pub elapsed_per_syncpoint_us: f64,
    /// Share of the elapsed time spent in syncpoints, in percent.
    pub syncpoint_share_pct: f64,
}

/// Elapsed time of a CICS task doing `operations` updates with a syncpoint every
/// `operations_per_syncpoint`, on the default (9.4 report) log configuration for MQ.
pub fn cics_syncpoint_batching(input: &CicsBatchingInput) -> CicsBatching {
    let per_syncpoint = f64::from(input.operations_per_syncpoint.max(1));
    let (op, syncpoint) = match input.resource {
        CicsResource::MqPut => {
            let mut s = Scenario::default();
            s.workload.kind = WorkloadKind::BatchPut;
            s.workload.message_size_bytes = input.message_size_bytes;
            s.workload.persistence =
                if input.persistent { Persistence::Persistent } else { Persistence::NonPersistent };
            s.workload.messages_per_commit = input.operations_per_syncpoint.max(1);
            let (op, syncpoint, _) = mq_batch(&s, &s.workload);
            (op, syncpoint)
        }
        CicsResource::VsamAdd => (VSAM_ADD_US, CICS_SYNCPOINT_US),
        CicsResource::VsamReadRewrite => (VSAM_READ_REWRITE_US, CICS_SYNCPOINT_US),
    };
    let per_op = op + syncpoint / per_syncpoint;
    CicsBatching {
        total_elapsed_s: per_op * f64::from(input.operations) * 1.0e-6,
        elapsed_per_operation_us: per_op,
        elapsed_per_syncpoint_us: syncpoint,
        syncpoint_share_pct: 100.0 * (syncpoint / per_syncpoint) / per_op,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn batching(resource: CicsResource, per_syncpoint: u32) -> f64 {
        cics_syncpoint_batching(&CicsBatchingInput {
            resource,
            operations: 100_000,
            operations_per_syncpoint: per_syncpoint,
            message_size_bytes: 80,
            persistent: true,
        })
        .total_elapsed_s
    }

    #[test]
    fn batching_helps_mq_far_more_than_vsam() {
        let mq_gain = batching(CicsResource::MqPut, 1) / batching(CicsResource::MqPut, 1000);
        let vsam_gain = batching(CicsResource::VsamAdd, 1) / batching(CicsResource::VsamAdd, 1000);
        assert!(mq_gain > 5.0, "{mq_gain}");
        assert!(vsam_gain < 1.1, "{vsam_gain}");
    }

    #[test]
    fn elapsed_never_rises_with_more_operations_per_syncpoint() {
        let t: Vec<f64> =
            [1, 2, 5, 10, 100, 1000, 10_000, 100_000].iter().map(|&s| batching(CicsResource::MqPut, s)).collect();
        assert!(t.windows(2).all(|p| p[1] <= p[0] * 1.0001), "{t:?}");
    }

    #[test]
    fn more_processors_carry_more_concurrent_tasks() {
        let mut s = Scenario::default();
        s.system.lpar_cpus = 8;
        let eight = evaluate(&s).cpu_constrained_tasks;
        s.system.lpar_cpus = 16;
        let sixteen = evaluate(&s).cpu_constrained_tasks;
        assert!((sixteen / eight - 2.0).abs() < 1e-9);
    }
}
