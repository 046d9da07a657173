//! The big stack evaluation runs on, and the check that keeps a recursion
//! the input controls from overflowing it: deeply nested user code meets
//! the depth limit, never a native stack overflow.

/// Stack size of the evaluation thread.
pub const STACK_BYTES: usize = 1 << 30;

/// Stack kept free below the deepest check: room for the frames that run
/// between two checks (an expression of the deepest nesting the parser
/// allows, a printer, a drop).
const STACK_MARGIN: usize = 128 << 20;

thread_local! {
    /// The address near the top of this thread's big stack, when it has one.
    static STACK_TOP: std::cell::Cell<Option<usize>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` on a fresh thread with a large stack and returns its result.
pub fn with_big_stack<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> R {
    let handle = std::thread::Builder::new()
        .name("sprague-eval".to_string())
        .stack_size(STACK_BYTES)
        .spawn(move || {
            let top = 0u8;
            STACK_TOP.with(|t| t.set(Some(std::ptr::addr_of!(top) as usize)));
            f()
        })
        .expect("the operating system refused a thread");
    match handle.join() {
        Ok(result) => result,
        Err(panic) => std::panic::resume_unwind(panic),
    }
}

/// Whether the big stack is nearly used up, so that a recursion the input
/// controls (a `def` calling itself, a game whose options need another
/// search) must stop with an error rather than overflow. False off the big
/// stack, where the recursion limits alone apply.
pub fn stack_exhausted() -> bool {
    let here = 0u8;
    let here = std::ptr::addr_of!(here) as usize;
    STACK_TOP
        .with(|t| t.get())
        .is_some_and(|top| top.saturating_sub(here) > STACK_BYTES - STACK_MARGIN)
}
