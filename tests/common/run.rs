//! The one way the integration tests run the `heapgame` binary: [`heapgame()`] builds an
//! invocation (arguments, stdin, environment, working directory, a time bound, stdout to a
//! file, an address-space limit, a Ctrl-C after a delay) and [`Heapgame::run`] returns its
//! exit code, stdout, stderr and time ([`Heapgame::run_bounded`]: `None` at the time bound). Every
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

/// How long after the start stdin stays open when [`Heapgame::interrupt_after`] is given.
pub const INTERRUPT_STDIN_OPEN: Duration = Duration::from_secs(5);

/// A `heapgame` invocation being built.
#[derive(Clone, Debug)]
pub struct Heapgame {
    args: Vec<String>,
    stdin: Option<Vec<u8>>,
    env: Vec<(String, Option<String>)>,
    dir: PathBuf,
    bound: Duration,
    stdout_file: Option<PathBuf>,
    address_space_kib: Option<u64>,
    interrupt: Option<Duration>,
}

/// What a run produced.
#[derive(Debug)]
pub struct Output {
    /// The exit code; -1 when a signal ended the process.
    pub code: i32,
    /// The exit status as the system gave it (with the signal, if one ended the process).
    pub status: std::process::ExitStatus,
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
        stdout_file: None,
        address_space_kib: None,
        interrupt: None,
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

    /// Stdout written to the file at `path` (`/dev/full`, `/dev/null`) instead of read back
    /// ([`Output::stdout`] is then empty).
    pub fn stdout_to(mut self, path: impl AsRef<Path>) -> Self {
        self.stdout_file = Some(path.as_ref().to_path_buf());
        self
    }

    /// Runs the binary under an address-space limit of `kib` KiB (`ulimit -v`, set by `sh`,
    /// which then `exec`s the binary, so that the process is the same).
    pub fn address_space_kib(mut self, kib: u64) -> Self {
        self.address_space_kib = Some(kib);
        self
    }

    /// Sends SIGINT (Ctrl-C) `after` the start; stdin, when given, is held open until
    /// [`INTERRUPT_STDIN_OPEN`] after the start, so that a REPL is still reading then.
    pub fn interrupt_after(mut self, after: Duration) -> Self {
        self.interrupt = Some(after);
        self
    }

    /// The process, started with the shared environment and then this invocation's, its
    /// stdout and stderr piped (for a test that talks to it or signals it; its stdin is piped
    /// when [`Heapgame::stdin`] was given, and left to the caller to write).
    pub fn spawn(&self) -> Child {
        let bin = env!("CARGO_BIN_EXE_heapgame");
        let mut cmd = match self.address_space_kib {
            Some(kib) => {
                let mut sh = Command::new("sh");
                sh.arg("-c")
                    .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
                    .arg(bin);
                sh
            }
            None => Command::new(bin),
        };
        let stdout = match &self.stdout_file {
            Some(path) => Stdio::from(
                std::fs::OpenOptions::new()
                    .write(true)
                    .open(path)
                    .unwrap_or_else(|e| panic!("open {} for stdout: {e}", path.display())),
            ),
            None => Stdio::piped(),
        };
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
            .stdout(stdout)
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
        let (cmdline, bound) = (format!("heapgame {}", self.args.join(" ")), self.bound);
        self.run_bounded()
            .unwrap_or_else(|| panic!("{cmdline}: still running after {bound:?}"))
    }

    /// Runs it to the end; `None` when it was still running at the time bound (then killed).
    pub fn run_bounded(self) -> Option<Output> {
        let cmdline = format!("heapgame {}", self.args.join(" "));
        let start = Instant::now();
        let mut child = self.spawn();
        let hold = self.interrupt.map(|_| INTERRUPT_STDIN_OPEN);
        let feeder = self.stdin.clone().map(|text| {
            let mut pipe = child.stdin.take().expect("a stdin pipe");
            std::thread::spawn(move || {
                // The program may exit without reading it all.
                let _ = pipe.write_all(&text);
                if let Some(hold) = hold {
                    std::thread::sleep(hold.saturating_sub(start.elapsed()));
                }
            })
        });
        let out = child.stdout.take().map(read_all);
        let err = read_all(child.stderr.take().expect("a stderr pipe"));
        let status = self.wait(&mut child, start)?;
        let time = start.elapsed();
        if let Some(f) = feeder {
            f.join().expect("the stdin writer");
        }
        let stdout_bytes = out.map_or_else(Vec::new, |o| o.join().expect("the stdout reader"));
        let stderr = err.join().expect("the stderr reader");
        Some(Output {
            code: status.code().unwrap_or(-1),
            status,
            stdout: String::from_utf8_lossy(&stdout_bytes).into_owned(),
            stdout_bytes,
            stderr: String::from_utf8_lossy(&stderr).into_owned(),
            time,
            cmdline,
        })
    }

    /// Waits for the child, sending SIGINT at [`Heapgame::interrupt_after`]; `None` (the child
    /// killed) past the time bound.
    fn wait(&self, child: &mut Child, start: Instant) -> Option<std::process::ExitStatus> {
        let mut interrupt = self.interrupt;
        loop {
            if let Some(s) = child.try_wait().expect("wait for heapgame") {
                return Some(s);
            }
            if interrupt.is_some_and(|i| start.elapsed() >= i) {
                let sent = Command::new("kill")
                    .args(["-INT", &child.id().to_string()])
                    .status()
                    .expect("run kill");
                assert!(sent.success(), "kill -INT {}", child.id());
                interrupt = None;
            }
            if start.elapsed() > self.bound {
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
            std::thread::sleep(Duration::from_millis(5));
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
