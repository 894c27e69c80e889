/** The pane in each of its six languages in Chromium (WebView2, Edge): see ./languageFlow.ts. */
import { LANGUAGES } from '../../../src/i18n/languages';
import { languageFlow } from './languageFlow';

languageFlow('chromium', LANGUAGES);
