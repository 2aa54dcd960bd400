//! Shape and reference checks for the `failover` sub-model.
