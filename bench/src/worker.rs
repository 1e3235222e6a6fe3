//! A long-running Node or Python process that runs its contenders on request,
//! one JSON object a line each way (bench/node/worker.mjs, bench/python/worker.py).
//! The worker times its own loops, so the pipe costs nothing that is measured.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

pub struct Worker {
    pub name: String,
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    /// The worker's first line: its contenders, versions and start-up times.
    pub hello: Value,
}

impl Worker {
    pub fn spawn(name: &str, mut command: Command) -> Result<Worker, String> {
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::inherit());
        let mut child = command.spawn().map_err(|e| format!("cannot start the {name} worker: {e}"))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        let mut worker = Worker { name: name.to_owned(), child, stdin, stdout, hello: Value::Null };
        worker.hello = worker.read()?;
        Ok(worker)
    }

    fn read(&mut self) -> Result<Value, String> {
        let mut line = String::new();
        let n = self.stdout.read_line(&mut line).map_err(|e| format!("{} worker: {e}", self.name))?;
        if n == 0 {
            return Err(format!("the {} worker exited (see its stderr above)", self.name));
        }
        let v: Value = serde_json::from_str(&line).map_err(|e| format!("{} worker sent {line:?}: {e}", self.name))?;
        if let Some(err) = v.get("error") {
            return Err(format!("{} worker: {}", self.name, err.as_str().unwrap_or(&err.to_string())));
        }
        Ok(v)
    }

    pub fn request(&mut self, request: Value) -> Result<Value, String> {
        let mut line = request.to_string();
        line.push('\n');
        self.stdin
            .write_all(line.as_bytes())
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("cannot write to the {} worker: {e}", self.name))?;
        self.read()
    }

    /// The verdict and (for our own hosts) the answer text.
    pub fn check(&mut self, contender: &str, item: &str) -> Result<(bool, Option<String>), String> {
        let v = self.request(json!({"op": "check", "contender": contender, "item": item}))?;
        let verdict = v["verdict"].as_bool().ok_or("check: no verdict")?;
        Ok((verdict, v["answer"].as_str().map(str::to_owned)))
    }

    /// Nanoseconds for `iters` calls, timed inside the worker.
    pub fn run(&mut self, contender: &str, item: &str, iters: u64) -> Result<f64, String> {
        let v = self.request(json!({"op": "run", "contender": contender, "item": item, "iters": iters}))?;
        v["ns"].as_f64().ok_or_else(|| "run: no ns".to_owned())
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        let _ = self.stdin.write_all(b"{\"op\":\"quit\"}\n");
        let _ = self.stdin.flush();
        let _ = self.child.wait();
    }
}
