// @ts-check
/**
 * Publishes the function reference (docs/functions.md) as a static help page in the build output,
 * where the custom functions' @helpurl links point (help/functions.html#<anchor>), with the images it
 * shows beside it. The page is plain HTML with no script at all, and it carries the data provider's
 * attribution line. Plain CommonJS, loaded by webpack.config.js.
 */
'use strict';

const { readFileSync } = require('fs');
const path = require('path');
const webpack = require('webpack');
const { escapeHtml, renderMarkdown } = require('./markdownToHtml');

/**
 * @typedef {object} Attribution
 * @property {string} text   the provider line, e.g. "Climate data by DitchCarbon"
 * @property {string} href   the provider's site
 * @property {string} logo   the provider logo, relative to the output folder (e.g. "assets/logo-provider.png")
 */

const STYLE = `
:root { color-scheme: light dark; font-family: "Segoe UI", system-ui, sans-serif; line-height: 1.5; }
body { max-width: 60rem; margin: 0 auto; padding: 1rem 1.5rem 2rem; }
h1, h2 { line-height: 1.2; }
h2 { margin-top: 2.5rem; padding-top: 0.5rem; border-top: 1px solid #8884; }
table { border-collapse: collapse; margin: 1rem 0; display: block; overflow-x: auto; }
th, td { border: 1px solid #8886; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
th.center, td.center { text-align: center; }
th.right, td.right { text-align: right; }
code { font-family: Consolas, "Courier New", monospace; background: #8882; padding: 0 0.2em; border-radius: 3px; }
pre { background: #8882; padding: 0.75rem; overflow-x: auto; }
pre code { background: none; padding: 0; }
main img { max-width: 100%; height: auto; }
.attribution { margin-top: 3rem; display: flex; align-items: center; gap: 0.5rem; font-size: 0.9rem; }
`;

/**
 * The whole help page: the rendered Markdown, titled by its first heading, and the attribution line;
 * with the images the Markdown shows, which go beside it.
 * @param {{ markdown: string; attribution: Attribution; logoSrc: string }} page  logoSrc: the logo relative to the page
 * @returns {{ html: string; images: string[] }}
 */
function helpPage({ markdown, attribution, logoSrc }) {
  const { html: body, images } = renderMarkdown(markdown);
  const title = /<h1>([\s\S]*?)<\/h1>/.exec(body)?.[1].replace(/<[^>]*>/g, '') ?? 'Help';
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self'; style-src 'unsafe-inline'">
<title>${title}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}</main>
<footer class="attribution">
<img src="${escapeHtml(logoSrc)}" alt="" width="20" height="20">
<a href="${escapeHtml(attribution.href)}">${escapeHtml(attribution.text)}</a>
</footer>
</body>
</html>
`;
  return { html, images };
}

const PLUGIN = 'HelpPagePlugin';

/**
 * Copies an image the reference shows to the same place beside the page. Only a file in the
 * reference's own folder may be shown: the page's CSP loads images from the add-in's origin alone.
 * @param {webpack.Compilation} compilation @param {string} source @param {string} output @param {string} image
 */
function emitImage(compilation, source, output, image) {
  const folder = path.dirname(source);
  /** @param {string} why */
  const fail = (why) => void compilation.errors.push(new webpack.WebpackError(`Help page: image ${image}: ${why}`));
  let file;
  try {
    file = path.resolve(folder, decodeURI(image));
  } catch {
    return fail('not a readable address');
  }
  const relative = path.relative(folder, file);
  const outside = relative.split(path.sep)[0] === '..' || path.isAbsolute(relative);
  if (/^[a-z][a-z0-9+.-]*:/i.test(image) || image.startsWith('/') || outside)
    return fail(`not a file beside ${source}`);
  compilation.fileDependencies.add(file);
  let bytes;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    return fail(`cannot read ${file}: ${/** @type {Error} */ (error).message}`);
  }
  const target = path.posix.join(path.posix.dirname(output), relative.split(path.sep).join('/'));
  compilation.emitAsset(target, new webpack.sources.RawSource(bytes));
}

class HelpPagePlugin {
  /**
   * @param {{ source: string; output: string; attribution: Attribution }} options
   *   source: the Markdown file (absolute); output: the page's path in the output folder
   */
  constructor(options) {
    this.options = options;
  }

  /** @param {webpack.Compiler} compiler */
  apply(compiler) {
    const { source, output, attribution } = this.options;
    const logoSrc = path.posix.relative(path.posix.dirname(output), attribution.logo);
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.fileDependencies.add(source); // the dev server rebuilds the page when the reference changes
          let markdown;
          try {
            markdown = readFileSync(source, 'utf8');
          } catch (error) {
            compilation.errors.push(
              new webpack.WebpackError(`Help page: cannot read ${source}: ${/** @type {Error} */ (error).message}`),
            );
            return;
          }
          const page = helpPage({ markdown, attribution, logoSrc });
          compilation.emitAsset(output, new webpack.sources.RawSource(page.html));
          for (const image of page.images) emitImage(compilation, source, output, image);
        },
      );
    });
  }
}

module.exports = { HelpPagePlugin, helpPage };
