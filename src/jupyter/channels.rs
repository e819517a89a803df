//! The kernel's talking side: the five ZeroMQ channels of the Jupyter messaging protocol
//! (shell, control, IOPub, stdin, heartbeat), whose sockets, wire format and signatures are the
//! `jupyter-zmq-client` crate's. It runs on its own thread; cells go to the evaluating thread
//! (`cell`), and control messages are answered while a cell runs, so an interrupt reaches it.

use std::sync::mpsc::Sender;
use std::time::Duration;

use jupyter_protocol::{
    CommInfoReply, ConnectionInfo, ErrorOutput, ExecuteInput, ExecuteReply, ExecuteRequest,
    ExecuteResult, ExecutionCount, HistoryReply, InterruptReply, IsCompleteReply,
    IsCompleteRequest, JupyterMessage, JupyterMessageContent, KernelInfoReply, LanguageInfo, Media,
    ReplyStatus, ShutdownReply, Status, StreamContent,
};
use jupyter_protocol::{DisplayData, HelpLink, Transient};
use jupyter_zmq_client::{
    create_kernel_control_connection, create_kernel_heartbeat_connection,
    create_kernel_iopub_connection, create_kernel_shell_connection, create_kernel_stdin_connection,
    KernelControlConnection, KernelIoPubConnection,
};
use tokio::sync::mpsc::UnboundedReceiver;
use tokio::sync::oneshot;
use zeromq::{SocketRecv, SocketSend};

use super::cell::{Event, Job};

/// Serves the channels described by `info` until a shutdown request (which ends the process)
/// or a failure to open them (returned).
pub async fn serve(
    info: ConnectionInfo,
    jobs: Sender<Job>,
    events: UnboundedReceiver<Event>,
) -> Result<(), String> {
    let session = format!("cg-kernel-{}", std::process::id());
    let failed = |what: &str, e: jupyter_zmq_client::RuntimeError| {
        format!("cannot open the {what} channel: {e}")
    };
    let iopub = create_kernel_iopub_connection(&info, &session)
        .await
        .map_err(|e| failed("IOPub", e))?;
    let mut shell = create_kernel_shell_connection(&info, &session)
        .await
        .map_err(|e| failed("shell", e))?;
    let control = create_kernel_control_connection(&info, &session)
        .await
        .map_err(|e| failed("control", e))?;
    // Input from the notebook is never asked for, but a client expects the socket to be there.
    let _stdin = create_kernel_stdin_connection(&info, &session)
        .await
        .map_err(|e| failed("stdin", e))?;
    let mut heartbeat = create_kernel_heartbeat_connection(&info)
        .await
        .map_err(|e| failed("heartbeat", e))?;
    // The heartbeat echoes what it is sent, as the protocol says, so a client can tell a
    // kernel that is alive (if busy) from one that has died.
    tokio::spawn(async move {
        while let Ok(ping) = heartbeat.socket.recv().await {
            if heartbeat.socket.send(ping).await.is_err() {
                break;
            }
        }
    });
    tokio::spawn(control_loop(control));
    let mut kernel = Shell {
        iopub,
        jobs,
        events,
        read_ahead: None,
        count: 0,
    };
    loop {
        match shell.read().await {
            Ok(request) => {
                if let Some(reply) = kernel.answer(&request).await {
                    if let Err(e) = shell.send(reply).await {
                        eprintln!("cg kernel: cannot reply on the shell channel: {e}");
                    }
                }
            }
            // A message that is not signed with the session's key, or not a message at all,
            // is dropped: the protocol has no way to answer it.
            Err(e) => eprintln!("cg kernel: ignored a shell message: {e}"),
        }
    }
}

/// What the shell channel needs while it answers a request.
struct Shell {
    iopub: KernelIoPubConnection,
    jobs: Sender<Job>,
    events: UnboundedReceiver<Event>,
    /// An event taken from `events` while gathering printing, to be handled next.
    read_ahead: Option<Event>,
    /// Cells run so far (the `In [n]` of the notebook).
    count: usize,
}

impl Shell {
    /// Answers one shell request between a busy and an idle status on IOPub, as the protocol
    /// asks; `None` for a request that has no reply.
    async fn answer(&mut self, request: &JupyterMessage) -> Option<JupyterMessage> {
        self.publish(Status::busy().as_child_of(request)).await;
        let reply = match &request.content {
            JupyterMessageContent::KernelInfoRequest(_) => Some(kernel_info().as_child_of(request)),
            JupyterMessageContent::ExecuteRequest(execute) => {
                Some(self.execute(request, execute).await.as_child_of(request))
            }
            JupyterMessageContent::IsCompleteRequest(IsCompleteRequest { code }) => {
                Some(is_complete(code).as_child_of(request))
            }
            JupyterMessageContent::CompleteRequest(r) => {
                let (reply, answer) = oneshot::channel();
                let job = Job::Complete {
                    code: r.code.clone(),
                    cursor: r.cursor_pos,
                    reply,
                };
                self.ask(job, answer).await.map(|a| a.as_child_of(request))
            }
            JupyterMessageContent::InspectRequest(r) => {
                let (reply, answer) = oneshot::channel();
                let job = Job::Inspect {
                    code: r.code.clone(),
                    cursor: r.cursor_pos,
                    reply,
                };
                self.ask(job, answer).await.map(|a| a.as_child_of(request))
            }
            JupyterMessageContent::HistoryRequest(_) => {
                Some(HistoryReply::new(Vec::new()).as_child_of(request))
            }
            JupyterMessageContent::CommInfoRequest(_) => {
                Some(CommInfoReply::default().as_child_of(request))
            }
            JupyterMessageContent::ShutdownRequest(r) => {
                shut_down_soon();
                Some(
                    ShutdownReply {
                        restart: r.restart,
                        ..ShutdownReply::default()
                    }
                    .as_child_of(request),
                )
            }
            _ => None,
        };
        self.publish(Status::idle().as_child_of(request)).await;
        reply
    }

    /// Sends a job to the evaluating thread and waits for its answer.
    async fn ask<T>(&mut self, job: Job, answer: oneshot::Receiver<T>) -> Option<T> {
        self.jobs.send(job).ok()?;
        answer.await.ok()
    }

    async fn publish(&mut self, message: JupyterMessage) {
        if let Err(e) = self.iopub.send(message).await {
            eprintln!("cg kernel: cannot publish on IOPub: {e}");
        }
    }

    /// Runs a cell, publishing what it prints and shows as it comes; the last value shown
    /// becomes the cell's result (`Out[n]`), the ones before it are displays.
    async fn execute(
        &mut self,
        request: &JupyterMessage,
        execute: &ExecuteRequest,
    ) -> ExecuteReply {
        if !execute.silent {
            self.count += 1;
        }
        let count = ExecutionCount::new(self.count);
        let input = ExecuteInput {
            code: execute.code.clone(),
            execution_count: count,
        };
        self.publish(input.as_child_of(request)).await;
        let job = Job::Execute {
            code: execute.code.clone(),
            number: self.count,
        };
        if self.jobs.send(job).is_err() {
            return failed_reply(count, "the kernel's session has ended");
        }
        let mut last_shown: Option<Media> = None;
        let end = loop {
            let Some(event) = self.next_event().await else {
                return failed_reply(count, "the kernel's session has ended");
            };
            if let Event::Finished(end) = event {
                break end;
            }
            if let Some(shown) = last_shown.take() {
                self.publish(DisplayData::new(shown).as_child_of(request))
                    .await;
            }
            match event {
                Event::Stdout(text) => {
                    let text = self.more_printing(text);
                    self.publish(StreamContent::stdout(&text).as_child_of(request))
                        .await;
                }
                Event::Display(media) => last_shown = Some(media),
                Event::Finished(_) => unreachable!("handled above"),
            }
        };
        if let Some(shown) = last_shown {
            // An empty `transient` rather than none: some clients look inside it.
            let result = ExecuteResult {
                transient: Some(Transient::default()),
                ..ExecuteResult::new(count, shown)
            };
            self.publish(result.as_child_of(request)).await;
        }
        match end {
            None => ExecuteReply {
                execution_count: count,
                ..ExecuteReply::default()
            },
            Some(error) => {
                let output = ErrorOutput {
                    ename: error.ename.clone(),
                    evalue: error.evalue.clone(),
                    traceback: error.traceback.clone(),
                };
                self.publish(output.as_child_of(request)).await;
                ExecuteReply {
                    status: ReplyStatus::Error,
                    execution_count: count,
                    error: Some(Box::new(error)),
                    ..ExecuteReply::default()
                }
            }
        }
    }

    /// `text` and the printing already waiting after it, so that a loop of `print`s reaches
    /// the notebook in a few messages rather than one a line.
    fn more_printing(&mut self, mut text: String) -> String {
        while text.len() < 1 << 16 {
            match self.events.try_recv() {
                Ok(Event::Stdout(more)) => text.push_str(&more),
                Ok(other) => {
                    self.read_ahead = Some(other);
                    break;
                }
                Err(_) => break,
            }
        }
        text
    }

    /// The next event of the running cell: one read ahead, else the next to arrive.
    async fn next_event(&mut self) -> Option<Event> {
        match self.read_ahead.take() {
            Some(event) => Some(event),
            None => self.events.recv().await,
        }
    }
}

/// Answers the control channel: interrupts (the notebook's stop button, with the kernelspec's
/// `interrupt_mode` "message"), shutdown and kernel information, even while a cell runs.
async fn control_loop(mut control: KernelControlConnection) {
    loop {
        let request = match control.read().await {
            Ok(request) => request,
            Err(e) => {
                eprintln!("cg kernel: ignored a control message: {e}");
                continue;
            }
        };
        let reply = match &request.content {
            JupyterMessageContent::InterruptRequest(_) => {
                crate::core::request_interrupt();
                InterruptReply::new().as_child_of(&request)
            }
            JupyterMessageContent::ShutdownRequest(r) => {
                shut_down_soon();
                ShutdownReply {
                    restart: r.restart,
                    ..ShutdownReply::default()
                }
                .as_child_of(&request)
            }
            JupyterMessageContent::KernelInfoRequest(_) => kernel_info().as_child_of(&request),
            _ => continue,
        };
        if let Err(e) = control.send(reply).await {
            eprintln!("cg kernel: cannot reply on the control channel: {e}");
        }
    }
}

/// Ends the process shortly, once the reply to the shutdown request has gone out. (A restart
/// is the client's to do: it starts a new kernel.)
fn shut_down_soon() {
    tokio::spawn(async {
        tokio::time::sleep(Duration::from_millis(200)).await;
        std::process::exit(0);
    });
}

/// The kernel, its language and where to read about it.
fn kernel_info() -> KernelInfoReply {
    let version = env!("CARGO_PKG_VERSION").to_string();
    KernelInfoReply {
        status: ReplyStatus::Ok,
        protocol_version: "5.3".to_string(),
        implementation: "cg".to_string(),
        implementation_version: version.clone(),
        language_info: LanguageInfo {
            name: "cg".to_string(),
            version,
            mimetype: Some("text/x-cg".to_string()),
            file_extension: Some(".cg".to_string()),
            pygments_lexer: None,
            codemirror_mode: None,
            nbconvert_exporter: None,
        },
        banner: format!(
            "cg {}: combinatorial game theory. :help for help.",
            env!("CARGO_PKG_VERSION")
        ),
        help_links: Vec::<HelpLink>::new(),
        debugger: false,
        error: None,
    }
}

/// Whether a cell is ready to run: complete, unfinished (the parser wants more lines, as the
/// terminal session asks for them) or invalid.
fn is_complete(code: &str) -> IsCompleteReply {
    if code.trim_start().starts_with(':') {
        return IsCompleteReply::complete();
    }
    match crate::syntax::parse_program(code) {
        Ok(_) => IsCompleteReply::complete(),
        Err(e) if e.incomplete => IsCompleteReply::incomplete("  ".to_string()),
        Err(_) => IsCompleteReply::invalid(),
    }
}

/// The reply to a cell that could not run at all.
fn failed_reply(count: ExecutionCount, why: &str) -> ExecuteReply {
    ExecuteReply {
        status: ReplyStatus::Error,
        execution_count: count,
        error: Some(Box::new(jupyter_protocol::ReplyError {
            ename: "KernelError".to_string(),
            evalue: why.to_string(),
            traceback: vec![why.to_string()],
        })),
        ..ExecuteReply::default()
    }
}
