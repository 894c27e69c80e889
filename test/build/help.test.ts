// The functions' help: docs/functions.md published as help/functions.html, where every @helpurl of
// functions.json points, in production (dist/) and from the dev server; and the Markdown converter
// that builds it, which must let no HTML of the source through.
import { existsSync, readFileSync } from 'fs';
import { get } from 'https';
import { join, posix } from 'path';
import { generateCertificates } from 'office-addin-dev-certs';
import { startDevServer } from '../../tools/dev/devServer';
import { PROVIDER } from '../../src/provider';
import { productionDist, removeTempDirs, tempDir } from './dist';

type Attribution = { text: string; href: string; logo: string };
const { renderMarkdown } = require('../../build/markdownToHtml.js') as {
  renderMarkdown: (markdown: string) => { html: string; images: string[] };
};
const markdownToHtml = (markdown: string) => renderMarkdown(markdown).html;
const { helpPage } = require('../../build/helpPagePlugin.js') as {
  helpPage: (page: { markdown: string; attribution: Attribution; logoSrc: string }) => {
    html: string;
    images: string[];
  };
};
const { HELP_PAGE, PROVIDER_ATTRIBUTION } = require('../../webpack.config.js') as {
  HELP_PAGE: string;
  PROVIDER_ATTRIBUTION: Attribution;
};

const DIST = productionDist();
const DOCS = join(__dirname, '..', '..', 'docs');
afterAll(removeTempDirs);

interface FunctionMetadata {
  id: string;
  helpUrl?: string;
}
const helpUrls = (functionsJson: string) =>
  (JSON.parse(functionsJson) as { functions: FunctionMetadata[] }).functions.map(({ id, helpUrl }) => ({
    id,
    helpUrl: helpUrl ?? '',
  }));

/** Values of `name="…"` attributes, quoted or not (production pages are minified). */
function attributes(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'g'))].map(
    (m) => m[1] ?? m[2] ?? m[3],
  );
}

/** The element names of every tag in `html`. */
const tagNames = (html: string) =>
  new Set([...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)/g)].map((m) => m[1].toLowerCase()));
const CONVERTER_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'a',
  'code',
  'pre',
  'strong',
  'em',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'img',
];
const PAGE_TAGS = ['html', 'head', 'meta', 'title', 'style', 'body', 'main', 'footer', 'img'];

describe('help/functions.html in dist/', () => {
  const page = readFileSync(join(DIST, HELP_PAGE), 'utf8');
  const ids = new Set(attributes(page, 'id'));

  test('every function has a help link, and each opens the help page at an element of it', () => {
    const links = helpUrls(readFileSync(join(DIST, 'functions.json'), 'utf8'));
    expect(links.length).toBeGreaterThan(0);
    for (const { id, helpUrl } of links) {
      const url = new URL(helpUrl);
      expect({ id, page: url.pathname.endsWith(`/${HELP_PAGE}`) }).toEqual({ id, page: true });
      expect({ id, anchor: ids.has(decodeURIComponent(url.hash.slice(1))) }).toEqual({ id, anchor: true });
    }
    // Distinct functions land on distinct sections.
    expect(new Set(links.map(({ helpUrl }) => new URL(helpUrl).hash)).size).toBe(links.length);
  });

  test('production help links point at where the manifest says the add-in is hosted, never at localhost', () => {
    const functionsJson = readFileSync(join(DIST, 'functions.json'), 'utf8');
    expect(functionsJson).not.toMatch(/localhost|127\.0\.0\.1/);
    const base = readFileSync(join(DIST, 'manifest.xml'), 'utf8').match(/"(https:\/\/[^"]*\/)taskpane\.html"/)?.[1];
    expect(base).toBeDefined();
    for (const { helpUrl } of helpUrls(functionsJson)) {
      expect({ helpUrl, onBase: helpUrl.startsWith(`${base}${HELP_PAGE}#`) }).toEqual({ helpUrl, onBase: true });
    }
  });

  test('is the reference: its title, every section of docs/functions.md, no script', () => {
    const markdown = readFileSync(join(DOCS, 'functions.md'), 'utf8');
    expect(page).toMatch(/<title>CLIMATE functions: reference<\/title>/);
    const sections = [...markdown.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(sections).toContain('CLIMATE.SCORE');
    for (const section of sections) expect(page).toContain(`<h2>${section}</h2>`);
    // Only the converter's and the page's own elements: the reference's `spg:<id>` and the like are text.
    expect([...tagNames(page)].filter((tag) => !CONVERTER_TAGS.includes(tag) && !PAGE_TAGS.includes(tag))).toEqual([]);
    expect(page).toMatch(/<code>spg:&lt;id(&gt;|>)<\/code>/);
    expect(page).not.toMatch(/<script/i);
  });

  test('every image the reference shows is in the build beside the page, as docs/ has it', () => {
    const main = page.match(/<main>([\s\S]*?)<\/main>/)?.[1] ?? '';
    const images = attributes(main, 'src');
    expect(images).toContain('screenshots/org-card.png');
    for (const image of images) {
      const built = join(DIST, posix.dirname(HELP_PAGE), image);
      expect({ image, bytes: readFileSync(built) }).toEqual({ image, bytes: readFileSync(join(DOCS, image)) });
    }
  });

  test("carries the provider's attribution line: the pane's words, linked to the provider, with its logo", () => {
    expect(PROVIDER_ATTRIBUTION).toEqual({ text: PROVIDER.sourceLine, href: PROVIDER.site, logo: PROVIDER.logoPng });
    const footer = page.match(/<footer[^>]*>([\s\S]*?)<\/footer>/)?.[1] ?? '';
    expect(footer).toMatch(new RegExp(`<a href=["']?${PROVIDER.site}["']?>${PROVIDER.sourceLine}</a>`));
    const [logo] = attributes(footer, 'src');
    const logoFile = posix.join(posix.dirname(HELP_PAGE), logo);
    expect(logoFile).toBe(PROVIDER.logoPng);
    expect(existsSync(join(DIST, logoFile))).toBe(true);
  });
});

describe('markdownToHtml', () => {
  test('renders what the reference uses: headings, emphasis, code, lists, tables, code blocks, anchors', () => {
    const markdown = [
      '<a id="top"></a>',
      '# Title with `code` #',
      '',
      'Text with **strong**, *em*, a [link](#top) and `a|b`,',
      'a second line; 2 * 3 stays, S&P &lt;id&gt; &#169; \\*not em\\*.',
      '',
      '- one',
      '  continued',
      '- two',
      '',
      '3. three',
      '4. four',
      '',
      '| left | centre | right |',
      '|:---|:---:|---:|',
      '| `a\\|b` | **c** \\| d | |',
      '',
      '```ts',
      "const a = '<b>' && 1;",
      '```',
      '',
      '![A card](screenshots/card.png)',
    ].join('\n');
    expect(markdownToHtml(markdown)).toBe(
      [
        '<a id="top"></a>',
        '<h1>Title with <code>code</code></h1>',
        '<p>Text with <strong>strong</strong>, <em>em</em>, a <a href="#top">link</a> and <code>a|b</code>,',
        'a second line; 2 * 3 stays, S&amp;P &lt;id&gt; \u00a9 *not em*.</p>',
        '<ul>',
        '<li>one',
        'continued</li>',
        '<li>two</li>',
        '</ul>',
        '<ol start="3">',
        '<li>three</li>',
        '<li>four</li>',
        '</ol>',
        '<table>',
        '<thead>',
        '<tr>',
        '<th>left</th>',
        '<th class="center">centre</th>',
        '<th class="right">right</th>',
        '</tr>',
        '</thead>',
        '<tbody>',
        '<tr>',
        '<td><code>a|b</code></td>',
        '<td class="center"><strong>c</strong> | d</td>',
        '<td class="right"></td>',
        '</tr>',
        '</tbody>',
        '</table>',
        '<pre><code class="language-ts">const a = \'&lt;b&gt;\' &amp;&amp; 1;',
        '</code></pre>',
        '<p><img src="screenshots/card.png" alt="A card"></p>',
        '',
      ].join('\n'),
    );
    expect(renderMarkdown(markdown).images).toEqual(['screenshots/card.png']);
  });

  test('HTML in the source comes out as text wherever it stands', () => {
    const script = '<script>alert(1)</script>';
    const escaped = '&lt;script&gt;alert(1)&lt;/script&gt;';
    const cases: Array<[string, string]> = [
      [script, `<p>${escaped}</p>`],
      [`# ${script}`, `<h1>${escaped}</h1>`],
      [`- ${script}`, `<ul>\n<li>${escaped}</li>\n</ul>`],
      [
        `| h |\n|---|\n| ${script} |`,
        `<table>\n<thead>\n<tr>\n<th>h</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>${escaped}</td>\n</tr>\n</tbody>\n</table>`,
      ],
      [`**${script}** \`${script}\``, `<p><strong>${escaped}</strong> <code>${escaped}</code></p>`],
      ['```<script>\nx\n```', '<pre><code class="language-&lt;script&gt;">x\n</code></pre>'],
      ['<img src=x onerror=alert(1)>', '<p>&lt;img src=x onerror=alert(1)&gt;</p>'],
      // Only an empty anchor with a plain id, on a line of its own, is markup; with anything more it is text.
      ['<a id="x" onclick="y"></a>', '<p>&lt;a id=&quot;x&quot; onclick=&quot;y&quot;&gt;&lt;/a&gt;</p>'],
      ['See <a id="x"></a> here', '<p>See &lt;a id=&quot;x&quot;&gt;&lt;/a&gt; here</p>'],
      ['![x](javascript:alert(1))', '<p>![x](javascript:alert(1))</p>'],
    ];
    for (const [markdown, html] of cases)
      expect({ markdown, html: markdownToHtml(markdown) }).toEqual({ markdown, html: `${html}\n` });
  });

  test('links go only to web, mail and relative addresses, with the address escaped', () => {
    // Any other link stays its text, brackets and all: nothing to follow.
    expect(markdownToHtml('[a](JavaScript:alert) [b](data:text/html,x) [c](vbscript:x)')).toBe(
      '<p>[a](JavaScript:alert) [b](data:text/html,x) [c](vbscript:x)</p>\n',
    );
    expect(markdownToHtml('[q](https://e.example/"onmouseover=x) [m](mailto:a@b.example) [r](../x.html#y)')).toBe(
      '<p><a href="https://e.example/%22onmouseover=x">q</a> <a href="mailto:a@b.example">m</a> <a href="../x.html#y">r</a></p>\n',
    );
  });

  test('the page escapes a title and text that hold markup, and has no script', () => {
    const { html } = helpPage({
      markdown: '# Help <script>x</script>\n\n<script>y</script>',
      attribution: PROVIDER_ATTRIBUTION,
      logoSrc: '../assets/logo.png',
    });
    expect(html).toContain('<title>Help &lt;script&gt;x&lt;/script&gt;</title>');
    expect(html).toContain('<p>&lt;script&gt;y&lt;/script&gt;</p>');
    expect(html).not.toMatch(/<script/i);
  });
});

describe('the dev server (npm start)', () => {
  test('serves the help page where the development help links point', async () => {
    const dir = tempDir('certs');
    const paths = { ca: join(dir, 'ca.crt'), cert: join(dir, 'localhost.crt'), key: join(dir, 'localhost.key') };
    await generateCertificates(paths.ca, paths.cert, paths.key, 1);
    const [ca, cert, key] = [paths.ca, paths.cert, paths.key].map((file) => readFileSync(file));
    const server = await startDevServer({ certificates: { ca, cert, key, caPath: paths.ca, trusted: false }, port: 0 });
    try {
      expect((await server.firstBuild).errors).toEqual([]);
      const fetchText = (path: string) =>
        new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
          get(`${server.url}${path}`, { ca }, (response) => {
            let body = '';
            response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']), body }),
            );
          }).on('error', reject);
        });
      const links = helpUrls((await fetchText('/functions.json')).body);
      const pages = new Set(links.map(({ helpUrl }) => new URL(helpUrl).pathname));
      expect([...pages]).toEqual([`/${HELP_PAGE}`]);
      const help = await fetchText(`/${HELP_PAGE}`);
      expect(help).toMatchObject({ status: 200, type: expect.stringMatching(/^text\/html/) });
      const ids = new Set(attributes(help.body, 'id'));
      for (const { helpUrl } of links) expect(ids.has(new URL(helpUrl).hash.slice(1))).toBe(true);
    } finally {
      await server.close();
    }
  });
});
