/**
 * The "Organizations and reference data" section: the project's registered organizations (5 a page,
 * previous/next), industry search, SBTi companies (a weekly snapshot, as the page says) and the SBTi
 * changes for the sheet's suppliers (sheetSbtiSection.ts), all read through the service client with the
 * saved connection. On request: there is deliberately no "export everything" (the data's licence
 * forbids bulk copies).
 */
import { scaleScore } from '../../functions/results/scoreScale';
import type { OrganizationRecord, SbtiCompany } from '../../service/types';
import { savedClient, type PaneContext } from '../common/paneContext';
import { mountSheetSbti } from './sheetSbtiSection';
import { byId, el, externalLink, fieldText, replaceChildren, setStatus, withBusy } from '../ui/view';
import { currentLanguage, t, type MessageKey } from '../../i18n/translate';

const ORGANIZATIONS_PER_PAGE = 5;

/** "score 72.5 · synced" (the score on the scale the cells use, written the language's way; the service's status). */
export function organizationMeta(record: OrganizationRecord, scale: '0-100' | '0-1'): string {
  const score = scaleScore(record.score, scale);
  const written = score === null ? null : score.toLocaleString(currentLanguage(), { maximumFractionDigits: 4 });
  return [written === null ? t('reference.meta.noScore') : t('reference.meta.score', { score: written }), record.status]
    .filter(Boolean)
    .join(' · ');
}

export function sbtiMeta(company: SbtiCompany): string {
  const parts = [
    company.near_term_target_status
      ? t('reference.sbti.nearTerm', { status: String(company.near_term_target_status) })
      : null,
    company.net_zero_committed === true || company.net_zero_committed === 'Yes'
      ? company.net_zero_year
        ? t('reference.sbti.netZeroBy', { year: String(company.net_zero_year) })
        : t('reference.sbti.netZero')
      : null,
    company.sector ? String(company.sector) : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

/** "Industries: 12 shown", and "(first page)" when the service has more: a list's status line. */
function shown(
  list: 'reference.industries' | 'reference.sbti',
  result: { items: readonly unknown[]; next: unknown },
): string {
  const key: MessageKey = result.next ? `${list}.shownFirst` : `${list}.shown`;
  return t(key, { count: result.items.length });
}

const item = (title: Node | string, meta: string): HTMLLIElement =>
  el(
    'li',
    {},
    el(
      'span',
      { class: 'grow' },
      typeof title === 'string' ? el('span', {}, title) : title,
      meta ? el('span', { class: 'meta' }, meta) : null,
    ),
  );

export function mountReference(context: PaneContext): void {
  const section = byId('section-reference', 'details');
  const status = byId('reference-status');
  const orgList = byId('org-list', 'ul');
  const prev = byId('org-prev', 'fluent-button');
  const next = byId('org-next', 'fluent-button');
  const pageLabel = byId('org-page');
  let page = 1;
  let loaded = false;
  let hasNext = true;
  // Applied after each load, once the busy button is enabled again.
  const updatePager = (): void => {
    prev.disabled = page <= 1;
    next.disabled = loaded && !hasNext;
  };

  const showOrganizations = async (target: number): Promise<void> => {
    setStatus(status, 'busy', t('reference.orgs.loading', { page: target }));
    const result = await savedClient(context).listOrganizations(target);
    const scale = context.settings.current().scoreScale;
    page = target;
    loaded = true;
    replaceChildren(
      orgList,
      ...result.items.map((record) =>
        item(
          externalLink(
            record.matching_organization?.link ?? null,
            record.name ?? record.matching_organization?.name ?? `#${record.id}`,
          ),
          organizationMeta(record, scale),
        ),
      ),
    );
    if (result.items.length === 0)
      orgList.append(el('li', { class: 'meta' }, t(page === 1 ? 'reference.orgs.none' : 'reference.orgs.noMore')));
    pageLabel.textContent = t('reference.orgs.page', { page });
    // The Link header says when there is a next page; without one, a full page suggests there may be.
    hasNext = result.next !== null || result.items.length >= ORGANIZATIONS_PER_PAGE;
    setStatus(status, 'info', t('reference.orgs.shown', { page, count: result.items.length }));
  };

  const load = (button: HTMLElementTagNameMap['fluent-button'], target: () => number): void => {
    void withBusy(button, status, () => showOrganizations(target())).then(() => {
      const hadFocus = document.activeElement === button;
      updatePager();
      // A pager button disabled under the focus (back on the first page, or past the last) hands it to
      // the other one; the page's body would send Tab back to the top of the pane.
      const other = button === prev ? next : prev;
      if (hadFocus && button.disabled && !other.disabled) other.focus();
    });
  };
  section.addEventListener('toggle', () => {
    if (section.open && !loaded) load(next, () => 1);
  });
  prev.addEventListener('click', () => load(prev, () => Math.max(1, page - 1)));
  next.addEventListener('click', () => load(next, () => (loaded ? page + 1 : 1)));
  updatePager();

  const industryForm = byId('industry-search', 'form');
  const industryQuery = byId('industry-query', 'fluent-text-input');
  const industryList = byId('industry-list', 'ul');
  const industryButton = byId('industry-search-button', 'fluent-button');
  industryForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void withBusy(industryButton, status, async () => {
      const q = fieldText(industryQuery);
      const client = savedClient(context);
      const result = q ? await client.searchIndustries(q) : await client.listIndustries();
      replaceChildren(
        industryList,
        ...result.items.map((industry) => item(industry.name, t('reference.industry.id', { id: String(industry.id) }))),
      );
      if (result.items.length === 0) industryList.append(el('li', { class: 'meta' }, t('reference.industries.none')));
      setStatus(status, 'info', shown('reference.industries', result));
    });
  });

  const sbtiForm = byId('sbti-search', 'form');
  const sbtiQuery = byId('sbti-query', 'fluent-text-input');
  const sbtiList = byId('sbti-list', 'ul');
  const sbtiButton = byId('sbti-search-button', 'fluent-button');
  sbtiForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void withBusy(sbtiButton, status, async () => {
      const name = fieldText(sbtiQuery);
      const result = await savedClient(context).sbtiCompanies(name ? { company_name: name } : {});
      replaceChildren(
        sbtiList,
        ...result.items.map((company) => item(String(company.company_name ?? '—'), sbtiMeta(company))),
      );
      if (result.items.length === 0) sbtiList.append(el('li', { class: 'meta' }, t('reference.sbti.none')));
      setStatus(status, 'info', shown('reference.sbti', result));
    });
  });

  mountSheetSbti(context, status);
}
