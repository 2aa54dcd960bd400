//! Shape and reference checks for the `streaming` sub-model.
