//! The one way the integration tests run the `heapgame` binary (the fuzz harnesses aside):
//! [`heapgame()`] builds an invocation (arguments, stdin, environment, working directory, a
//! time bound) and [`Heapgame::run`] returns its exit code, stdout, stderr and time. Every
//! run sees the same environment: no colour (`NO_COLOR=1`, `FORCE_COLOR` and
//! `CLICOLOR_FORCE` cleared), 80 columns, no backtraces, stdin empty unless given, the
//! repository as its working directory. stdin, stdout and stderr are never terminals: miette
//! takes its width from the terminal of stdout, stderr *or stdin* (it does not read `COLUMNS`),
//! falling back to 80 columns, so that stderr does not depend on where the tests run.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a run may take unless [`Heapgame::time_bound`] says otherwise.
pub const TIME_BOUND: Duration = Duration::from_secs(300);

/// A `heapgame` invocation being built.
#[derive(Clone, Debug)]
pub struct Heapgame {
    args: Vec<String>,
    stdin: Option<Vec<u8>>,
    env: Vec<(String, Option<String>)>,
    dir: PathBuf,
    bound: Duration,
}

/// What a run produced.
#[derive(Debug)]
pub struct Output {
    /// The exit code; -1 when a signal ended the process.
    pub code: i32,
    /// Standard output, as text (invalid UTF-8 replaced; see [`Output::stdout_bytes`]).
    pub stdout: String,
    /// Standard output as written.
    pub stdout_bytes: Vec<u8>,
    /// Standard error, as text.
    pub stderr: String,
    /// How long the run took.
    pub time: Duration,
    /// The command line, for messages.
    pub cmdline: String,
}

/// A new invocation of the binary, with no arguments yet.
pub fn heapgame() -> Heapgame {
    Heapgame {
        args: Vec::new(),
        stdin: None,
        env: Vec::new(),
        dir: PathBuf::from(env!("CARGO_MANIFEST_DIR")),
        bound: TIME_BOUND,
    }
}

/// Runs `heapgame` with `args` and the defaults: (exit code, stdout, stderr).
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = heapgame().args(args).run();
    (out.code, out.stdout, out.stderr)
}

impl Heapgame {
    /// One more argument.
    pub fn arg(mut self, a: impl AsRef<str>) -> Self {
        self.args.push(a.as_ref().to_string());
        self
    }

    /// More arguments.
    pub fn args<I: IntoIterator<Item = S>, S: AsRef<str>>(mut self, xs: I) -> Self {
        self.args
            .extend(xs.into_iter().map(|a| a.as_ref().to_string()));
        self
    }

    /// The text written to its stdin (then closed).
    pub fn stdin(mut self, text: impl AsRef<[u8]>) -> Self {
        self.stdin = Some(text.as_ref().to_vec());
        self
    }

    /// Sets an environment variable.
    pub fn env(mut self, key: &str, value: impl AsRef<str>) -> Self {
        self.env
            .push((key.to_string(), Some(value.as_ref().to_string())));
        self
    }

    /// A piped stdin that [`Heapgame::spawn`]'s caller writes to (for [`Heapgame::run`]: an
    /// empty one).
    pub fn piped_stdin(mut self) -> Self {
        self.stdin = Some(Vec::new());
        self
    }

    /// Clears an environment variable.
    pub fn env_remove(mut self, key: &str) -> Self {
        self.env.push((key.to_string(), None));
        self
    }

    /// The working directory (default: the repository).
    pub fn dir(mut self, dir: impl AsRef<Path>) -> Self {
        self.dir = dir.as_ref().to_path_buf();
        self
    }

    /// The longest the run may take: past it the process is killed and the test fails.
    pub fn time_bound(mut self, bound: Duration) -> Self {
        self.bound = bound;
        self
    }

    /// The process, started with the shared environment and then this invocation's, its
    /// stdout and stderr piped (for a test that talks to it or signals it; its stdin is piped
    /// when [`Heapgame::stdin`] was given, and left to the caller to write).
    pub fn spawn(&self) -> Child {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_heapgame"));
        cmd.args(&self.args)
            .current_dir(&self.dir)
            .env("NO_COLOR", "1")
            .env("COLUMNS", "80")
            .env_remove("FORCE_COLOR")
            .env_remove("CLICOLOR_FORCE")
            .env_remove("RUST_BACKTRACE")
            .env_remove("RUST_LIB_BACKTRACE")
            .stdin(if self.stdin.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        for (k, v) in &self.env {
            match v {
                Some(v) => cmd.env(k, v),
                None => cmd.env_remove(k),
            };
        }
        cmd.spawn().expect("run heapgame")
    }

    /// Runs it to the end (or kills it at the time bound, failing the test).
    pub fn run(self) -> Output {
        let cmdline = format!("heapgame {}", self.args.join(" "));
        let start = Instant::now();
        let mut child = self.spawn();
        let feeder = self.stdin.clone().map(|text| {
            let mut pipe = child.stdin.take().expect("a stdin pipe");
            std::thread::spawn(move || {
                // The program may exit without reading it all.
                let _ = pipe.write_all(&text);
            })
        });
        let out = read_all(child.stdout.take().expect("a stdout pipe"));
        let err = read_all(child.stderr.take().expect("a stderr pipe"));
        let status = loop {
            if let Some(s) = child.try_wait().expect("wait for heapgame") {
                break s;
            }
            if start.elapsed() > self.bound {
                let _ = child.kill();
                let _ = child.wait();
                panic!("{cmdline}: still running after {:?}", self.bound);
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        let time = start.elapsed();
        if let Some(f) = feeder {
            f.join().expect("the stdin writer");
        }
        let stdout_bytes = out.join().expect("the stdout reader");
        let stderr = err.join().expect("the stderr reader");
        Output {
            code: status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&stdout_bytes).into_owned(),
            stdout_bytes,
            stderr: String::from_utf8_lossy(&stderr).into_owned(),
            time,
            cmdline,
        }
    }
}

impl Heapgame {
    /// Runs, expecting exit code 0 and nothing on stderr; returns stdout.
    #[track_caller]
    pub fn ok(self) -> String {
        let r = self.run();
        r.assert_code(0);
        assert!(
            r.stderr.is_empty(),
            "{}: stderr not empty:\n{}",
            r.cmdline,
            r.stderr
        );
        r.stdout
    }

    /// Runs, expecting exit code 2, nothing on stdout and `code` on stderr; returns stderr.
    #[track_caller]
    pub fn fails_with(self, code: &str) -> String {
        let r = self.run();
        r.assert_code(2);
        assert!(
            r.stdout.is_empty(),
            "{}: stdout not empty:\n{}",
            r.cmdline,
            r.stdout
        );
        assert!(
            r.stderr.contains(code),
            "{}: `{code}` not on stderr:\n{}",
            r.cmdline,
            r.stderr
        );
        r.stderr
    }

    /// Runs with `--format json` appended and parses stdout as exactly one JSON value.
    #[track_caller]
    pub fn json(self) -> serde_json::Value {
        let out = self.arg("--format").arg("json").ok();
        let mut stream = serde_json::Deserializer::from_str(&out).into_iter::<serde_json::Value>();
        let v = stream
            .next()
            .expect("one JSON value")
            .unwrap_or_else(|e| panic!("not JSON ({e}):\n{out}"));
        assert!(stream.next().is_none(), "more than one JSON value:\n{out}");
        v
    }
}

impl Output {
    /// Fails the test, showing both streams, unless the exit code is `want`.
    #[track_caller]
    pub fn assert_code(&self, want: i32) {
        assert_eq!(
            self.code, want,
            "{}: exit code\n--- stdout\n{}\n--- stderr\n{}",
            self.cmdline, self.stdout, self.stderr
        );
    }
}

/// Reads a pipe to its end on a thread of its own (so that neither pipe fills and blocks).
fn read_all(mut pipe: impl Read + Send + 'static) -> JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        pipe.read_to_end(&mut buf).expect("read heapgame's output");
        buf
    })
}
