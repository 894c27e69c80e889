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
  if (state.kind === 'none') return replaceChildren(line, 'This workbook has no project yet.');
  if (state.kind === 'no-id') {
    return replaceChildren(
      line,
      `This workbook names a project "${state.named}" without its id, so no saved project is matched to it: ` +
        'choose one below to use it.',
    );
  }
  if (state.kind === 'not-saved') {
    return replaceChildren(
      line,
      `This workbook uses project ${state.named}, which is not saved on this computer: add it below with its key.`,
    );
  }
  if (state.kind === 'active') return replaceChildren(line, `This workbook uses project ${state.project.name}.`);

  const project = state.project;
  if (host.declined) {
    return replaceChildren(line, `This workbook was made with project ${project.name}; you kept your current project.`);
  }
  const use = el('fluent-button', { type: 'button', size: 'small', appearance: 'primary' }, 'Use it here');
  const dismiss = el('fluent-button', { type: 'button', size: 'small', appearance: 'subtle' }, 'Not now');
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
          `Using project ${project.name} for this workbook only; private performances are off. ` +
            'Other workbooks keep your saved project.' +
            (held === null ? ' Cells are recalculating.' : heldNote(held)),
        );
      }),
  );
  dismiss.addEventListener('click', () => {
    host.declined = true;
    void host.render();
  });
  const { baseUrl } = context.settings.current();
  const asked =
    project.origin === originOf(baseUrl)
      ? ''
      : `Its key was entered for ${enteredFor(project.origin)}: you are asked before it is sent there. `;
  replaceChildren(
    line,
    `This workbook was made with project ${project.name}: use it with ${baseUrl}? ${asked}`,
    use,
    ' ',
    dismiss,
  );
}
