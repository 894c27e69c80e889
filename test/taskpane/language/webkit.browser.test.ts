/** The pane in German and Japanese in WebKit (Excel on the Mac, Excel on the web in Safari): see ./languageFlow.ts. */
import { languageFlow } from './languageFlow';

languageFlow('webkit', ['de', 'ja']);
