/*
 * Build of the add-in (webpack 5).
 *
 *   npm run build                        production bundles + dist/manifest.xml and dist/manifest.json with
 *                                        production URLs
 *   npm run build:dev                    development bundles with source maps (manifests for the dev server)
 *
 * Build-time settings (flag, or environment variable):
 *   --env addinUrl=https://host/path/    ADDIN_URL         where dist/ will be hosted (production manifests
 *                                                           and the functions' help links)
 *   --env serviceUrl=https://api...      CLIMATE_BASE_URL  the service the add-in talks to by default;
 *                                                           empty (the default) = the local sandbox
 *
 * Output (dist/): taskpane.html (the shared-runtime page: office.js from the CDN, then the bundles),
 * runtime.js + shared.js (webpack runtime and modules used by more than one entry; one runtime so the
 * page holds ONE instance of every module, e.g. a single engine for functions and task pane),
 * functions.js, taskpane.js, commands.js, functions.json (from JSDoc) and functions-<language>.json (the
 * same with the descriptions of src/i18n/functions/<language>.json), assets/, manifest.xml and
 * manifest.json (both rendered from build/manifest/facts.js), assets/support[.<language>].html (help,
 * privacy and terms in each language, from src/i18n/messages), assets/help[.<language>].html (the
 * functions, their arguments and examples in each language: build/helpPages.js), help/functions.html (docs/functions.md as a
 * page: the functions' @helpurl target); production builds add staticwebapp.config.json and _headers,
 * the headers a static host sends (build/hosting.js).
 */
const path = require('path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const CustomFunctionsMetadataPlugin = require('custom-functions-metadata-plugin');
const { HelpPagePlugin } = require('./build/helpPagePlugin');
const { buildServiceUrl, contentSecurityPolicy } = require('./build/contentSecurity');
const { HostingFilesPlugin } = require('./build/hosting');
const { DEV_URL, ManifestsPlugin } = require('./build/manifest');
const { LOCALIZATION_FOLDER } = require('./build/manifest/json');
const { FunctionsLocalesPlugin, languages, metadataFile } = require('./build/functionsLocales');
const { SupportPagesPlugin } = require('./build/supportPages');
const { helpPage } = require('./build/languagePages');
const { HelpPagesPlugin } = require('./build/helpPages');

const DEFAULT_ADDIN_URL = 'https://climate-profiles.example.com/';
const FUNCTIONS_SOURCE = path.resolve(__dirname, 'src/functions/functions.ts');
const HELP_SOURCE = path.resolve(__dirname, 'docs/functions.md');
const HELP_PAGE = 'help/functions.html';
/** The provider line the help page carries, as the pane and the cells word it (test/build checks they agree). */
const provider = require('./src/provider.json');
const PROVIDER_ATTRIBUTION = { text: provider.description, href: provider.site, logo: provider.logoPng };
/** Outputs that address the add-in at DEV_URL: the functions' help links (the manifests are rendered for their base). */
const REBASED_OUTPUTS = ['functions.json', ...languages().map(metadataFile)];

/**
 * The add-in URL given at build time, checked and normalised to a folder ("/" at the end): https only,
 * even on this computer (Office loads add-ins over https only). The service URL has the runtime's
 * rule instead (build/contentSecurity.js).
 */
function buildAddinUrl(name, value) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} is not a URL: "${value}"`);
  }
  // What the manifests are handed to users with: a password there is published, a query or a fragment
  // would swallow the file names appended to it.
  if (url.username || url.password)
    throw new Error(`${name} must be the address of a folder, without a user or password`);
  if (url.protocol !== 'https:') throw new Error(`${name} must use https (got "${value}")`);
  const extras = [url.search && `a query (${url.search})`, url.hash && `a fragment (${url.hash})`].filter(Boolean);
  if (extras.length > 0) throw new Error(`${name} must be the address of a folder, without ${extras.join(' or ')}`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}/`; // a bare "?" or "#" left behind
}

/** A production output (functions.json): every development URL re-based onto `addinUrl` (ends with "/"). */
function productionUrls(text, addinUrl) {
  return text.split(DEV_URL).join(addinUrl);
}

/** Production builds: REBASED_OUTPUTS point at where dist/ is hosted instead of the dev server. */
class ProductionUrlsPlugin {
  constructor(addinUrl) {
    this.addinUrl = addinUrl;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ProductionUrlsPlugin', (compilation) => {
      // After the outputs are added (the metadata plugin, copied files); before anything hashes them.
      const stage = webpack.Compilation.PROCESS_ASSETS_STAGE_PRE_PROCESS;
      compilation.hooks.processAssets.tap({ name: 'ProductionUrlsPlugin', stage }, () => {
        for (const file of REBASED_OUTPUTS) {
          const asset = compilation.getAsset(file);
          if (!asset) {
            compilation.errors.push(
              new webpack.WebpackError(
                `ProductionUrlsPlugin: ${file} was not produced, so it cannot get production URLs`,
              ),
            );
            continue;
          }
          compilation.updateAsset(
            file,
            new webpack.sources.RawSource(productionUrls(asset.source.source().toString(), this.addinUrl)),
          );
        }
      });
    });
  }
}

/**
 * Node-only code must never reach a browser bundle. Node built-ins already fail to resolve for the
 * web target; this also stops the server-side packages and our own Node-only modules, which would
 * otherwise be bundled half-working or drag in hundreds of kilobytes.
 */
const NODE_ONLY = [
  /[\\/]node_modules[\\/](undici|fastify|@fastify|pino|avvio|light-my-request|find-my-way)[\\/]/,
  /[\\/]tools[\\/](sandbox|dev)[\\/]/,
  /[\\/]src[\\/]service[\\/]nodeFetch\.ts$/,
];
class NodeOnlyGuardPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('NodeOnlyGuardPlugin', (compilation) => {
      compilation.hooks.finishModules.tap('NodeOnlyGuardPlugin', (modules) => {
        for (const module of modules) {
          const resource = module.resource || '';
          if (!NODE_ONLY.some((pattern) => pattern.test(resource))) continue;
          const issuer = compilation.moduleGraph.getIssuer(module);
          const importer = issuer && issuer.resource ? path.relative(__dirname, issuer.resource) : 'an entry';
          compilation.errors.push(
            new webpack.WebpackError(
              `Node-only module in a browser bundle: ${path.relative(__dirname, resource)} (imported by ${importer})`,
            ),
          );
        }
      });
    });
  }
}

module.exports = (env = {}, argv = {}) => {
  const production = argv.mode === 'production';
  const serviceValue = env.serviceUrl || process.env.CLIMATE_BASE_URL || '';
  const serviceUrl = buildServiceUrl(serviceValue);
  const addinValue = env.addinUrl || process.env.ADDIN_URL || '';
  const addinUrl = addinValue ? buildAddinUrl('addinUrl / ADDIN_URL', addinValue) : DEFAULT_ADDIN_URL;
  if (production && !addinValue) {
    console.log(
      `[climate] dist/manifest.xml, dist/manifest.json and the help links in dist/functions.json point at the placeholder ${DEFAULT_ADDIN_URL}; ` +
        'pass --env addinUrl=https://your-host/ (or ADDIN_URL) for a deployable manifest.',
    );
  }

  return {
    mode: production ? 'production' : 'development',
    target: ['web', 'es2020'],
    devtool: production ? false : 'source-map',
    entry: {
      functions: './src/functions/functions.ts',
      taskpane: './src/taskpane/taskpane.ts',
      commands: './src/commands/commands.ts',
    },
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: '[name].js',
      clean: true,
    },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          loader: 'ts-loader',
          // Type errors are `npm run typecheck`'s job; ES modules let webpack drop unused code.
          options: {
            transpileOnly: true,
            compilerOptions: {
              module: 'es2020',
              moduleResolution: 'bundler',
              rootDir: __dirname,
              sourceMap: !production,
            },
          },
        },
      ],
    },
    optimization: {
      runtimeChunk: 'single',
      splitChunks: {
        cacheGroups: {
          default: false,
          defaultVendors: false,
          shared: { name: 'shared', chunks: 'initial', minChunks: 2, minSize: 0, enforce: true },
        },
      },
    },
    performance: { hints: false },
    plugins: [
      new NodeOnlyGuardPlugin(),
      new webpack.DefinePlugin({
        'process.env.CLIMATE_BASE_URL': JSON.stringify(serviceUrl),
        // A build for a production service takes profile links only on the provider's site (profileLink.ts).
        'process.env.CLIMATE_PROFILE_HOST': JSON.stringify(serviceUrl ? new URL(provider.site).hostname : ''),
      }),
      new CustomFunctionsMetadataPlugin({ input: FUNCTIONS_SOURCE, output: 'functions.json' }),
      // Excel's help link of a function opens that language's help page at the function (re-based like the English links).
      new FunctionsLocalesPlugin({
        helpUrl: (language, id) => `${DEV_URL}${helpPage(language)}#${id.toLowerCase()}`,
      }),
      new SupportPagesPlugin(),
      new HelpPagesPlugin(), // after FunctionsLocalesPlugin: it reads functions-<language>.json
      new HelpPagePlugin({ source: HELP_SOURCE, output: HELP_PAGE, attribution: PROVIDER_ATTRIBUTION }),
      new HtmlWebpackPlugin({
        filename: 'taskpane.html',
        template: './src/taskpane/taskpane.html',
        chunks: ['functions', 'taskpane', 'commands'],
        chunksSortMode: 'manual',
        contentSecurityPolicy: contentSecurityPolicy(serviceUrl),
      }),
      // The manifests' localization files in assets/ are the development copies; the build renders its own.
      new CopyWebpackPlugin({
        patterns: [{ from: 'assets', to: 'assets', globOptions: { ignore: [`**/${LOCALIZATION_FOLDER}/**`] } }],
      }),
      new ManifestsPlugin(production ? addinUrl : DEV_URL),
      ...(production ? [new ProductionUrlsPlugin(addinUrl), new HostingFilesPlugin(serviceUrl)] : []),
    ],
  };
};

module.exports.DEV_URL = DEV_URL;
module.exports.DEFAULT_ADDIN_URL = DEFAULT_ADDIN_URL;
module.exports.HELP_PAGE = HELP_PAGE;
module.exports.PROVIDER_ATTRIBUTION = PROVIDER_ATTRIBUTION;
