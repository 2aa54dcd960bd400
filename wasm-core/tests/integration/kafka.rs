//! Shape and reference checks for the `kafka` sub-model.
