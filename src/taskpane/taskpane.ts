/**
 * Entry of the task pane bundle. The page is the shared runtime: it boots when Excel starts the
 * add-in, pane visible or not, and shares the settings and the engine with the CLIMATE functions.
 * Outside Excel (a plain browser) Office.onReady resolves with no host, or not at all: the page says
 * within a second that the add-in runs inside Excel and how to load it there (outsideExcel.ts). A page
 * that has the Excel API without Office's host (the tests' shim) runs the pane as Excel would. The
 * pane speaks Office's display language and wears Office's theme (the browser's language and the system's
 * light or dark until Office answers). The Fluent components are registered first, so the page's
 * controls are live before any section mounts.
 */
import { followRuntimeNotes, runtimeEngine, runtimeSettings } from '../runtime';
import { hasExcelApi, officeReady, officeTheme } from '../office/host';
import { speakOfficeLanguage } from '../office/language';
import { browserLanguages, chooseLanguage } from '../i18n/languages';
import { currentLanguage, t } from '../i18n/translate';
import { hideOutsideExcel, OUTSIDE_EXCEL_NOTICE_MS, showOutsideExcel } from './outsideExcel';
import { startPane } from './app';
import {
  applyFluentTheme,
  carryDescriptions,
  defineFluentComponents,
  followOfficeTheme,
  mirrorDisabledState,
} from './ui/fluent';
import { providePaneActions } from './paneActions';
import { ProjectStore } from './common/projectStore';
import { applyPaneStyles } from './ui/styles';
import { messageOf, setBadge } from './ui/view';
import { showPageIn } from './ui/paneText';

applyFluentTheme();
applyPaneStyles();
// The page's words as it loads, in the browser's language; Office's display language once Office answers.
showPageIn(chooseLanguage(browserLanguages()));

void (async () => {
  try {
    await defineFluentComponents();
    carryDescriptions();
    mirrorDisabledState();
    const waiting = setTimeout(() => showOutsideExcel('waiting'), OUTSIDE_EXCEL_NOTICE_MS);
    const { host } = await officeReady();
    clearTimeout(waiting);
    if (host === null && !hasExcelApi()) {
      showOutsideExcel('opened');
      document.getElementById('connection-badge')?.setAttribute('hidden', '');
      return;
    }
    hideOutsideExcel();
    followOfficeTheme(officeTheme);
    speakOfficeLanguage();
    showPageIn(currentLanguage());
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
    if (badge) setBadge(badge, 'error', t('ui.startFailed', { message: messageOf(error) }));
  }
})();
