//! The module graph of `src/` (and of the playground's and the Python package's crates), read
//! from the `use` lines and the paths written in the code: imports point down the phases (the
//! order in `LAYERS`, as ARCHITECTURE.md draws it), and no two files import each other,
//! directly or around a circle.
//!
//! A file is a module (`src/solver/search.rs` is `solver::search`, a `mod.rs` its folder). A
//! path `crate::a::b::Item` (in the binary, `heapgame::a::b::Item` names the library) is an
//! edge to the longest prefix that is a file. A `pub use` in a `mod.rs` or `lib.rs` is the
//! module's front door, not a dependency of its own: a path that reaches an item through it is
//! an edge to the file the item comes from (`crate::moves::generate::f`, re-exported by
//! `generate/mod.rs` from `combination.rs`, is an edge to `moves/generate/combination.rs`). What
//! a facade re-exports from outside its own folder is an import of the facade's like any other.
//! Everything from the first `#[cfg(test)]` of a file on is left out (unit tests read their
//! own file). Circles are looked for between files and between folders (`moves::generate` and
//! `moves::compiled` are two folders; a file directly in a phase's folder is one of its own).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The phases from the bottom up; a module may import only from those before it.
const LAYERS: &[&[&str]] = &[
    &["numbers", "source"],
    &["syntax"],
    &["ruleset"],
    &["moves"],
    &["solver"],
    &["formulas"],
    &["estimate"],
    &["game"],
    &["sequence"],
    &["verify"],
    &["guess"],
    &["plot"],
    &["query"],
    &["report"],
    &["lib"],
    &["cli"],
    &["repl"],
    &["main"],
];

fn layer(top: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&top))
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("src/ is readable")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `solver::sum::kernel` for `src/solver/sum/kernel.rs`; `solver::sum` for its `mod.rs`;
/// `lib` and `main` for the two roots.
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().expect("a file name");
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" {
        parts.push(stem.to_string());
    }
    parts
}

/// The text of a file without comments, string literals (which may span lines) and its
/// unit tests.
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]") {
        Some(at) => &text[..at],
        None => text,
    };
    let mut out = String::with_capacity(text.len());
    let mut in_string = false;
    let mut escaped = false;
    let mut in_comment = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\n' {
            in_comment = false;
            out.push('\n');
            continue;
        }
        if in_comment {
            continue;
        }
        if in_string {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
            continue;
        }
        if c == '/' && chars.peek() == Some(&'/') {
            in_comment = true;
            continue;
        }
        // A character literal (`'"'`, `'\\''`) is skipped whole; a lifetime (`'a`) is kept.
        if c == '\'' {
            let rest: String = chars.clone().take(4).collect();
            let len = if rest.starts_with('\\') {
                rest[2..].find('\'').map(|i| i + 3)
            } else {
                rest.chars().nth(1).filter(|&q| q == '\'').map(|_| 2)
            };
            if let Some(len) = len {
                for _ in 0..len {
                    chars.next();
                }
                continue;
            }
        }
        if c == '"' {
            in_string = true;
        }
        out.push(c);
    }
    out
}

/// The paths of a `use` tree (`a::{b::c, d}` is `a::b::c` and `a::d`).
fn expand_use(tree: &str, prefix: &str, out: &mut Vec<String>) {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let head = tree[..open].trim().trim_end_matches("::");
        let close = tree.rfind('}').filter(|&c| c > open).unwrap_or(tree.len());
        let inner = &tree[open + 1..close];
        let base = join(prefix, head);
        let mut depth = 0;
        let mut start = 0;
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand_use(&inner[start..i], &base, out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        expand_use(&inner[start..], &base, out);
    } else if !tree.is_empty() {
        let path = tree.split(" as ").next().unwrap_or(tree).trim();
        out.push(join(prefix, path));
    }
}

fn join(prefix: &str, path: &str) -> String {
    match (prefix.is_empty(), path.is_empty() || path == "self") {
        (true, _) => path.to_string(),
        (false, true) => prefix.to_string(),
        (false, false) => format!("{prefix}::{path}"),
    }
}

/// Every path a file names: its `use` trees (but a facade's `pub use`) and the
/// `crate::`/`super::`/`heapgame::` paths written in its code.
fn paths_of(code: &str, facade: bool) -> Vec<String> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(at) = find_use(rest) {
        let from = &rest[at..];
        let end = from.find(';').unwrap_or(from.len());
        let stmt = &from[..end];
        let is_pub = rest[..at].trim_end().ends_with("pub") || rest[..at].trim_end().ends_with(')');
        let tree = stmt.trim_start_matches("use").trim();
        if !(facade && is_pub) {
            expand_use(tree, "", &mut paths);
        }
        rest = &from[end..];
    }
    for root in ["crate::", "super::", "heapgame::"] {
        let mut from = 0;
        while let Some(i) = code[from..].find(root) {
            let start = from + i;
            from = start + root.len();
            let before = code[..start].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let len = code[start..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(code.len() - start);
            paths.push(code[start..start + len].trim_end_matches(':').to_string());
        }
    }
    paths
}

/// The offset of the next `use` keyword that starts a statement.
fn find_use(text: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = text[from..].find("use ") {
        let at = from + i;
        let before = text[..at].chars().next_back();
        if before.is_none_or(|c| c.is_whitespace() || c == ';' || c == '{' || c == '}') {
            return Some(at);
        }
        from = at + 4;
    }
    None
}

struct Graph {
    /// module path -> file (relative to src/)
    files: BTreeMap<Vec<String>, String>,
    /// file -> files it imports
    edges: BTreeMap<String, BTreeSet<String>>,
}

fn resolve(
    graph_files: &BTreeMap<Vec<String>, String>,
    here: &[String],
    path: &str,
    library: bool,
) -> Option<String> {
    let mut segs: Vec<String> = Vec::new();
    let mut parts = path.split("::").filter(|s| !s.is_empty()).peekable();
    let in_bin = matches!(
        here.first().map(String::as_str),
        Some("cli" | "repl" | "main")
    );
    match parts.peek().copied() {
        Some("crate") => {
            parts.next();
            if in_bin {
                // the binary's own modules
            }
        }
        // In the library `heapgame::` names the library itself; elsewhere (the playground)
        // it is another crate, outside the graph.
        Some("heapgame") if library => {
            parts.next();
        }
        Some("super") | Some("self") => {
            segs = here.to_vec();
            while let Some(&p) = parts.peek() {
                match p {
                    "super" => {
                        segs.pop();
                    }
                    "self" => {}
                    _ => break,
                }
                parts.next();
            }
        }
        _ => return None,
    }
    segs.extend(parts.map(str::to_string));
    (1..=segs.len())
        .rev()
        .find_map(|n| graph_files.get(&segs[..n]))
        .cloned()
}

fn graph() -> Graph {
    graph_of(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), true)
}

/// The graph of the files under `src`; `library` when they are heapgame's own.
fn graph_of(src: &Path, library: bool) -> Graph {
    let mut all = Vec::new();
    rust_files(src, &mut all);
    let mut files = BTreeMap::new();
    for path in &all {
        let rel = path.strip_prefix(src).expect("under src/");
        let module = match rel.to_str() {
            Some("lib.rs") => vec!["lib".to_string()],
            Some("main.rs") => vec!["main".to_string()],
            _ => module_of(rel),
        };
        files.insert(module, rel.to_string_lossy().into_owned());
    }
    let doors = front_doors(src, &files, library);
    let mut edges = BTreeMap::new();
    for (module, file) in &files {
        let text = std::fs::read_to_string(src.join(file)).expect("readable");
        let facade = file.ends_with("mod.rs") || file == "lib.rs";
        let mut to = BTreeSet::new();
        for path in paths_of(&code_of(&text), facade) {
            if let Some(target) = resolve(&files, module, &path, library) {
                let target = through_doors(&doors, &files, &path, target);
                if &target != file && file != "lib.rs" {
                    to.insert(target);
                }
            }
        }
        if facade && file != "lib.rs" {
            to.extend(reexports_from_elsewhere(
                &doors, &files, module, file, &text, library,
            ));
        }
        edges.insert(file.clone(), to);
    }
    Graph { files, edges }
}

/// The files a facade's `pub use` brings in from outside its own folder: an import like any
/// other (`solver/mod.rs` re-exporting `crate::report::X` depends on `report`), while what it
/// re-exports from its own children is its front door.
fn reexports_from_elsewhere(
    doors: &Doors,
    files: &BTreeMap<Vec<String>, String>,
    module: &[String],
    file: &str,
    text: &str,
    library: bool,
) -> BTreeSet<String> {
    let own = file.trim_end_matches("mod.rs");
    let mut out = BTreeSet::new();
    for tree in pub_use_trees(&code_of(text)) {
        let mut paths = Vec::new();
        expand_use(&tree, "", &mut paths);
        for path in paths {
            let rooted = rooted(&path);
            if let Some(target) = resolve(files, module, &rooted, library) {
                let target = through_doors(doors, files, &rooted, target);
                if !target.starts_with(own) {
                    out.insert(target);
                }
            }
        }
    }
    out
}

/// What each facade (`mod.rs`) re-exports: item name -> the file it comes from.
type Doors = BTreeMap<String, BTreeMap<String, String>>;

/// The `pub use` items of every `mod.rs`, each resolved to the file that defines it (a path
/// relative to the facade, `pub use child::Item`, is read as `self::child::Item`).
fn front_doors(src: &Path, files: &BTreeMap<Vec<String>, String>, library: bool) -> Doors {
    let mut doors = Doors::new();
    for (module, file) in files {
        if !file.ends_with("mod.rs") {
            continue;
        }
        let code = code_of(&std::fs::read_to_string(src.join(file)).expect("readable"));
        let mut items = BTreeMap::new();
        for tree in pub_use_trees(&code) {
            let mut paths = Vec::new();
            expand_use(&tree, "", &mut paths);
            for path in paths {
                let rooted = rooted(&path);
                let name = path.rsplit("::").next().unwrap_or(&path).to_string();
                if let Some(target) = resolve(files, module, &rooted, library) {
                    if &target != file {
                        items.insert(name, target);
                    }
                }
            }
        }
        doors.insert(file.clone(), items);
    }
    doors
}

/// A `use` path rooted: as written when it starts at `crate`, `super`, `self` or the crate's
/// name, else relative to the module itself.
fn rooted(path: &str) -> String {
    if ["crate", "super", "self", "heapgame"]
        .iter()
        .any(|r| path.starts_with(&format!("{r}::")))
    {
        path.to_string()
    } else {
        format!("self::{path}")
    }
}

/// The trees of a file's `pub use` (and `pub(crate) use`) statements.
fn pub_use_trees(code: &str) -> Vec<String> {
    let mut trees = Vec::new();
    let mut rest = code;
    while let Some(at) = find_use(rest) {
        let from = &rest[at..];
        let end = from.find(';').unwrap_or(from.len());
        let before = rest[..at].trim_end();
        if before.ends_with("pub") || before.ends_with(')') {
            trees.push(from[..end].trim_start_matches("use").trim().to_string());
        }
        rest = &from[end..];
    }
    trees
}

/// The file a path really reaches: when it lands on a facade and names an item the facade
/// re-exports, the item's own file (followed through facades that re-export facades).
fn through_doors(
    doors: &Doors,
    files: &BTreeMap<Vec<String>, String>,
    path: &str,
    mut target: String,
) -> String {
    for segment in path.split("::").skip(1) {
        let Some(items) = doors.get(&target) else {
            break;
        };
        match items.get(segment) {
            Some(next) if files.values().any(|f| f == next) => target = next.clone(),
            _ => {}
        }
    }
    target
}

/// A file's folder: `moves::generate` for `moves/generate/select.rs` and its `mod.rs`; a file
/// directly in a phase's folder is its own (`moves::followers`), and a phase's `mod.rs` is the
/// phase (`moves`).
fn folder_of(file: &str) -> String {
    let parts: Vec<&str> = file.trim_end_matches(".rs").split('/').collect();
    match parts.as_slice() {
        [one] => (*one).to_string(),
        [top, "mod"] => (*top).to_string(),
        [top, second, ..] => format!("{top}::{second}"),
        [] => String::new(),
    }
}

fn top_of(file: &str) -> String {
    match file {
        "lib.rs" => "lib".into(),
        "main.rs" => "main".into(),
        _ => file
            .split('/')
            .next()
            .unwrap_or(file)
            .trim_end_matches(".rs")
            .to_string(),
    }
}

/// The strongly connected components of more than one file (Tarjan, iterative enough for a
/// few hundred files).
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct State<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        let i = s.index.len();
        s.index.insert(v, i);
        s.low.insert(v, i);
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in s.edges.get(v).into_iter().flatten() {
            let w = w.as_str();
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.low[w];
                let lv = s.low[v];
                s.low.insert(v, lv.min(lw));
            } else if s.on_stack.contains(w) {
                let iw = s.index[w];
                let lv = s.low[v];
                s.low.insert(v, lv.min(iw));
            }
        }
        if s.low[v] == s.index[v] {
            let mut scc = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                scc.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if scc.len() > 1 {
                scc.sort();
                s.out.push(scc);
            }
        }
    }
    let mut s = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in edges.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.out.sort();
    s.out
}

/// Circles between files that are still to be broken. The list must stay exact: a circle
/// not listed fails (a new one), and a listed one that is gone fails too (strike it).
const KNOWN_CIRCLES: &[&[&str]] = &[];

#[test]
fn imports_point_down_the_phases() {
    let g = graph();
    let mut upward = Vec::new();
    for (from, tos) in &g.edges {
        let (top_from, layer_from) = (top_of(from), layer(&top_of(from)));
        let Some(layer_from) = layer_from else {
            panic!("{from}: module `{top_from}` is not in LAYERS; place it there");
        };
        for to in tos {
            let top_to = top_of(to);
            if top_to == top_from {
                continue;
            }
            let layer_to = layer(&top_to).unwrap_or_else(|| panic!("`{top_to}` not in LAYERS"));
            if layer_to >= layer_from {
                upward.push(format!("{from} -> {to}"));
            }
        }
    }
    assert!(
        g.files.len() > 100,
        "the walk found only {} files",
        g.files.len()
    );
    assert!(
        upward.is_empty(),
        "imports that point up or sideways:\n{}",
        upward.join("\n")
    );
}

#[test]
fn no_circles_between_files() {
    let g = graph();
    let found: Vec<Vec<String>> = circles(&g.edges);
    let known: Vec<Vec<String>> = KNOWN_CIRCLES
        .iter()
        .map(|c| c.iter().map(std::string::ToString::to_string).collect())
        .collect();
    let new: Vec<_> = found.iter().filter(|c| !known.contains(c)).collect();
    let gone: Vec<_> = known.iter().filter(|c| !found.contains(c)).collect();
    assert!(new.is_empty(), "import circles between files:\n{new:#?}");
    assert!(
        gone.is_empty(),
        "circles listed in KNOWN_CIRCLES that are gone:\n{gone:#?}"
    );
}

/// No two folders import each other, directly or around a circle (a folder is a phase's
/// sub-folder, or a file directly in a phase's folder).
#[test]
fn no_circles_between_folders() {
    let g = graph();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, tos) in &g.edges {
        let here = folder_of(from);
        let out = edges.entry(here.clone()).or_default();
        out.extend(tos.iter().map(|t| folder_of(t)).filter(|t| *t != here));
    }
    let found = circles(&edges);
    assert!(
        found.is_empty(),
        "import circles between folders:\n{found:#?}"
    );
}

/// The playground's crate (`web/src/`) has no circles either.
#[test]
fn no_circles_between_the_playground_files() {
    let web = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("web")
        .join("src");
    let g = graph_of(&web, false);
    assert!(
        g.files.len() > 5,
        "the walk found only {} files",
        g.files.len()
    );
    assert!(
        g.edges.values().any(|to| !to.is_empty()),
        "the reader saw no import between the playground's files"
    );
    let found = circles(&g.edges);
    assert!(
        found.is_empty(),
        "import circles between files:\n{found:#?}"
    );
}

/// The Python package's crate (`python/src/`) has no circles either: its files take the
/// game as an argument, and the one file of methods Python calls (`native.rs`) imports them,
/// never the other way round.
#[test]
fn no_circles_between_the_python_files() {
    let python = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("python")
        .join("src");
    let g = graph_of(&python, false);
    assert!(
        g.files.len() > 5,
        "the walk found only {} files",
        g.files.len()
    );
    assert!(
        g.edges.values().any(|to| !to.is_empty()),
        "the reader saw no import between the Python crate's files"
    );
    let found = circles(&g.edges);
    assert!(
        found.is_empty(),
        "import circles between files:\n{found:#?}"
    );
}

/// A facade's `pub use` of another folder's item is an import: a circle made through it is
/// found (as `moves/generate` and `moves/compiled` once made one, unseen).
#[test]
fn a_facade_reexporting_from_elsewhere_imports_it() {
    let dir = std::env::temp_dir().join(format!("heapgame-module-graph-{}", std::process::id()));
    let write = |rel: &str, text: &str| {
        let path = dir.join(rel);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("a folder");
        std::fs::write(path, text).expect("written");
    };
    write("lib.rs", "pub mod p;\n");
    write("p/mod.rs", "pub mod a;\npub mod b;\n");
    write(
        "p/a/mod.rs",
        "mod x;\npub use x::Own;\npub use crate::p::b::y::Theirs;\n",
    );
    write("p/a/x.rs", "pub struct Own;\n");
    write("p/b/mod.rs", "pub mod y;\n");
    write(
        "p/b/y.rs",
        "use crate::p::a::Own;\npub struct Theirs(Own);\n",
    );
    let g = graph_of(&dir, true);
    let _ = std::fs::remove_dir_all(&dir);
    let from_a = &g.edges["p/a/mod.rs"];
    assert!(from_a.contains("p/b/y.rs"), "{from_a:?}");
    assert!(
        !from_a.contains("p/a/x.rs"),
        "its own child is its front door: {from_a:?}"
    );
    // p/b/y.rs reaches `Own` through a's front door: an edge to p/a/x.rs.
    let from_y = &g.edges["p/b/y.rs"];
    assert!(from_y.contains("p/a/x.rs"), "{from_y:?}");
    let mut folders: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, tos) in &g.edges {
        let here = folder_of(from);
        let out = folders.entry(here.clone()).or_default();
        out.extend(tos.iter().map(|t| folder_of(t)).filter(|t| *t != here));
    }
    // The folders `p::a` and `p::b` import each other through the re-export.
    assert_eq!(circles(&folders).len(), 1, "{folders:?}");
}

#[test]
fn the_reader_sees_imports() {
    // The reader itself, on small texts whose edges are known.
    let mut out = Vec::new();
    expand_use("crate::a::{b::c, d as e, f::{self, g}}", "", &mut out);
    assert_eq!(
        out,
        [
            "crate::a::b::c",
            "crate::a::d",
            "crate::a::f",
            "crate::a::f::g"
        ]
    );
    let code = code_of("use super::x; // crate::not\nfn f() { crate::y::z(); \"crate::s\"; }\n#[cfg(test)]\nuse crate::t;");
    let paths = paths_of(&code, false);
    assert!(paths.contains(&"super::x".to_string()));
    assert!(paths.contains(&"crate::y::z".to_string()));
    assert!(!paths
        .iter()
        .any(|p| p.contains("not") || p.contains("::s") || p.contains("::t")));
    assert_eq!(folder_of("moves/generate/select.rs"), "moves::generate");
    assert_eq!(folder_of("moves/generate/mod.rs"), "moves::generate");
    assert_eq!(folder_of("moves/followers.rs"), "moves::followers");
    assert_eq!(folder_of("moves/mod.rs"), "moves");
    assert_eq!(folder_of("lib.rs"), "lib");
    let trees = pub_use_trees("pub use a::b;\nuse c::d;\npub(crate) use e::{f, g};");
    assert_eq!(trees, ["a::b", "e::{f, g}"]);
    // A circle of two and a chain.
    let mut edges = BTreeMap::new();
    edges.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    edges.insert(
        "b".to_string(),
        BTreeSet::from(["a".to_string(), "c".to_string()]),
    );
    edges.insert("c".to_string(), BTreeSet::new());
    assert_eq!(
        circles(&edges),
        vec![vec!["a".to_string(), "b".to_string()]]
    );
}

/// The closure type that starts `rest` (`Fn(..)`, `FnOnce(..) -> T`, `FnMut(..)`): its
/// arguments and its return type, up to where the type ends.
fn closure_type(rest: &str) -> Option<&str> {
    let open = rest.find('(')?;
    if !matches!(&rest[..open], "Fn" | "FnOnce" | "FnMut") {
        return None;
    }
    let mut depth = 0;
    let mut end = rest.len();
    for (j, c) in rest[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    end = open + j + 1;
                    break;
                }
            }
            _ => {}
        }
    }
    let after = &rest[end..];
    let Some(ret) = after.trim_start().strip_prefix("->") else {
        return Some(&rest[..end]);
    };
    let ret_at = rest.len() - ret.len();
    let mut depth = 0;
    for (j, c) in ret.char_indices() {
        match c {
            '<' | '(' | '[' => depth += 1,
            '>' | ')' | ']' if depth == 0 => return Some(&rest[..ret_at + j]),
            '>' | ')' | ']' => depth -= 1,
            ',' | '{' | ';' | '=' if depth == 0 => return Some(&rest[..ret_at + j]),
            _ => {}
        }
    }
    Some(rest)
}

/// The closure types in `code` (`impl FnOnce(&Bounds) -> Budget`, `F: Fn(u64) -> Cap`, `dyn
/// FnMut(..)`) that take or give the limits of a solve: a `Bounds`, a `Cap` or a `Budget`.
fn limit_callbacks(code: &str) -> Vec<String> {
    let limits = |s: &str| {
        s.split(|c: char| !c.is_alphanumeric() && c != '_')
            .any(|w| matches!(w, "Bounds" | "SolveBounds" | "Cap" | "Budget"))
    };
    code.match_indices("Fn")
        .filter(|(i, _)| {
            let before = code[..*i].chars().next_back();
            before.is_none_or(|c| !c.is_alphanumeric() && c != '_')
        })
        .filter_map(|(i, _)| closure_type(&code[i..]))
        .filter(|t| limits(t))
        .map(|t| t.trim().to_string())
        .collect()
}

/// The library's floors below the front ends take the limits of a solve as plain values and
/// give them back as data: none calls back up through a closure to resolve its bounds or to
/// start a front end's hooks (a closure that takes or gives a `Bounds`, a `Cap` or a
/// `Budget`), which would climb from the solver or the query floor to the floor that passed
/// it. The command line and the REPL, the top, may pass closures among themselves.
#[test]
fn no_limits_come_from_a_callback_up() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut found = Vec::new();
    for path in files {
        let rel = path.strip_prefix(&src).expect("under src");
        let top = rel.components().next().expect("a part");
        let top = top.as_os_str().to_string_lossy();
        if matches!(top.as_ref(), "cli" | "repl" | "main.rs") {
            continue;
        }
        let code = code_of(&std::fs::read_to_string(&path).expect("readable"));
        for sig in limit_callbacks(&code) {
            found.push(format!("{}: {sig}", rel.display()));
        }
    }
    assert!(found.is_empty(), "limits through a callback:\n{found:#?}");
    // The reader finds the hook `query::Start` once took, and passes over a closure that
    // takes none of them.
    let hook = "impl<F: FnOnce(&SolveBounds) -> Budget> Start for F {}";
    assert_eq!(limit_callbacks(&code_of(hook)).len(), 1, "{hook}");
    let plain = "fn f(tick: &mut dyn FnMut(usize) -> Result<(), Stop>) {}";
    assert!(limit_callbacks(&code_of(plain)).is_empty(), "{plain}");
    let cap = "fn g(at: impl Fn(u64) -> Cap) {}";
    assert_eq!(limit_callbacks(&code_of(cap)).len(), 1, "{cap}");
}
