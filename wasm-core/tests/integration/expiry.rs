//! Shape and reference checks for the `expiry` sub-model.
