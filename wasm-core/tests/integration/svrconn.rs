//! Shape and reference checks for the `svrconn` sub-model.
