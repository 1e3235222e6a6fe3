//! The component: wit-bindgen glue only. Every rule lives in the core crate;
//! this file converts between WIT types and core types at the boundary.

wit_bindgen::generate!({
    world: "tool-schema",
    path: "../wit",
});

use exports::onellm::tool_schema::describe::Guest as Describe;
use exports::onellm::tool_schema::types::{Diagnostic, Mode, TypeContext};

struct Component;

fn diagnostic(d: tool_schema::Diagnostic) -> Diagnostic {
    Diagnostic { code: d.code.as_str().to_owned(), message: d.message, path: d.path }
}

fn diagnostics(ds: Vec<tool_schema::Diagnostic>) -> Vec<Diagnostic> {
    ds.into_iter().map(diagnostic).collect()
}

impl Describe for Component {
    fn describe_tool(descriptor: String) -> Result<String, Vec<Diagnostic>> {
        tool_schema::describe_tool(&descriptor).map_err(diagnostics)
    }

    fn describe_type(type_expr: String, context: TypeContext) -> Result<String, Vec<Diagnostic>> {
        let mode = match context.mode {
            Mode::Generator => tool_schema::Mode::Generator,
            Mode::Reflection => tool_schema::Mode::Reflection,
        };
        tool_schema::describe_type(&type_expr, context.types.as_deref(), context.naming.as_deref(), mode)
            .map_err(diagnostics)
    }

    fn tool_name(method: String) -> Result<String, Diagnostic> {
        tool_schema::tool_name(&method).map_err(diagnostic)
    }

    fn flatten_doc(xml: String) -> String {
        tool_schema::flatten_doc(&xml)
    }
}

export!(Component);
