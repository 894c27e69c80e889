// @ts-check
/** Text files the build adds to its output beside webpack's own (the manifests, the hosting headers). */
'use strict';

const webpack = require('webpack');

/**
 * Emits `files()` (file name -> text) into every compilation's output, once the other outputs exist.
 * @param {webpack.Compiler} compiler
 * @param {string} name the plugin's name, as webpack reports it
 * @param {() => Record<string, string>} files
 */
function emitFiles(compiler, name, files) {
  compiler.hooks.thisCompilation.tap(name, (compilation) => {
    compilation.hooks.processAssets.tap({ name, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
      for (const [file, text] of Object.entries(files()))
        compilation.emitAsset(file, new webpack.sources.RawSource(text));
    });
  });
}

module.exports = { emitFiles };
