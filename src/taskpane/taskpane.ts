// Placeholder entry so the build can be wired first; the task pane issue replaces it.
Office.onReady(() => {
  document.body.dataset.ready = 'true';
});
