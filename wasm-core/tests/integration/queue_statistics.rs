//! Shape and reference checks for the `queue_statistics` sub-model.
