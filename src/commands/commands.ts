// Placeholder entry so the build can be wired first; the task pane issue replaces it with the ribbon actions.
Office.onReady(() => undefined);
