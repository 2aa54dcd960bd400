//! Shape and reference checks for the `request_reply` sub-model.
