//! Shape and reference checks for the `channel` sub-model.
