/** The pane's core flows in WebKit: WKWebView in Excel on the Mac, Excel on the web in Safari (see ../browser/coreFlows.ts). */
import { coreFlows } from '../browser/coreFlows';

coreFlows('webkit');
