/** The pane's core flows in Chromium: Edge WebView2 on Windows, Excel on the web in Edge or Chrome (see ../browser/coreFlows.ts). */
import { coreFlows } from '../browser/coreFlows';

coreFlows('chromium');
