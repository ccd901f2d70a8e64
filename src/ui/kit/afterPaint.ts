/**
 * Runs `run` once the browser has painted the frame being committed; returns a cancel. A component's effects can
 * run before that paint (React runs them at once when the commit schedules an update of its own, as Mantine's useId
 * does in AppShell), so work that the first paint need not wait for starts here instead (issue 18, issue 30).
 */
export function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
