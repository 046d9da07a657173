//! Drives the real `sprague lsp` over standard input and output with
//! JSON-RPC, as an editor does.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::{Value, json};

/// A minimal LSP client: frames messages with `Content-Length` headers.
struct Client {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    next_id: i64,
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("sprague lsp starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let mut client = Client {
            child,
            stdin,
            stdout,
            next_id: 0,
        };
        let result = client.request("initialize", json!({"capabilities": {}}));
        assert_eq!(result["capabilities"]["hoverProvider"], json!(true));
        assert_eq!(result["capabilities"]["textDocumentSync"], json!(1));
        assert!(result["capabilities"]["documentFormattingProvider"].is_null());
        client.notify("initialized", json!({}));
        client
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn receive(&mut self) -> Value {
        let mut length = None;
        loop {
            let mut line = String::new();
            self.stdout.read_line(&mut line).unwrap();
            assert!(!line.is_empty(), "the server closed its output");
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(n) = line.strip_prefix("Content-Length: ") {
                length = Some(n.parse::<usize>().unwrap());
            }
        }
        let mut body = vec![0; length.expect("a Content-Length header")];
        self.stdout.read_exact(&mut body).unwrap();
        serde_json::from_slice(&body).unwrap()
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and returns its result, skipping notifications.
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let message = self.receive();
            if message["id"] == json!(id) {
                assert!(message["error"].is_null(), "{message}");
                return message["result"].clone();
            }
        }
    }

    /// The next diagnostics published for `uri`.
    fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        loop {
            let message = self.receive();
            if message["method"] == "textDocument/publishDiagnostics"
                && message["params"]["uri"] == uri
            {
                return message["params"]["diagnostics"].as_array().unwrap().clone();
            }
        }
    }

    fn open(&mut self, uri: &str, text: &str) -> Vec<Value> {
        let document = json!({"uri": uri, "languageId": "sg", "version": 1, "text": text});
        self.notify("textDocument/didOpen", json!({"textDocument": document}));
        self.diagnostics(uri)
    }

    fn at(&mut self, method: &str, uri: &str, line: u32, character: u32) -> Value {
        let params = json!({
            "textDocument": {"uri": uri},
            "position": {"line": line, "character": character},
        });
        self.request(method, params)
    }

    fn stop(mut self) {
        assert_eq!(self.request("shutdown", Value::Null), Value::Null);
        self.notify("exit", Value::Null);
        let status = self.child.wait().unwrap();
        assert!(status.success(), "{status}");
    }
}

const URI: &str = "file:///work/kayles.sg";

const FIXED: &str = "\
# Kayles: knock down one skittle or two neighbours.
# Rows that split are played as a sum.
game Kayles(n) = < Kayles(a) + Kayles(n - t - a) for t in 1..=2 for a in 0..=n-t >
def double(k) = k + k
let twelve = double(6)
g(Kayles(12))
";

#[test]
fn diagnostics_follow_the_edits() {
    let mut client = Client::start();
    // `Kayle` is a typo; the é before it is 2 bytes but 1 UTF-16 unit.
    let broken = "# é\ngame Kayles(n) = < Kayles(n - 1) >\nlet x = \"é\" ; g(Kayle(3))\n";
    let diagnostics = client.open(URI, broken);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    let d = &diagnostics[0];
    let message = d["message"].as_str().unwrap();
    assert!(message.starts_with("unknown name `Kayle`"), "{message}");
    assert!(message.contains("help: "), "{message}");
    assert_eq!(
        d["range"],
        json!({"start": {"line": 2, "character": 16}, "end": {"line": 2, "character": 21}})
    );
    let change = json!({
        "textDocument": {"uri": URI, "version": 2},
        "contentChanges": [{"text": FIXED}],
    });
    client.notify("textDocument/didChange", change);
    assert_eq!(client.diagnostics(URI), Vec::<Value>::new());
    client.stop();
}

#[test]
fn type_errors_show_while_the_definition_is_written() {
    let mut client = Client::start();
    let diagnostics = client.open(
        "file:///t.sg",
        "game N(n) = < k for k in 0..n >\ngame S(n) = < S(n - 1) if n > 0 >\n",
    );
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    let d = &diagnostics[0];
    let message = d["message"].as_str().unwrap();
    assert!(
        message.starts_with("an option must be a game, found an integer"),
        "{message}"
    );
    assert!(
        message.contains("help: `k` is an integer; write `*k`"),
        "{message}"
    );
    assert_eq!(
        d["range"],
        json!({"start": {"line": 0, "character": 14}, "end": {"line": 0, "character": 15}})
    );
    // Fixed, the document has types: hovering a definition shows them.
    let change = json!({
        "textDocument": {"uri": "file:///t.sg", "version": 2},
        "contentChanges": [{"text": "game N(n) = < *k for k in 0..n >\ngame S(n) = < S(n - 1) if n > 0 >\n"}],
    });
    client.notify("textDocument/didChange", change);
    assert_eq!(client.diagnostics("file:///t.sg"), Vec::<Value>::new());
    let hover = client.at("textDocument/hover", "file:///t.sg", 1, 6);
    let text = hover["contents"]["value"].as_str().unwrap();
    assert!(text.contains("types: `game S(n: int)`"), "{text}");
    let hover = client.at("textDocument/hover", "file:///t.sg", 1, 17);
    let text = hover["contents"]["value"].as_str().unwrap();
    assert_eq!(text, "parameter `n` of `game S(n: int)`");
    client.stop();
}

#[test]
fn syntax_errors_point_at_the_source() {
    let mut client = Client::start();
    let diagnostics = client.open("file:///x.sg", "let a = 1\r\nlet b = (2 +\r\n");
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    // As `sprague FILE` reports it: at the `(`, with the end of the input
    // as a second location (at the end of the last line, on its `\r`).
    let d = &diagnostics[0];
    assert_eq!(d["range"]["start"], json!({"line": 1, "character": 8}));
    let message = d["message"].as_str().unwrap();
    assert!(
        message.starts_with("this `(` is never closed\n"),
        "{message}"
    );
    assert!(message.contains("help: add `)`"), "{message}");
    let related = &d["relatedInformation"][0];
    assert_eq!(
        related["location"]["range"]["start"],
        json!({"line": 1, "character": 12})
    );
    assert_eq!(related["message"], json!("the input ends here"));
    assert_eq!(d["source"], json!("sprague"));
    client.stop();
}

#[test]
fn completion_hover_definition_and_symbols() {
    let mut client = Client::start();
    assert_eq!(client.open(URI, FIXED), Vec::<Value>::new());

    // Inside `double`'s body: its parameter, the games, defs and lets,
    // the built-ins with their usage, and the keywords.
    let items = client.at("textDocument/completion", URI, 3, 16);
    let items = items.as_array().unwrap();
    let item = |label: &str| items.iter().find(|i| i["label"] == label).cloned();
    for label in ["Kayles", "double", "twelve", "seq", "k", "game"] {
        assert!(item(label).is_some(), "{label} missing from {items:?}");
    }
    assert_eq!(item("seq").unwrap()["detail"], json!("seq(F, r)"));
    assert_eq!(
        item("double").unwrap()["detail"],
        json!("def double(k: int) -> int")
    );
    assert_eq!(item("twelve").unwrap()["detail"], json!("let twelve: int"));
    assert!(item("n").is_none(), "`n` is Kayles's, not double's");

    // A built-in's help.
    let hover = client.at("textDocument/hover", URI, 5, 0);
    let text = hover["contents"]["value"].as_str().unwrap();
    assert!(text.contains("g(G) or grundy(G)"), "{text}");

    // A constant position: its value, the definition and its comment.
    let hover = client.at("textDocument/hover", URI, 5, 4);
    let text = hover["contents"]["value"].as_str().unwrap();
    assert!(text.starts_with("`Kayles(12)` has value 4"), "{text}");
    assert!(text.contains("game Kayles(n) = <"), "{text}");
    assert!(
        text.contains("Rows that split are played as a sum."),
        "{text}"
    );
    assert_eq!(
        hover["range"],
        json!({"start": {"line": 5, "character": 2}, "end": {"line": 5, "character": 8}})
    );

    // A let's definition.
    let hover = client.at("textDocument/hover", URI, 4, 6);
    let text = hover["contents"]["value"].as_str().unwrap();
    assert!(text.contains("let twelve = double(6)"), "{text}");

    // Go to definition: a game's name, a def's, a parameter.
    let location = client.at("textDocument/definition", URI, 5, 4);
    assert_eq!(location["uri"], json!(URI));
    assert_eq!(
        location["range"],
        json!({"start": {"line": 2, "character": 5}, "end": {"line": 2, "character": 11}})
    );
    let location = client.at("textDocument/definition", URI, 4, 14);
    assert_eq!(
        location["range"]["start"],
        json!({"line": 3, "character": 4})
    );
    let location = client.at("textDocument/definition", URI, 3, 20);
    assert_eq!(
        location["range"]["start"],
        json!({"line": 3, "character": 11})
    );

    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": URI}}),
    );
    let names: Vec<&str> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Kayles", "double", "twelve"]);

    // Mid-edit, the text does not parse: the last version's names remain.
    let change = json!({
        "textDocument": {"uri": URI, "version": 2},
        "contentChanges": [{"text": format!("{FIXED}let y = (tw")}],
    });
    client.notify("textDocument/didChange", change);
    assert_eq!(client.diagnostics(URI).len(), 1);
    let items = client.at("textDocument/completion", URI, 6, 11);
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert!(
        labels.contains(&"twelve") && labels.contains(&"Kayles"),
        "{labels:?}"
    );
    assert_eq!(
        symbols[0]["range"]["start"],
        json!({"line": 2, "character": 0})
    );
    assert_eq!(
        symbols[0]["selectionRange"],
        json!({"start": {"line": 2, "character": 5}, "end": {"line": 2, "character": 11}})
    );
    client.stop();
}

#[test]
fn every_example_opens_without_diagnostics() {
    let mut client = Client::start();
    let mut paths: Vec<_> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/examples"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "sg"))
        .collect();
    paths.sort();
    assert!(paths.len() > 10);
    for path in paths {
        let uri = format!("file://{}", path.display());
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(client.open(&uri, &text), Vec::<Value>::new(), "{uri}");
    }
    client.stop();
}

#[test]
fn the_grammar_highlights_every_builtin_and_keyword() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/editors/vscode/syntaxes/sg.tmLanguage.json"
    );
    let grammar: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let calls = &grammar["repository"]["call"]["patterns"][0];
    assert_eq!(
        calls["captures"]["1"]["name"],
        "support.function.builtin.sg"
    );
    let pattern = calls["match"].as_str().unwrap();
    let mut listed: Vec<&str> = pattern
        .trim_start_matches("\\b(")
        .split(')')
        .next()
        .unwrap()
        .split('|')
        .collect();
    let mut builtins = sprague::builtin::Builtin::NAMES.to_vec();
    builtins.sort();
    listed.sort();
    assert_eq!(listed, builtins);
    let words: Vec<String> = grammar["repository"]["keyword"]["patterns"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| {
            let pattern = p["match"].as_str().unwrap();
            let inner = pattern.trim_start_matches("\\b(").trim_end_matches(")\\b");
            inner.split('|').map(str::to_string).collect::<Vec<_>>()
        })
        .collect();
    for keyword in sprague::syntax::KEYWORDS {
        assert!(
            words.iter().any(|w| w == keyword),
            "{keyword} not in {words:?}"
        );
    }
}
