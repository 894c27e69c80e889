/**
 * Entry of the task pane bundle. The page is the shared runtime: it boots when Excel starts the
 * add-in, pane visible or not, and shares the settings and the engine with the CLIMATE functions.
 * Outside Excel (a plain browser) Office.onReady resolves with no host and the pane still runs; the
 * workbook actions then say they need Excel. The Fluent components are registered first, so the
 * page's controls are live before any section mounts.
 */
import { followRuntimeNotes, runtimeEngine, runtimeSettings } from '../runtime';
import { officeReady } from '../office/host';
import { startPane } from './app';
import { applyFluentTheme, carryDescriptions, defineFluentComponents, mirrorDisabledState } from './ui/fluent';
import { providePaneActions } from './paneActions';
import { ProjectStore } from './common/projectStore';
import { applyPaneStyles } from './ui/styles';
import { messageOf, setBadge } from './ui/view';

applyFluentTheme();
applyPaneStyles();

void (async () => {
  try {
    await defineFluentComponents();
    carryDescriptions();
    mirrorDisabledState();
    await officeReady();
    const settings = runtimeSettings();
    const actions = await startPane({
      settings,
      engine: runtimeEngine(),
      projects: new ProjectStore(settings.storage),
      runtimeNotes: followRuntimeNotes,
    });
    providePaneActions(actions);
    document.body.dataset.ready = 'true';
  } catch (error) {
    const badge = document.getElementById('connection-badge');
    if (badge) setBadge(badge, 'error', `The pane could not start: ${messageOf(error)}`);
  }
})();
