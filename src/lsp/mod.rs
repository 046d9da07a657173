//! `sprague lsp`: a language server over standard input and output, built
//! on rust-analyzer's `lsp-server` and `lsp-types`, so that editors show the
//! command line's diagnostics as the user types, complete and explain
//! names, and jump to definitions.

mod document;
mod hover;
mod position;

use std::collections::HashMap;

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument,
    Notification as NotificationKind, PublishDiagnostics,
};
use lsp_types::request::{
    Completion, DocumentSymbolRequest, GotoDefinition, HoverRequest, Request as RequestKind,
};
use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionParams, DiagnosticRelatedInformation,
    DiagnosticSeverity, DocumentSymbol, DocumentSymbolParams, GotoDefinitionParams, Hover,
    HoverContents, HoverParams, Location, MarkupContent, MarkupKind, OneOf, Position,
    PublishDiagnosticsParams, ServerCapabilities, SymbolKind, TextDocumentSyncCapability,
    TextDocumentSyncKind, Uri,
};

use crate::builtin::Builtin;
use crate::syntax::KEYWORDS;
use document::{Document, Kind, Symbol};
use position::LineIndex;

/// Serves one editor until it asks to shut down; an error is a broken
/// connection, as text.
pub fn run() -> Result<(), String> {
    let (connection, io) = Connection::stdio();
    let capabilities = ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        completion_provider: Some(Default::default()),
        hover_provider: Some(lsp_types::HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        ..Default::default()
    };
    let capabilities = serde_json::to_value(capabilities).map_err(|e| e.to_string())?;
    connection
        .initialize(capabilities)
        .map_err(|e| e.to_string())?;
    let mut server = Server {
        connection: &connection,
        documents: HashMap::new(),
    };
    for message in &connection.receiver {
        match message {
            Message::Request(request) => {
                if connection
                    .handle_shutdown(&request)
                    .map_err(|e| e.to_string())?
                {
                    break;
                }
                let response = server.request(request);
                server.send(response.into());
            }
            Message::Notification(notification) => server.notify(notification),
            Message::Response(_) => {}
        }
    }
    drop(server);
    drop(connection);
    io.join().map_err(|e| e.to_string())
}

/// An open document and the definitions of its last version that parsed,
/// which completion offers while the user is in the middle of a change.
struct Open {
    document: Document,
    last_symbols: Vec<Symbol>,
}

struct Server<'a> {
    connection: &'a Connection,
    documents: HashMap<Uri, Open>,
}

impl Server<'_> {
    fn send(&self, message: Message) {
        // A closed connection ends the receiving loop as well.
        let _ = self.connection.sender.send(message);
    }

    fn notify(&mut self, notification: Notification) {
        match notification.method.as_str() {
            DidOpenTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<lsp_types::DidOpenTextDocumentParams>(
                    notification.params,
                ) {
                    self.update(p.text_document.uri, p.text_document.text);
                }
            }
            DidChangeTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<lsp_types::DidChangeTextDocumentParams>(
                    notification.params,
                ) && let Some(change) = p.content_changes.into_iter().last()
                {
                    self.update(p.text_document.uri, change.text);
                }
            }
            DidCloseTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<lsp_types::DidCloseTextDocumentParams>(
                    notification.params,
                ) {
                    self.documents.remove(&p.text_document.uri);
                    self.publish(p.text_document.uri, Vec::new());
                }
            }
            _ => {}
        }
    }

    /// Analyses a new version of a document and publishes its diagnostics.
    fn update(&mut self, uri: Uri, text: String) {
        let document = Document::analyse(text, file_path(&uri));
        let index = LineIndex::new(&document.text);
        let diagnostics = document
            .diagnostics
            .iter()
            .map(|d| to_lsp(d, &index, &uri))
            .collect();
        let last_symbols = match document.statements {
            Some(_) => document.symbols(),
            None => self
                .documents
                .remove(&uri)
                .map(|open| open.last_symbols)
                .unwrap_or_default(),
        };
        let open = Open {
            document,
            last_symbols,
        };
        self.documents.insert(uri.clone(), open);
        self.publish(uri, diagnostics);
    }

    fn publish(&self, uri: Uri, diagnostics: Vec<lsp_types::Diagnostic>) {
        let params = PublishDiagnosticsParams::new(uri, diagnostics, None);
        self.send(Notification::new(PublishDiagnostics::METHOD.to_string(), params).into());
    }

    fn request(&self, request: Request) -> Response {
        let id = request.id.clone();
        let result = match request.method.as_str() {
            Completion::METHOD => self.handle(request, |s, p: CompletionParams| {
                let at = p.text_document_position;
                s.completion(&at.text_document.uri, at.position)
            }),
            HoverRequest::METHOD => self.handle(request, |s, p: HoverParams| {
                let at = p.text_document_position_params;
                s.hover(&at.text_document.uri, at.position)
            }),
            GotoDefinition::METHOD => self.handle(request, |s, p: GotoDefinitionParams| {
                let at = p.text_document_position_params;
                s.definition(&at.text_document.uri, at.position)
            }),
            DocumentSymbolRequest::METHOD => self.handle(request, |s, p: DocumentSymbolParams| {
                s.symbols(&p.text_document.uri)
            }),
            method => Err((
                ErrorCode::MethodNotFound,
                format!("`{method}` is not supported"),
            )),
        };
        match result {
            Ok(value) => Response::new_ok(id, value),
            Err((code, message)) => Response::new_err(id, code as i32, message),
        }
    }

    /// Decodes a request's parameters and encodes the handler's answer.
    fn handle<P, R>(
        &self,
        request: Request,
        handler: impl FnOnce(&Self, P) -> R,
    ) -> Result<serde_json::Value, (ErrorCode, String)>
    where
        P: serde::de::DeserializeOwned,
        R: serde::Serialize,
    {
        let params = serde_json::from_value(request.params)
            .map_err(|e| (ErrorCode::InvalidParams, e.to_string()))?;
        serde_json::to_value(handler(self, params))
            .map_err(|e| (ErrorCode::InternalError, e.to_string()))
    }

    /// The document at `uri` and the byte offset of `position` in it.
    fn at(&self, uri: &Uri, position: Position) -> Option<(&Open, usize)> {
        let open = self.documents.get(uri)?;
        let offset = LineIndex::new(&open.document.text).offset(position);
        Some((open, offset))
    }

    fn completion(&self, uri: &Uri, position: Position) -> Option<Vec<CompletionItem>> {
        let (open, offset) = self.at(uri, position)?;
        let keywords = KEYWORDS.iter().map(|k| CompletionItem {
            label: k.to_string(),
            kind: Some(CompletionItemKind::KEYWORD),
            ..Default::default()
        });
        let builtins = Builtin::NAMES.iter().map(|name| {
            let help = Builtin::named(name).map(Builtin::help);
            CompletionItem {
                label: name.to_string(),
                kind: Some(CompletionItemKind::FUNCTION),
                detail: help.as_ref().map(|h| h.usage.to_string()),
                documentation: help.map(|h| {
                    let text = format!("{}\n\n```sg\n{}\n```", h.summary, h.example);
                    lsp_types::Documentation::MarkupContent(markdown(text))
                }),
                ..Default::default()
            }
        });
        let symbols = &open.last_symbols;
        let defined = symbols.iter().map(|s| CompletionItem {
            label: s.name.clone(),
            kind: Some(match s.kind {
                Kind::Game => CompletionItemKind::CLASS,
                Kind::Def => CompletionItemKind::FUNCTION,
                Kind::Let => CompletionItemKind::CONSTANT,
            }),
            detail: Some(typed_signature(&open.document, s)),
            ..Default::default()
        });
        let params = enclosing(symbols, offset).into_iter().flat_map(|s| {
            s.params.iter().map(move |(name, _)| CompletionItem {
                label: name.clone(),
                kind: Some(CompletionItemKind::VARIABLE),
                detail: Some(format!("parameter of {}", s.name)),
                ..Default::default()
            })
        });
        Some(
            params
                .chain(defined)
                .chain(builtins)
                .chain(keywords)
                .collect(),
        )
    }

    fn hover(&self, uri: &Uri, position: Position) -> Option<Hover> {
        let (open, offset) = self.at(uri, position)?;
        let document = &open.document;
        let index = LineIndex::new(&document.text);
        let mut parts = Vec::new();
        if let Some((family, args)) = document.constant_position(offset) {
            let args_text: Vec<String> = args.iter().map(i64::to_string).collect();
            if let Some(value) =
                hover::value(&document.text, document.path.as_deref(), &family, &args)
            {
                parts.push(format!(
                    "`{family}({})` has value {value}",
                    args_text.join(", ")
                ));
            }
        }
        let word = document.word_at(offset);
        if let Some((word, _)) = word {
            let symbols = document.symbols();
            let param =
                enclosing(&symbols, offset).filter(|s| s.params.iter().any(|(p, _)| p == word));
            if let Some(owner) = param {
                let owner = typed_signature(document, owner);
                parts.push(format!("parameter `{word}` of `{owner}`"));
            } else if let Some(help) = hover::builtin(word) {
                parts.push(help);
            } else if let Some(symbol) = symbols.iter().find(|s| s.name == word) {
                parts.push(hover::definition(document, symbol));
            }
        }
        if parts.is_empty() {
            return None;
        }
        Some(Hover {
            contents: HoverContents::Markup(markdown(parts.join("\n\n---\n\n"))),
            range: word.map(|(_, range)| index.range(range)),
        })
    }

    fn definition(&self, uri: &Uri, position: Position) -> Option<Location> {
        let (open, offset) = self.at(uri, position)?;
        let document = &open.document;
        let (word, _) = document.word_at(offset)?;
        let symbols = document.symbols();
        let param = enclosing(&symbols, offset)
            .and_then(|s| s.params.iter().find(|(p, _)| p == word))
            .map(|(_, span)| span.clone());
        let target = param.or_else(|| {
            let symbol = symbols.iter().find(|s| s.name == word)?;
            Some(symbol.name_span.clone())
        })?;
        let range = LineIndex::new(&document.text).range(target);
        Some(Location::new(uri.clone(), range))
    }

    fn symbols(&self, uri: &Uri) -> Option<Vec<DocumentSymbol>> {
        let open = self.documents.get(uri)?;
        let index = LineIndex::new(&open.document.text);
        let symbols = open.document.symbols().into_iter().map(|s| {
            #[allow(deprecated)] // `deprecated` is a field every literal must give.
            DocumentSymbol {
                detail: Some(typed_signature(&open.document, &s)),
                kind: match s.kind {
                    Kind::Game => SymbolKind::CLASS,
                    Kind::Def => SymbolKind::FUNCTION,
                    Kind::Let => SymbolKind::CONSTANT,
                },
                range: index.range(s.span.clone()),
                selection_range: index.range(s.name_span.clone()),
                name: s.name,
                tags: None,
                deprecated: None,
                children: None,
            }
        });
        Some(symbols.collect())
    }
}

/// The definition whose statement holds `offset`.
fn enclosing(symbols: &[Symbol], offset: usize) -> Option<&Symbol> {
    symbols
        .iter()
        .find(|s| s.span.start <= offset && offset <= s.span.end)
}

/// `game Kayles(n)`, `def f(a, b)`, `let x`.
/// A definition's signature with the types inferred for it, when the
/// document has them (it lowers without errors).
fn typed_signature(document: &Document, symbol: &Symbol) -> String {
    (document.signatures.get(&symbol.name).cloned()).unwrap_or_else(|| signature(symbol))
}

fn signature(symbol: &Symbol) -> String {
    let params: Vec<&str> = symbol.params.iter().map(|(p, _)| p.as_str()).collect();
    match symbol.kind {
        Kind::Let => format!("let {}", symbol.name),
        Kind::Game if params.is_empty() => format!("game {}", symbol.name),
        kind => format!("{} {}({})", kind.keyword(), symbol.name, params.join(", ")),
    }
}

fn markdown(value: String) -> MarkupContent {
    MarkupContent {
        kind: MarkupKind::Markdown,
        value,
    }
}

/// A diagnostic as the editor shows it: the command line's message, its
/// label, help and notes, and its other labels as related locations.
fn to_lsp(
    d: &crate::diagnostic::Diagnostic,
    index: &LineIndex,
    uri: &Uri,
) -> lsp_types::Diagnostic {
    let mut message = d.message.clone();
    if !d.label.is_empty() && d.label != d.message {
        message.push_str(&format!("\n{}", d.label));
    }
    if let Some(help) = &d.help {
        message.push_str(&format!("\nhelp: {help}"));
    }
    for note in &d.notes {
        message.push_str(&format!("\nnote: {note}"));
    }
    let related: Vec<DiagnosticRelatedInformation> = d
        .labels
        .iter()
        .map(|(span, text)| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), index.range(span.range())),
            message: text.clone(),
        })
        .collect();
    lsp_types::Diagnostic {
        range: index.range(d.span.range()),
        severity: Some(DiagnosticSeverity::ERROR),
        source: Some("sprague".to_string()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..Default::default()
    }
}

/// The local path a `file:` URI names (percent-escapes decoded), for
/// resolving the document's imports.
fn file_path(uri: &Uri) -> Option<String> {
    let scheme = uri.scheme()?;
    if !scheme.as_str().eq_ignore_ascii_case("file") {
        return None;
    }
    let path = uri.path().as_estr().decode().into_string().ok()?;
    Some(path.into_owned())
}
