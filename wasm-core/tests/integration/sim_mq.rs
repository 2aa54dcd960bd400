//! The MQ simulation against the analytic model and the reports' qualitative results.
