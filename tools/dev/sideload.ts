// Loading the add-in into Excel: `office-addin-debugging` where it can (Excel desktop on Windows and
// macOS); elsewhere (Linux: "platform not supported") the steps for Excel on the web.
import { execFile } from 'child_process';

export type SideloadResult = { loaded: true } | { loaded: false; reason: string };

const CLI = require.resolve('office-addin-debugging/cli.js');
const DESKTOP_PLATFORMS: NodeJS.Platform[] = ['win32', 'darwin'];

function runCli(args: string[]): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { timeout: 5 * 60_000 }, (error, stdout, stderr) => {
      resolve({ ok: !error, output: `${stdout}${stderr}`.trim() });
    });
  });
}

/** Sideloads into Excel desktop. The CLI exits 0 even when it fails, so its output is read too. */
export async function sideloadDesktop(manifestPath: string): Promise<SideloadResult> {
  if (!DESKTOP_PLATFORMS.includes(process.platform)) {
    return { loaded: false, reason: `Excel desktop is not available on ${process.platform}` };
  }
  const { ok, output } = await runCli(['start', manifestPath, 'desktop']);
  const failure = output.split('\n').find((line) => /not supported|unable to/i.test(line));
  if (!ok || failure) return { loaded: false, reason: failure ?? (output || 'office-addin-debugging failed') };
  return { loaded: true };
}

/** Undoes `sideloadDesktop` (unregisters the developer add-in). */
export async function removeDesktopSideload(manifestPath: string): Promise<void> {
  await runCli(['stop', manifestPath]);
}

export function webSideloadSteps(manifestPath: string, taskpaneUrl: string, certificateTrusted: boolean): string {
  const steps = [
    ...(certificateTrusted
      ? []
      : [`Open ${taskpaneUrl} once in the browser you use for Excel and accept the certificate warning.`]),
    'Open a workbook in Excel on the web (https://excel.cloud.microsoft or office.com > Excel).',
    'Insert > Add-ins > Upload My Add-in (newer layouts: Home > Add-ins > More Add-ins > Upload My Add-in), ' +
      `choose ${manifestPath}, Upload.`,
    'Home > Climate > Open pane; then type =CLIMATE.SCORE("an organization name") in a cell.',
  ];
  return ['Sideload into Excel on the web:', ...steps.map((step, i) => `  ${i + 1}. ${step}`)].join('\n');
}
