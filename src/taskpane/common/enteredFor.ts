/** Where a held-back key was entered, as the pane's sentences name it: its origin, or (none known) a phrase. */
import { t } from '../../i18n/translate';

export function enteredFor(savedFor: string | null): string {
  return savedFor ?? t('common.addressNotRecorded');
}
