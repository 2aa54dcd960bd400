//! What went wrong with a scenario document, said so that a person can fix it.

use serde::Serialize;
use std::fmt;

/// One problem with one field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FieldError {
    /// Dotted path to the field, e.g. `log.stripes`; `(document)` for a syntax error.
    pub field: String,
    /// The offending value as written (empty when the field could not be read at all).
    pub value: String,
    /// What is allowed instead.
    pub allowed: String,
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.value.is_empty() {
            write!(f, "{}: {}", self.field, self.allowed)
        } else {
            write!(f, "{}: {} is not allowed; expected {}", self.field, self.value, self.allowed)
        }
    }
}

/// A scenario document that cannot be evaluated, with every problem found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ScenarioError {
    /// At least one problem; several when validation found more than one.
    pub errors: Vec<FieldError>,
}

impl ScenarioError {
    /// A single-field error.
    pub fn field(field: impl Into<String>, value: impl Into<String>, allowed: impl Into<String>) -> Self {
        ScenarioError { errors: vec![FieldError { field: field.into(), value: value.into(), allowed: allowed.into() }] }
    }

    pub(crate) fn from_serde(e: serde_path_to_error::Error<serde_json::Error>) -> Self {
        let path = e.path().to_string();
        let inner = e.into_inner();
        if inner.is_syntax() || inner.is_eof() {
            return Self::from_serde_json(&inner);
        }
        let field = if path.is_empty() || path == "." { "(document)".to_string() } else { path };
        // serde's message already says what was found and what was expected.
        let message = strip_position(&inner.to_string());
        ScenarioError::field(field, "", message)
    }

    pub(crate) fn from_serde_json(e: &serde_json::Error) -> Self {
        ScenarioError::field(
            "(document)",
            "",
            format!("not valid JSON at line {} column {}: {}", e.line(), e.column(), strip_position(&e.to_string())),
        )
    }
}

fn strip_position(message: &str) -> String {
    match message.find(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.errors.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ScenarioError {}
