//! Sizing calculators people use on their own systems.
//!
//! Each calculator is a typed function in the sub-model it belongs to; this registry gives them
//! names so the CLI, the wasm surface and the reference data can call them by name with JSON.
//! Inputs cross the same validation as scenarios: unknown fields and out-of-range values are
//! errors naming the field.

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::scenario::{ScenarioError, Validate, Validator};

/// A named calculator.
pub struct Calculator {
    /// Stable name used in JSON, the CLI and reference data (`log_volume`).
    pub name: &'static str,
    /// One line for menus.
    pub title: &'static str,
    /// Runs the calculator on JSON input.
    pub run: fn(&serde_json::Value) -> Result<serde_json::Value, ScenarioError>,
    /// The JSON Schema of the input.
    pub input_schema: fn() -> serde_json::Value,
}

/// Every calculator, in menu order.
pub const CALCULATORS: &[Calculator] = &[
    Calculator {
        name: "log_volume",
        title: "Log data per message and archive volume per day",
        run: |input| typed(input, crate::model::log::log_volume),
        input_schema: || schema_of::<crate::model::log::LogVolumeInput>(),
    },
    Calculator {
        name: "zhyperlink_sessions",
        title: "zHyperLink write sessions and PFID utilisation",
        run: |input| typed(input, crate::model::log::zhyperlink_sessions),
        input_schema: || schema_of::<crate::model::log::ZhyperlinkSessionsInput>(),
    },
    Calculator {
        name: "cf_structure_size",
        title: "CF application structure size for N messages of a size",
        run: |input| typed(input, crate::model::cf::structure_size),
        input_schema: || schema_of::<crate::model::cf::StructureSizeInput>(),
    },
    Calculator {
        name: "backup_interval",
        title: "CF structure backup interval for a recovery-time target",
        run: |input| typed(input, crate::model::cf::backup_interval),
        input_schema: || schema_of::<crate::model::cf::BackupIntervalInput>(),
    },
    Calculator {
        name: "svrconn_capacity",
        title: "SVRCONN channels a channel initiator can run within 80% of its storage",
        run: |input| typed(input, crate::model::svrconn::svrconn_capacity),
        input_schema: || schema_of::<crate::model::svrconn::SvrconnCapacityInput>(),
    },
    Calculator {
        name: "tls_cpu_per_message",
        title: "Additional CPU per message for a TLS cipher at each end of a channel",
        run: |input| typed(input, crate::model::channel::tls_cpu_per_message),
        input_schema: || schema_of::<crate::model::channel::TlsCpuInput>(),
    },
    Calculator {
        name: "cics_syncpoint_batching",
        title: "CICS task elapsed time by operations per syncpoint (MQ or VSAM)",
        run: |input| typed(input, crate::model::cics::cics_syncpoint_batching),
        input_schema: || schema_of::<crate::model::cics::CicsBatchingInput>(),
    },
    Calculator {
        name: "zhyperlink_transaction_gain",
        title: "Time in transaction by MQ API with zHPF and with zHyperLink",
        run: |input| typed(input, crate::model::request_reply::zhyperlink_transaction_gain),
        input_schema: || schema_of::<crate::model::request_reply::ZhyperlinkGainInput>(),
    },
    Calculator {
        name: "queue_statistics_smf",
        title: "Queue statistics (class 5) SMF volume and CPU per interval",
        run: |input| typed(input, crate::model::queue_statistics::queue_statistics_smf),
        input_schema: || schema_of::<crate::model::queue_statistics::QueueStatisticsSmfInput>(),
    },
    Calculator {
        name: "stream_queue_pageset",
        title: "Stream queue page set for a CAPEXPRY and EXPRYINT saw-tooth",
        run: |input| typed(input, crate::model::streaming::stream_queue_pageset),
        input_schema: || schema_of::<crate::model::streaming::StreamPagesetInput>(),
    },
    Calculator {
        name: "class3_task",
        title: "Class 3 averages of a short batch task, with and without STREAMQ",
        run: |input| typed(input, crate::model::streaming::class3_task),
        input_schema: || schema_of::<crate::model::streaming::Class3TaskInput>(),
    },
    // New calculators are added here, one entry each.
];

/// Runs the calculator called `name` on `input`.
pub fn run(name: &str, input: &serde_json::Value) -> Result<serde_json::Value, ScenarioError> {
    match CALCULATORS.iter().find(|c| c.name == name) {
        Some(c) => (c.run)(input),
        None => Err(ScenarioError::field(
            "calculator",
            name,
            format!("one of {}", CALCULATORS.iter().map(|c| c.name).collect::<Vec<_>>().join(", ")),
        )),
    }
}

/// Deserialises and validates `I`, applies `f`, serialises the result.
fn typed<I, O>(input: &serde_json::Value, f: fn(&I) -> O) -> Result<serde_json::Value, ScenarioError>
where
    I: DeserializeOwned + Validate,
    O: Serialize,
{
    let parsed: I = serde_path_to_error::deserialize(input.clone()).map_err(ScenarioError::from_serde)?;
    let mut v = Validator::new();
    parsed.validate(&mut v);
    v.finish()?;
    Ok(serde_json::to_value(f(&parsed)).expect("calculator output serialises"))
}

fn schema_of<T: schemars::JsonSchema>() -> serde_json::Value {
    serde_json::to_value(schemars::schema_for!(T)).expect("schema serialises")
}
