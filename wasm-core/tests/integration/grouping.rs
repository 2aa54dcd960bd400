//! Shape and reference checks for the `grouping` sub-model.
