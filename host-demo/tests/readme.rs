//! Every `$ target/host/host-demo …` example in README.md and docs/tools.md
//! prints what the page says it prints: the command is run (by `sh`, from the
//! workspace root, with this build of host-demo) and its stdout compared
//! line for line with the lines under it.

use std::path::Path;
use std::process::Command;

/// Each example of a page: the command (continuation lines joined) and the
/// lines it prints.
fn examples(page: &str) -> Vec<(String, Vec<String>)> {
    let mut found = Vec::new();
    let mut in_console = false;
    let mut lines = page.lines().peekable();
    while let Some(line) = lines.next() {
        if line.starts_with("```") {
            in_console = line == "```console";
            continue;
        }
        let Some(command) = line.strip_prefix("$ ").filter(|_| in_console) else { continue };
        let mut command = command.to_owned();
        while command.ends_with('\\') {
            command.pop();
            command.push(' ');
            command.push_str(lines.next().unwrap_or_default().trim());
        }
        let mut printed = Vec::new();
        while let Some(next) = lines.peek().filter(|l| !l.starts_with("$ ") && !l.starts_with("```")) {
            printed.push((*next).to_owned());
            lines.next();
        }
        if command.contains("target/host/host-demo") {
            found.push((command, printed));
        }
    }
    found
}

#[test]
fn the_examples_print_what_the_pages_say() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut checked = 0;
    for page in ["README.md", "docs/tools.md"] {
        let text = std::fs::read_to_string(root.join(page)).expect("read the page");
        for (command, printed) in examples(&text) {
            let run = command.replace("target/host/host-demo", env!("CARGO_BIN_EXE_host-demo"));
            let out = Command::new("sh").arg("-c").arg(&run).current_dir(&root).output().expect("sh runs");
            let stdout = String::from_utf8_lossy(&out.stdout);
            let got: Vec<&str> = stdout.lines().collect();
            assert_eq!(got, printed, "{page}: `{command}` prints something else");
            checked += 1;
        }
    }
    assert!(checked >= 12, "only {checked} examples found");
}
