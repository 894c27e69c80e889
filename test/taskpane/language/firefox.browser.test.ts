/** The pane in German and Japanese in Firefox (Excel on the web in Firefox): see ./languageFlow.ts. */
import { languageFlow } from './languageFlow';

languageFlow('firefox', ['de', 'ja']);
