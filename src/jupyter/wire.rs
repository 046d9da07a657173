//! The kernel's wire side: the five ZeroMQ sockets of the Jupyter protocol
//! (through `jupyter-zmq-client`, which signs and checks messages), served
//! on a Tokio runtime. Shell requests go one at a time to the interpreter
//! thread; the control channel answers at once, so that an interrupt
//! reaches a cell that is still running.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use jupyter_protocol::{
    CodeMirrorMode, CommInfoReply, ConnectionInfo, ExecuteReply, HistoryReply, InterruptReply,
    IsCompleteReply, IsCompleteReplyStatus, JupyterMessage, JupyterMessageContent, KernelInfoReply,
    LanguageInfo, ReplyStatus, ShutdownReply, Status,
};
use jupyter_zmq_client::{
    KernelShellConnection, create_kernel_control_connection, create_kernel_heartbeat_connection,
    create_kernel_iopub_connection, create_kernel_shell_connection, create_kernel_stdin_connection,
};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender};
use tokio::sync::oneshot;

use super::kernel::Request;

/// What the wire side needs: the connection file's contents, the way to
/// the interpreter thread, the IOPub queue both sides feed, and the
/// interrupt flag.
pub struct Wire {
    pub info: ConnectionInfo,
    pub requests: std::sync::mpsc::Sender<Request>,
    pub iopub: UnboundedSender<JupyterMessage>,
    pub outgoing: UnboundedReceiver<JupyterMessage>,
    pub interrupt: Arc<AtomicBool>,
}

/// Serves the sockets until a shutdown request or a socket fails.
pub async fn serve(wire: Wire) -> Result<(), String> {
    let failed = |e: jupyter_zmq_client::RuntimeError| format!("cannot open a socket: {e}");
    let session = uuid_like();
    let info = &wire.info;
    let mut heartbeat = create_kernel_heartbeat_connection(info)
        .await
        .map_err(failed)?;
    let mut shell = create_kernel_shell_connection(info, &session)
        .await
        .map_err(failed)?;
    let mut control = create_kernel_control_connection(info, &session)
        .await
        .map_err(failed)?;
    // Bound so that clients can connect; the kernel never asks for input.
    let _stdin = create_kernel_stdin_connection(info, &session)
        .await
        .map_err(failed)?;
    let mut iopub = create_kernel_iopub_connection(info, &session)
        .await
        .map_err(failed)?;
    let mut outgoing = wire.outgoing;
    let publisher = tokio::spawn(async move {
        while let Some(message) = outgoing.recv().await {
            if let Err(error) = iopub.send(message).await {
                eprintln!("sprague kernel: cannot publish a message: {error}");
            }
        }
    });
    let beating = tokio::spawn(async move { while heartbeat.single_heartbeat().await.is_ok() {} });
    let (stop, stopped) = oneshot::channel::<()>();
    let interrupt = wire.interrupt.clone();
    let controller = tokio::spawn(async move {
        let mut stop = Some(stop);
        loop {
            let message = match control.read().await {
                Ok(message) => message,
                Err(jupyter_zmq_client::RuntimeError::ZmqError(_)) => break,
                Err(error) => {
                    eprintln!("sprague kernel: a bad message on the control channel: {error}");
                    continue;
                }
            };
            let reply: JupyterMessage = match &message.content {
                JupyterMessageContent::KernelInfoRequest(_) => kernel_info().as_child_of(&message),
                JupyterMessageContent::InterruptRequest(_) => {
                    interrupt.store(true, Ordering::Relaxed);
                    InterruptReply::new().as_child_of(&message)
                }
                JupyterMessageContent::ShutdownRequest(request) => {
                    // A running cell stops too.
                    interrupt.store(true, Ordering::Relaxed);
                    let reply = ShutdownReply {
                        restart: request.restart,
                        status: ReplyStatus::Ok,
                        error: None,
                    };
                    let _ = control.send(reply.as_child_of(&message)).await;
                    if let Some(stop) = stop.take() {
                        let _ = stop.send(());
                    }
                    continue;
                }
                _ => continue,
            };
            if let Err(error) = control.send(reply).await {
                eprintln!("sprague kernel: cannot reply on the control channel: {error}");
            }
        }
    });
    let iopub = wire.iopub.clone();
    let requests = wire.requests;
    let shell_loop = async move {
        loop {
            let message = match shell.read().await {
                Ok(message) => message,
                // The socket itself failed: the kernel cannot go on.
                Err(jupyter_zmq_client::RuntimeError::ZmqError(error)) => {
                    return Err(format!("the shell channel failed: {error}"));
                }
                Err(error) => {
                    eprintln!("sprague kernel: a bad message on the shell channel: {error}");
                    continue;
                }
            };
            let _ = iopub.send(Status::busy().as_child_of(&message));
            let (reply, failed) = answer(&requests, &message).await?;
            // The cells already sent when one fails are aborted, as Jupyter
            // expects ("run all" stops at the first error): those read
            // before the failure is replied to, so none sent after it.
            let queued = if failed {
                queued_requests(&mut shell).await
            } else {
                Vec::new()
            };
            reply_to(&mut shell, reply).await;
            let _ = iopub.send(Status::idle().as_child_of(&message));
            for message in queued {
                let _ = iopub.send(Status::busy().as_child_of(&message));
                let reply = match &message.content {
                    JupyterMessageContent::ExecuteRequest(_) => {
                        Some(aborted().as_child_of(&message))
                    }
                    _ => answer(&requests, &message).await?.0,
                };
                reply_to(&mut shell, reply).await;
                let _ = iopub.send(Status::idle().as_child_of(&message));
            }
        }
    };
    let result = tokio::select! {
        _ = stopped => Ok(()),
        result = shell_loop => result,
    };
    controller.abort();
    beating.abort();
    // What is queued (the last idle status) goes out before the sockets
    // close.
    drop(wire.iopub);
    let _ = tokio::time::timeout(std::time::Duration::from_millis(500), publisher).await;
    result
}

/// The shell requests that have arrived and wait to be read.
async fn queued_requests(shell: &mut KernelShellConnection) -> Vec<JupyterMessage> {
    let mut queued = Vec::new();
    // A zero timeout still polls the read once: what is there is taken.
    while let Ok(read) = tokio::time::timeout(std::time::Duration::ZERO, shell.read()).await {
        if let Ok(message) = read {
            queued.push(message);
        }
    }
    queued
}

/// The reply to a cell that is not run since one before it failed.
fn aborted() -> ExecuteReply {
    ExecuteReply {
        status: ReplyStatus::Aborted,
        execution_count: Default::default(),
        payload: Vec::new(),
        user_expressions: Some(Default::default()),
        error: None,
    }
}

/// Sends a reply on the shell channel, if there is one.
async fn reply_to(shell: &mut KernelShellConnection, reply: Option<JupyterMessage>) {
    if let Some(reply) = reply
        && let Err(error) = shell.send(reply).await
    {
        eprintln!("sprague kernel: cannot reply on the shell channel: {error}");
    }
}

/// Sends the interpreter thread the request `make` builds around a reply
/// channel, and waits for its answer. Fails when the thread has gone.
async fn ask<T>(
    requests: &std::sync::mpsc::Sender<Request>,
    make: impl FnOnce(oneshot::Sender<T>) -> Request,
) -> Result<T, String> {
    let gone = || "the interpreter stopped".to_string();
    let (reply, answer) = oneshot::channel();
    requests.send(make(reply)).map_err(|_| gone())?;
    answer.await.map_err(|_| gone())
}

/// The reply to one shell request (none for a request the kernel does not
/// serve), and whether it was a cell that failed and asked for the cells
/// after it to be aborted. Fails when the interpreter thread has gone.
async fn answer(
    requests: &std::sync::mpsc::Sender<Request>,
    message: &JupyterMessage,
) -> Result<(Option<JupyterMessage>, bool), String> {
    let mut failed = false;
    let reply: JupyterMessage = match &message.content {
        JupyterMessageContent::KernelInfoRequest(_) => kernel_info().as_child_of(message),
        JupyterMessageContent::ExecuteRequest(request) => {
            let reply = ask(requests, |reply| Request::Execute {
                message: Box::new(message.clone()),
                code: request.code.clone(),
                silent: request.silent,
                reply,
            })
            .await?;
            failed = request.stop_on_error && reply.status == ReplyStatus::Error;
            reply.as_child_of(message)
        }
        JupyterMessageContent::CompleteRequest(request) => {
            ask(requests, |reply| Request::Complete {
                code: request.code.clone(),
                cursor: request.cursor_pos,
                reply,
            })
            .await?
            .as_child_of(message)
        }
        JupyterMessageContent::InspectRequest(request) => ask(requests, |reply| Request::Inspect {
            code: request.code.clone(),
            cursor: request.cursor_pos,
            reply,
        })
        .await?
        .as_child_of(message),
        JupyterMessageContent::IsCompleteRequest(request) => {
            let status = if crate::repl::helper::needs_more_input(&request.code) {
                IsCompleteReplyStatus::Incomplete
            } else {
                IsCompleteReplyStatus::Complete
            };
            IsCompleteReply {
                status,
                indent: String::new(),
            }
            .as_child_of(message)
        }
        JupyterMessageContent::HistoryRequest(_) => HistoryReply {
            history: Vec::new(),
            status: ReplyStatus::Ok,
            error: None,
        }
        .as_child_of(message),
        JupyterMessageContent::CommInfoRequest(_) => CommInfoReply {
            status: ReplyStatus::Ok,
            comms: Default::default(),
            error: None,
        }
        .as_child_of(message),
        // Comms and anything newer are not supported; no reply is owed.
        _ => return Ok((None, false)),
    };
    Ok((Some(reply), failed))
}

/// Who the kernel is and the language it speaks.
fn kernel_info() -> KernelInfoReply {
    KernelInfoReply {
        status: ReplyStatus::Ok,
        protocol_version: "5.3".to_string(),
        implementation: "sprague".to_string(),
        implementation_version: env!("CARGO_PKG_VERSION").to_string(),
        language_info: LanguageInfo {
            name: "sprague".to_string(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            mimetype: Some("text/x-sprague".to_string()),
            file_extension: Some(".sg".to_string()),
            pygments_lexer: None,
            codemirror_mode: Some(CodeMirrorMode::Simple("text".to_string())),
            nbconvert_exporter: None,
        },
        banner: format!(
            "sprague {} — impartial games in a notebook",
            env!("CARGO_PKG_VERSION")
        ),
        help_links: Vec::new(),
        debugger: false,
        error: None,
    }
}

/// A session id unique enough for one kernel: the process and the time.
fn uuid_like() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    format!("sprague-{}-{nanos:x}", std::process::id())
}
