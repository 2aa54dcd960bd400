//! Generates `docs/scenario.md` from the scenario's own types, so the reference page cannot
//! drift from what the parser accepts: descriptions come from the doc comments (via the JSON
//! Schema), defaults from `Scenario::default()`, and allowed ranges from asking the validator.

use serde_json::Value;

use super::Scenario;

/// The Markdown reference of every scenario field.
pub fn scenario_markdown() -> String {
    let schema = super::json_schema();
    let defaults = serde_json::to_value(Scenario::default()).expect("scenario serialises");
    let mut out = String::from(
        "# Scenario reference\n\n\
         A scenario is one JSON document describing what the learner dialled in. Every field has a default \
         (the environment of the IBM MQ for z/OS 9.4 performance report unless a field says otherwise), so a \
         document needs only the fields it changes: `{}` is a valid scenario. Unknown fields, wrong types and \
         out-of-range values are refused with the field's path, the value and what is allowed.\n\n\
         This page is generated from the Rust types (`cargo run --bin mqpx -- docs scenario`, or `npm run generate`); \
         `docs/scenario.schema.json` is the matching JSON Schema.\n",
    );
    let root_props = schema["properties"].as_object().cloned().unwrap_or_default();
    let mut top_rows = Vec::new();
    for (name, prop) in &root_props {
        if let Some(def) = resolve(&schema, prop).filter(|d| d["type"] == "object") {
            out.push_str(&format!("\n## `{name}`\n\n{}\n\n", describe(prop, def)));
            out.push_str("| field | type | default | allowed | meaning |\n|---|---|---|---|---|\n");
            for (field, fprop) in def["properties"].as_object().into_iter().flatten() {
                let path = format!("{name}.{field}");
                out.push_str(&row(&schema, &path, field, fprop, &defaults[name.as_str()][field.as_str()]));
            }
        } else {
            top_rows.push(row(&schema, name, name, prop, &defaults[name.as_str()]));
        }
    }
    let mut top =
        String::from("\n## Top level\n\n| field | type | default | allowed | meaning |\n|---|---|---|---|---|\n");
    for r in top_rows {
        top.push_str(&r);
    }
    // The top-level fields read best first.
    let intro_end = out.find("\n## ").unwrap_or(out.len());
    out.insert_str(intro_end, &top);
    out
}

fn resolve<'a>(schema: &'a Value, prop: &'a Value) -> Option<&'a Value> {
    let reference = prop
        .get("$ref")
        .and_then(Value::as_str)
        .or_else(|| prop.get("allOf").and_then(|a| a.get(0)).and_then(|x| x.get("$ref")).and_then(Value::as_str));
    match reference {
        Some(r) => schema.pointer(r.trim_start_matches('#')),
        None => Some(prop),
    }
}

fn describe(prop: &Value, def: &Value) -> String {
    let text = prop.get("description").or_else(|| def.get("description")).and_then(Value::as_str).unwrap_or("");
    text.replace('\n', " ")
}

fn row(schema: &Value, path: &str, field: &str, prop: &Value, default: &Value) -> String {
    let def = resolve(schema, prop).unwrap_or(prop);
    let (kind, allowed) = match enum_values(def) {
        Some(values) => ("one of".to_string(), values.join(", ")),
        None => {
            let kind = def.get("type").map(|t| t.to_string().replace('"', "")).unwrap_or_default();
            (kind, probe_range(path, default))
        }
    };
    format!("| `{field}` | {kind} | `{default}` | {allowed} | {} |\n", describe(prop, def))
}

fn enum_values(def: &Value) -> Option<Vec<String>> {
    if let Some(e) = def.get("enum").and_then(Value::as_array) {
        return Some(e.iter().map(|v| format!("`{}`", v.as_str().unwrap_or_default())).collect());
    }
    let one_of = def.get("oneOf").and_then(Value::as_array)?;
    let values: Vec<String> = one_of
        .iter()
        .filter_map(|v| {
            v.get("const")
                .or_else(|| v.get("enum").and_then(|e| e.get(0)))
                .and_then(Value::as_str)
                .map(|s| format!("`{s}`"))
        })
        .collect();
    (!values.is_empty()).then_some(values)
}

/// Asks the validator what a numeric field accepts by offering it an absurdly large value.
fn probe_range(path: &str, default: &Value) -> String {
    if !default.is_number() {
        return String::new();
    }
    let huge = if default.is_f64() { Value::from(1.0e300) } else { Value::from(u32::MAX) };
    let mut overlay = Value::Object(Default::default());
    let mut target = &mut overlay;
    for key in path.split('.') {
        target = &mut target[key];
    }
    *target = huge;
    match Scenario::from_overlay(&overlay) {
        Ok(_) => "any".to_string(),
        Err(e) => e
            .errors
            .iter()
            .find(|f| f.field == path)
            .map(|f| f.allowed.trim_start_matches("a value ").to_string())
            .unwrap_or_else(|| "see validation".to_string()),
    }
}
