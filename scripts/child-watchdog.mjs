// Preloaded (node --import) into every process `npm start` supervises. When the supervisor disappears
// (SIGKILL, crash), the child is re-parented and process.ppid changes; the child then sends itself
// SIGTERM, so its own clean shutdown runs (the database server stops PostgreSQL, Next closes its
// server). Node has no PR_SET_PDEATHSIG; a one-second poll is cheap. Plain Node, no dependencies.
if (process.env.KEEL_SUPERVISED === "1") {
  const originalParent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== originalParent) {
      clearInterval(timer);
      process.kill(process.pid, "SIGTERM");
    }
  }, 1000);
  timer.unref();
}
