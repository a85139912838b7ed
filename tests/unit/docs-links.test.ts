import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ERROR_STATUS } from '../../src/shared/errors';
import { checkLinks, headingAnchors, markdownFilesUnder, reachablePages } from '../helpers/markdown';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const ROOT = path.resolve(__dirname, '../..');
const README = path.join(ROOT, 'README.md');
const DOCS = path.join(ROOT, 'docs');
const README_MAX_LINES = 250;

describe('the README and docs/', () => {
  it(`keeps the README a landing page of at most ${README_MAX_LINES} lines`, () => {
    const lines = fs.readFileSync(README, 'utf8').replace(/\n$/, '').split('\n');
    expect(lines.length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('has every relative link resolve to a file, and every #fragment to a heading', () => {
    const problems = [README, ...markdownFilesUnder(DOCS)].flatMap((file) => checkLinks(file).problems).map((problem) => path.relative(ROOT, problem));
    expect(problems).toEqual([]);
  });

  it('links every page under docs/ from the README or a page linked from it', () => {
    const reached = reachablePages(README);
    const orphans = markdownFilesUnder(DOCS).filter((page) => !reached.has(page));
    expect(orphans.map((page) => path.relative(ROOT, page))).toEqual([]);
  });

  it('documents every error code in docs/errors.md, with its status', () => {
    const catalogue = fs.readFileSync(path.join(DOCS, 'errors.md'), 'utf8');
    const rows = new Map([...catalogue.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)].map((match) => [match[1], Number(match[2])]));
    expect(Object.fromEntries(rows)).toEqual(ERROR_STATUS);
  });
});

describe('the link checker', () => {
  it('reports a missing file, a missing anchor and an unlinked page; ignores code and external links', () => {
    const dir = makeTempDir('docs-links');
    onTestFinished(() => removeTempDir(dir));
    fs.mkdirSync(path.join(dir, 'docs'));
    fs.writeFileSync(
      path.join(dir, 'README.md'),
      [
        '# Start',
        '[guide](docs/guide.md#the-path-of-one-get) · [gone](docs/gone.md) · [bad anchor](docs/guide.md#nowhere)',
        '[web](https://example.org/x.md) · `[code](docs/in-code.md)` · [here](#start)',
        '```sh',
        '[fenced](docs/in-fence.md)',
        '```',
      ].join('\n'),
    );
    fs.writeFileSync(path.join(dir, 'docs', 'guide.md'), '# Guide\n\n## The path of one `GET`\n\n```sh\n# not a heading\n```\n');
    fs.writeFileSync(path.join(dir, 'docs', 'orphan.md'), '# Orphan\n');

    const { problems } = checkLinks(path.join(dir, 'README.md'));
    expect(problems.map((problem) => problem.slice(dir.length + 1))).toEqual([
      'README.md:2: docs/gone.md: no such file',
      'README.md:2: docs/guide.md#nowhere: no heading with that anchor in guide.md',
    ]);
    const reached = reachablePages(path.join(dir, 'README.md'));
    expect(reached.has(path.join(dir, 'docs', 'guide.md'))).toBe(true);
    expect(reached.has(path.join(dir, 'docs', 'orphan.md'))).toBe(false);
  });

  it("makes GitHub's anchors: punctuation dropped, code kept, repeats numbered", () => {
    const anchors = headingAnchors('# Certificates and HTTPS\n## `GET /pets` (deprecated)\n## Notes\n## Notes\n## Where — and why?\n');
    expect([...anchors]).toEqual(['certificates-and-https', 'get-pets-deprecated', 'notes', 'notes-1', 'where--and-why']);
  });
});
