/**
 * The Projects section: create a project with a team key (`POST /projects`; the team key is used for
 * that call and kept only if the analyst ticks "remember"), add a project someone else created, switch
 * the active one, and the "private performances" switch of the active project. The workbook remembers
 * its project by id and name (document settings) and may only propose it (workbookProject.ts); the key
 * stays in settings storage. The section's words are projectsModel.ts; the saved projects
 * common/projectStore.ts.
 */
import { readWorkbookProject, rememberWorkbookProject, hasDocumentSettings } from '../../office/documentSettings';
import { ClimateClient } from '../../service/client';
import { originOf } from '../../settings/keyOrigin';
import { t } from '../../i18n/translate';
import { sentences } from '../../i18n/sentences';
import type { PaneContext } from '../common/paneContext';
import type { RememberedTeamKey, SavedProject } from '../common/projectStore';
import {
  byId,
  el,
  fieldText,
  keyFieldText,
  messageOf,
  replaceChildren,
  secretField,
  setStatus,
  withBusy,
} from '../ui/view';
import {
  activeProject,
  heldNote,
  isInUse,
  projectKey,
  projectMeta,
  removedMessage,
  teamKeyElsewhere,
} from './projectsModel';
import { renderWorkbookProject, workbookProjectState, type WorkbookLineHost } from './workbookProject';

type Button = HTMLElementTagNameMap['fluent-button'];

/** One project of the list: its name and line, Use (or Active) and Remove. */
function projectItem(
  project: SavedProject,
  isActive: boolean,
  actions: { use(button: Button): void; remove(button: Button): void },
): { item: HTMLElement; use: Button; remove: Button } {
  const use = el(
    'fluent-button',
    {
      type: 'button',
      size: 'small',
      'aria-current': isActive ? 'true' : null,
      'aria-label': t(isActive ? 'projects.item.activeLabel' : 'projects.item.useLabel', { name: project.name }),
    },
    t(isActive ? 'projects.item.active' : 'projects.item.use'),
  );
  use.addEventListener('click', () => actions.use(use));
  const remove = el(
    'fluent-button',
    {
      type: 'button',
      size: 'small',
      appearance: 'subtle',
      'aria-label': t('projects.item.removeLabel', { name: project.name }),
    },
    t('projects.item.remove'),
  );
  remove.addEventListener('click', () => actions.remove(remove));
  const meta = projectMeta(project);
  const name = el(
    'span',
    { class: 'grow' },
    el('span', {}, project.name),
    meta ? el('span', { class: 'meta' }, meta) : null,
  );
  return { item: el('li', {}, name, use, remove), use, remove };
}

/**
 * Create project (`POST /projects` with the team key, kept only when "remember" is ticked) and Add an
 * existing project: each saves the project on this computer and draws the list again. Resolves once
 * a remembered team key is in its field.
 */
function bindProjectForms(
  context: PaneContext,
  status: HTMLElement,
  render: (focusName?: string) => Promise<void>,
): Promise<void> {
  const createForm = byId('project-create', 'form');
  const createButton = byId('project-create-button', 'fluent-button');
  const projectName = byId('project-name', 'fluent-text-input');
  const teamKey = secretField('team-key', 'team-key-toggle', {
    show: 'projects.showTeamKey',
    hide: 'projects.hideTeamKey',
  }).input;
  const remember = byId('team-key-remember', 'fluent-checkbox');
  const addForm = byId('project-add', 'form');
  const addButton = byId('project-add-button', 'fluent-button');
  const existingName = byId('existing-project-name', 'fluent-text-input');
  const existingKey = byId('existing-project-key', 'fluent-text-input');
  // The remembered team key while it is in the field as the pane put it there (typing replaces it).
  let offered: RememberedTeamKey | null = null;
  teamKey.addEventListener('input', () => (offered = null));
  createForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void withBusy(createButton, status, async () => {
      const name = fieldText(projectName);
      const team = keyFieldText(teamKey);
      if (!name) throw new Error(t('projects.create.nameMissing'));
      if (!team) throw new Error(t('projects.create.teamKeyMissing'));
      const { baseUrl } = context.settings.current();
      // A remembered team key goes only where it was typed, as a project key does (the address may have
      // changed since the pane offered it).
      if (offered !== null && offered.key === team && offered.origin !== originOf(baseUrl))
        throw new Error(teamKeyElsewhere(offered.origin, originOf(baseUrl)));
      // Refused before the service makes it: a project the service made but this computer refused is lost.
      await context.projects.checkNameFree(name);
      setStatus(status, 'busy', t('projects.create.creating', { name }));
      const created = await new ClimateClient({ baseUrl, apiKey: null }).createProject(name, team);
      // The service that issued the key is where it may go.
      await context.projects.save({
        id: String(created.id),
        name: created.name,
        apiKey: created.api_key,
        origin: originOf(baseUrl),
        privatePerformances: false,
      });
      await context.projects.rememberTeamKey(remember.checked ? team : null, originOf(baseUrl));
      offered = remember.checked ? { key: team, origin: originOf(baseUrl) } : null;
      projectName.value = '';
      if (!remember.checked) teamKey.value = '';
      await render(created.name);
      setStatus(status, 'success', t('projects.create.done', { name: created.name }));
    });
  });

  addForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void withBusy(addButton, status, async () => {
      const name = fieldText(existingName);
      // A key added here is entrusted to the service address in use, as a key typed under Connection is.
      const origin = originOf(context.settings.current().baseUrl);
      await context.projects.save({
        id: null,
        name,
        apiKey: keyFieldText(existingKey),
        origin,
        privatePerformances: false,
      });
      existingName.value = '';
      existingKey.value = '';
      await render(name);
      setStatus(status, 'success', t('projects.add.done', { name }));
    });
  });
  return context.projects.teamKey().then((team) => {
    if (team === null) return;
    remember.checked = true;
    // Offered only at the address it was typed at; elsewhere the person types the key for that service.
    if (team.origin !== originOf(context.settings.current().baseUrl)) return;
    teamKey.value = team.key;
    offered = team;
  });
}

export function mountProjects(context: PaneContext): { showWorkbookProject(): Promise<void> } {
  const list = byId('project-list', 'ul');
  const status = byId('projects-status');
  const workbookLine = byId('workbook-project');
  const privateSwitch = byId('private-performances', 'fluent-switch');
  const workbook: WorkbookLineHost = { context, status, render: () => render(), declined: false };

  const describeWorkbook = (projects: SavedProject[]): void => {
    if (!hasDocumentSettings()) {
      workbookLine.textContent = t('projects.workbook.outside');
      return;
    }
    const state = workbookProjectState(readWorkbookProject(), projects, context.settings.chosenKey());
    renderWorkbookProject(workbookLine, state, workbook);
    // A proposal waits for an answer: the section opens so that the person sees it.
    if (state.kind === 'propose' && !workbook.declined) byId('section-projects', 'details').open = true;
  };

  /** The list's buttons as last drawn, by project name: a redraw gives the focus back to the same one. */
  let drawn: Array<{ name: string; item: HTMLElement; use: Button; remove: Button }> = [];

  /**
   * Draws the list again. A redraw replaces the buttons, and a replaced button takes the focus with it
   * to the page's body (from where Tab starts at the top of the pane): the button that had it, Use or
   * Remove, hands it to the same project's new one; `focusName`'s Use takes it otherwise.
   */
  const render = async (focusName?: string): Promise<void> => {
    const projects = await context.projects.list();
    const settings = context.settings.current();
    const active = activeProject(projects, context.settings.chosenKey());
    const had = drawn.find((row) => row.use === document.activeElement || row.remove === document.activeElement);
    drawn = projects.map((project) => ({
      name: project.name,
      ...projectItem(project, project === active, {
        use: (button) => void withBusy(button, status, () => activate(project)),
        remove: (button) => void withBusy(button, status, () => forget(project)),
      }),
    }));
    replaceChildren(list, ...drawn.map((row) => row.item));
    const again = drawn.find((row) => row.name === had?.name);
    if (again && had) (had.remove === document.activeElement ? again.remove : again.use).focus();
    const named = drawn.find((row) => row.name === focusName);
    if (named) queueMicrotask(() => named.use.focus());
    if (projects.length === 0) list.append(el('li', { class: 'meta' }, t('projects.list.empty')));
    // In a session a workbook proposed, the switch shows that session's choice, not the saved project's.
    const session = context.settings.sessionChoice().privatePerformances !== undefined;
    privateSwitch.checked = active && !session ? active.privatePerformances : settings.privatePerformances;
    // Without an active project it can only be turned off (settings from before a key's save turned it off
    // with the project): a switch is never shown in a state the person cannot change. The attribute, not
    // the property: fluent-switch draws its disabled look from the attribute only.
    privateSwitch.toggleAttribute('disabled', !active && !privateSwitch.checked);
    describeWorkbook(projects);
  };

  const activate = async (project: SavedProject): Promise<void> => {
    await context.settings.update({ ...projectKey(project), privatePerformances: project.privatePerformances });
    const remembered = await rememberWorkbookProject({ id: project.id, name: project.name });
    await render();
    const held = context.settings.heldKey();
    setStatus(
      status,
      held === null ? 'success' : 'info',
      sentences(
        t(remembered ? 'projects.use.doneWorkbook' : 'projects.use.done', { name: project.name }),
        held === null ? t('projects.recalculating') : heldNote(held),
      ),
    );
  };

  const forget = async (project: SavedProject): Promise<void> => {
    const inUse = isInUse(project, context.settings.chosenKey());
    const at = drawn.findIndex((row) => row.name === project.name);
    const left = await context.projects.remove(project);
    // A removed project's key is sent nowhere again, now or later (unless a project still saved has it too).
    const keyGone = !left.some((saved) => saved.apiKey === project.apiKey);
    if (keyGone) await context.settings.forgetKey(project.apiKey);
    await render();
    // Its Remove is gone with it: the focus goes on to the next project's Use (or the last one's), or
    // to a new project's name when none is left.
    (drawn[Math.min(at, drawn.length - 1)]?.use ?? byId('project-name', 'fluent-text-input')).focus();
    setStatus(status, 'info', removedMessage(project.name, inUse && keyGone, context.settings.current()));
  };

  privateSwitch.addEventListener('change', () => {
    const on = privateSwitch.checked;
    void (async () => {
      const active = activeProject(await context.projects.list(), context.settings.chosenKey());
      if (!active) {
        if (!on) await context.settings.update({ privatePerformances: false });
        await render();
        if (!on) setStatus(status, 'success', t('projects.private.offNoProject'));
        return;
      }
      // A project a workbook proposed is this session's: so is the person's choice for it.
      if (context.settings.sessionChoice().apiKey !== undefined) {
        await context.settings.useForSession({ privatePerformances: on });
      } else {
        await context.projects.setPrivatePerformances(active, on);
        await context.settings.update({ privatePerformances: on });
      }
      await render();
      setStatus(status, 'success', t(on ? 'projects.private.on' : 'projects.private.off', { name: active.name }));
    })().catch((error: unknown) => setStatus(status, 'error', messageOf(error)));
  });

  const teamKeyFilled = bindProjectForms(context, status, render);
  context.settings.subscribe(() => void render());
  void teamKeyFilled.then(() => render());

  return {
    /** On opening a workbook: the line says which project it names, and proposes a saved one (no switch). */
    showWorkbookProject: () => render(),
  };
}
