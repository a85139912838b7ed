import fs from 'node:fs';
import path from 'node:path';

/** A link or image target as written in a Markdown file, with the line it is on (1-based). */
export interface MarkdownLink {
  target: string;
  line: number;
}

/** The file's lines outside fenced code blocks (a `# comment` in a shell example is no heading), numbered. */
function proseLines(text: string): { text: string; line: number }[] {
  const lines: { text: string; line: number }[] = [];
  let fence: string | null = null;
  text.split('\n').forEach((raw, index) => {
    const marker = /^\s*(```|~~~)/.exec(raw)?.[1];
    if (marker !== undefined && (fence === null || fence === marker)) {
      fence = fence === null ? marker : null;
      return;
    }
    if (fence === null) lines.push({ text: raw, line: index + 1 });
  });
  return lines;
}

/** Inline code spans hold examples, not links. */
function withoutCodeSpans(line: string): string {
  return line.replace(/(`+)[^`]*?\1/g, '');
}

/** Inline links and images: `[text](target)` and `![alt](target "title")`. */
export function linksIn(text: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  for (const { text: line, line: number } of proseLines(text)) {
    for (const match of withoutCodeSpans(line).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ target: match[1] ?? '', line: number });
    }
  }
  return links;
}

/** GitHub's anchor for a heading: lowercased, punctuation dropped, spaces to hyphens; repeats get -1, -2… */
export function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text: line } of proseLines(text)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const rendered = heading
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/`([^`]*)`/g, '$1')
      .replace(/<[^>]+>/g, '');
    const slug = rendered
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Every .md file under a folder, as absolute paths. */
export function markdownFilesUnder(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/**
 * What is wrong with a file's relative links: a target that does not exist, or a `#fragment` that is
 * no heading of the Markdown file it points at. Also returns the Markdown files it links to.
 */
export function checkLinks(file: string): { problems: string[]; linkedPages: string[] } {
  const text = fs.readFileSync(file, 'utf8');
  const problems: string[] = [];
  const linkedPages: string[] = [];
  for (const { target, line } of linksIn(text)) {
    if (EXTERNAL.test(target)) continue;
    const [pathPart = '', fragment] = target.split('#', 2);
    const where = `${file}:${line}: ${target}`;
    const resolved = pathPart === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(pathPart));
    if (!fs.existsSync(resolved)) {
      problems.push(`${where}: no such file`);
      continue;
    }
    if (resolved.endsWith('.md')) linkedPages.push(resolved);
    if (fragment === undefined) continue;
    if (!resolved.endsWith('.md')) {
      problems.push(`${where}: a #fragment on a file that is not Markdown`);
    } else if (!headingAnchors(fs.readFileSync(resolved, 'utf8')).has(fragment)) {
      problems.push(`${where}: no heading with that anchor in ${path.basename(resolved)}`);
    }
  }
  return { problems, linkedPages };
}

/** The Markdown pages reachable by links from a start page (the start page included). */
export function reachablePages(start: string): Set<string> {
  const reached = new Set<string>([start]);
  const queue = [start];
  for (let page = queue.shift(); page !== undefined; page = queue.shift()) {
    for (const linked of checkLinks(page).linkedPages) {
      if (reached.has(linked)) continue;
      reached.add(linked);
      queue.push(linked);
    }
  }
  return reached;
}

/** The first ```sh block after the heading `heading` (its text without the `#`s), as written. */
export function shellBlockUnder(text: string, heading: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => /^#{1,6}\s/.test(line) && line.replace(/^#+\s*/, '').trim() === heading);
  if (start === -1) throw new Error(`no heading "${heading}"`);
  const open = lines.findIndex((line, index) => index > start && /^```sh\s*$/.test(line));
  const close = lines.findIndex((line, index) => index > open && /^```\s*$/.test(line));
  if (open === -1 || close === -1) throw new Error(`no sh block under "${heading}"`);
  return lines.slice(open + 1, close).join('\n');
}
