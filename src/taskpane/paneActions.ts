/**
 * The hand-over between the ribbon and the pane. Both run in the one shared runtime (one page, one
 * module instance each), so the ribbon's commands wait here for the pane to be ready and then call
 * its actions; the pane's page boots at runtime start whether or not it is visible.
 */
export interface PaneActions {
  /** Score the selected column with the outputs ticked and the layout chosen in the pane. */
  scoreSelection(): Promise<void>;
  refreshAll(): Promise<void>;
  /** Build or refresh the Climate summary sheet for the selected (or just scored) block. */
  buildSummary(): Promise<void>;
}

let provide: (actions: PaneActions) => void = () => undefined;

export const paneActions: Promise<PaneActions> = new Promise((resolve) => {
  provide = resolve;
});

export function providePaneActions(actions: PaneActions): void {
  provide(actions);
}
