//! What every fake server shares: its own thread and runtime, a free port on 127.0.0.1, and
//! the address handed back once it listens.

use std::future::Future;
use std::net::SocketAddr;
use std::thread::JoinHandle;
use tokio::net::TcpListener;

/// Runs `serve` with a listener on a free 127.0.0.1 port, on its own thread and a runtime with
/// `workers` threads (0: a current-thread runtime); returns once the port is bound.
pub fn spawn<F, Fut>(name: &str, workers: usize, serve: F) -> (SocketAddr, JoinHandle<()>)
where
    F: FnOnce(TcpListener) -> Fut + Send + 'static,
    Fut: Future<Output = ()>,
{
    let (tx, rx) = std::sync::mpsc::channel();
    let what = name.to_string();
    let thread = std::thread::spawn(move || {
        let mut builder = if workers == 0 {
            tokio::runtime::Builder::new_current_thread()
        } else {
            let mut b = tokio::runtime::Builder::new_multi_thread();
            b.worker_threads(workers);
            b
        };
        let rt = builder
            .enable_all()
            .build()
            .unwrap_or_else(|e| panic!("runtime for {what}: {e}"));
        rt.block_on(async move {
            let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send(listener.local_addr().unwrap()).unwrap();
            serve(listener).await;
        });
    });
    let addr = rx.recv().unwrap_or_else(|_| panic!("{name} did not start"));
    (addr, thread)
}
