//! Shape and reference checks for the `cf` sub-model.
