/**
 * Entry of the ribbon commands (ExecuteFunction actions of manifest.xml). They run in the shared
 * runtime and hand over to the pane (see taskpane/paneActions.ts), which shows progress and errors;
 * the ribbon event is completed at once so that Excel does not keep the button busy meanwhile.
 */
import { paneActions, type PaneActions } from '../taskpane/paneActions';

function command(action: (actions: PaneActions) => Promise<void>): (event: Office.AddinCommands.Event) => void {
  return (event) => {
    event.completed();
    // Failures are shown in the pane by the actions themselves.
    void paneActions.then(action).catch(() => undefined);
  };
}

// Nothing waits for the registration: Office calls the associated actions once it is done.
void Office.onReady(() => {
  // Outside Excel there is no ribbon: Office.actions is absent.
  if (typeof Office.actions?.associate !== 'function') return;
  Office.actions.associate(
    'scoreSelection',
    command((actions) => actions.scoreSelection()),
  );
  Office.actions.associate(
    'refreshAll',
    command((actions) => actions.refreshAll()),
  );
  Office.actions.associate(
    'buildSummary',
    command((actions) => actions.buildSummary()),
  );
});
