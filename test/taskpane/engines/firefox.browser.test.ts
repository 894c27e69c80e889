/** The pane's core flows in Firefox: Excel on the web in Firefox (see ../browser/coreFlows.ts). */
import { coreFlows } from '../browser/coreFlows';

coreFlows('firefox');
