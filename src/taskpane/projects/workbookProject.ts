/**
 * The project a workbook names (its `climate.project` document setting) is only a proposal: a
 * workbook travels to everyone it is shared with, so its author must not choose which key this
 * computer sends, nor where, nor turn private performances on. It is matched to a saved project by id
 * only (a name is text anyone can type), nothing switches until the person clicks, and the switch holds
 * for this workbook's session only: the saved project of this computer stays as it was. The proposal
 * names the service address in use; the project's key goes there only if it was entrusted to it, or
 * once the person confirms it under Connection (projectKey).
 */
import type { WorkbookProject } from '../../office/documentSettings';
import { clip } from '../../text/clip';
import { enteredFor, originOf } from '../../settings/keyOrigin';
import { t } from '../../i18n/translate';
import { sentences } from '../../i18n/sentences';
import { PROJECT_NAME_MAX } from '../../settings/settings';
import type { PaneContext } from '../common/paneContext';
import type { SavedProject } from '../common/projectStore';
import { el, replaceChildren, setStatus, withBusy } from '../ui/view';
import { heldNote, isInUse, projectKey } from './projectsModel';

export type WorkbookProjectState =
  | { kind: 'none' }
  | { kind: 'no-id'; named: string }
  | { kind: 'not-saved'; named: string }
  | { kind: 'active'; project: SavedProject }
  | { kind: 'propose'; project: SavedProject };

/** The workbook's name for its project as the pane shows it: at most a project name's length, then an ellipsis. */
const shownName = (name: string): string => clip(name, PROJECT_NAME_MAX + 1);

/** What the pane makes of the workbook's project, against the projects saved here and the key chosen. */
export function workbookProjectState(
  remembered: WorkbookProject | null,
  projects: readonly SavedProject[],
  chosenKey: string | null,
): WorkbookProjectState {
  if (remembered === null) return { kind: 'none' };
  if (remembered.id === null) return { kind: 'no-id', named: shownName(remembered.name) };
  const saved = projects.find((project) => project.id !== null && project.id === remembered.id);
  if (!saved) return { kind: 'not-saved', named: shownName(remembered.name) };
  return isInUse(saved, chosenKey) ? { kind: 'active', project: saved } : { kind: 'propose', project: saved };
}

/** What the line needs of the section: the pane, a re-render, and whether the person said "Not now". */
export interface WorkbookLineHost {
  context: PaneContext;
  status: HTMLElement;
  render(): Promise<void>;
  declined: boolean;
}

/**
 * Fills the workbook line: a sentence, and for a proposal the two buttons. The saved project's own
 * name is shown, not the workbook's (which its author chose).
 */
export function renderWorkbookProject(line: HTMLElement, state: WorkbookProjectState, host: WorkbookLineHost): void {
  const { context, status } = host;
  if (state.kind === 'none') return replaceChildren(line, t('projects.workbook.none'));
  if (state.kind === 'no-id') return replaceChildren(line, t('projects.workbook.noId', { name: state.named }));
  if (state.kind === 'not-saved') return replaceChildren(line, t('projects.workbook.notSaved', { name: state.named }));
  if (state.kind === 'active')
    return replaceChildren(line, t('projects.workbook.active', { name: state.project.name }));

  const project = state.project;
  if (host.declined) {
    return replaceChildren(line, t('projects.workbook.declined', { name: project.name }));
  }
  const use = el('fluent-button', { type: 'button', size: 'small', appearance: 'primary' }, t('projects.workbook.use'));
  const dismiss = el(
    'fluent-button',
    { type: 'button', size: 'small', appearance: 'subtle' },
    t('projects.workbook.notNow'),
  );
  use.addEventListener(
    'click',
    () =>
      void withBusy(use, status, async () => {
        // Private performances stay off: only the person turns them on, below, for this workbook.
        await context.settings.useForSession({ ...projectKey(project), privatePerformances: false });
        await host.render();
        const held = context.settings.heldKey();
        setStatus(
          status,
          held === null ? 'success' : 'info',
          sentences(
            t('projects.workbook.used', { name: project.name }),
            held === null ? t('projects.recalculating') : heldNote(held),
          ),
        );
      }),
  );
  dismiss.addEventListener('click', () => {
    host.declined = true;
    void host.render();
  });
  const { baseUrl } = context.settings.current();
  const asked =
    project.origin !== originOf(baseUrl) && t('projects.workbook.asked', { enteredFor: enteredFor(project.origin) });
  replaceChildren(
    line,
    `${sentences(t('projects.workbook.propose', { name: project.name, baseUrl }), asked)} `,
    use,
    ' ',
    dismiss,
  );
}
