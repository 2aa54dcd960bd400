//! The range and consistency checks every scenario section runs after it is read.

use super::{FieldError, ScenarioError};
use std::fmt::Display;

/// Implemented by every scenario section: report each field that is out of range or
/// inconsistent with another.
pub trait Validate {
    /// Adds an error to `v` for every problem; the section's own path is already pushed.
    fn validate(&self, v: &mut Validator);
}

/// Collects field errors while the scenario is walked, tracking the dotted path.
#[derive(Debug, Default)]
pub struct Validator {
    path: Vec<String>,
    errors: Vec<FieldError>,
}

impl Validator {
    /// An empty validator at the document root.
    pub fn new() -> Self {
        Self::default()
    }

    /// Validates a nested section under `name`.
    pub fn section(&mut self, name: &str, f: impl FnOnce(&mut Self)) {
        self.path.push(name.to_string());
        f(self);
        self.path.pop();
    }

    fn path_of(&self, field: &str) -> String {
        if self.path.is_empty() { field.to_string() } else { format!("{}.{}", self.path.join("."), field) }
    }

    /// Records an error for `field` unless `ok`.
    pub fn require(&mut self, ok: bool, field: &str, value: impl Display, allowed: &str) {
        if !ok {
            self.errors.push(FieldError {
                field: self.path_of(field),
                value: value.to_string(),
                allowed: allowed.to_string(),
            });
        }
    }

    /// `min <= value <= max`, inclusive; a NaN fails.
    pub fn range<T: PartialOrd + Display + Copy>(&mut self, field: &str, value: T, min: T, max: T) {
        let ok = value >= min && value <= max; // NaN fails both comparisons
        if !ok {
            // Only a failing check pays for formatting: sweeps validate thousands of scenarios.
            self.require(false, field, value, &format!("a value from {min} to {max}"));
        }
    }

    /// Ends validation: every error found, or nothing.
    pub fn finish(self) -> Result<(), ScenarioError> {
        if self.errors.is_empty() { Ok(()) } else { Err(ScenarioError { errors: self.errors }) }
    }
}
