//! Shape and reference checks for the `log` sub-model.
