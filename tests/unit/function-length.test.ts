/**
 * A function a newcomer can read at once: none in src/ is longer than 150 lines, and no React component longer than
 * 100. Every function, arrow function and method counts, factories included; a long one is split into parts named
 * after what they do, a long screen into the parts the user sees.
 *
 * A component, for this rule, is a function with JSX in its own body (not only in functions nested in it): what it
 * returns is markup. Hooks and helpers in .tsx files are other code. The few components allowed past 100 lines are
 * named below with their reason; an exception that no longer needs its room fails the test, so the list stays true.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 150;
const MAX_COMPONENT_LINES = 100;
const ROOT = path.resolve(import.meta.dirname, '../..');

/** `file#Component` → why it may be longer than MAX_COMPONENT_LINES (never longer than MAX_LINES). */
const LONG_COMPONENTS: Record<string, string> = {
  'src/app/features/batches/BatchPage.tsx#BatchPage': 'not split yet (issue 31)',
  'src/app/features/brand/LogoSection.tsx#LogoSection': 'not split yet (issue 31)',
  'src/app/features/videos/ImageUploader.tsx#ImageUploader': 'not split yet (issue 31)',
  'src/app/features/videos/storyboard/SettingsPanel.tsx#SettingsPanel': 'not split yet (issue 31)',
  'src/app/features/watermark/RemovalEditor.tsx#RemovalEditor': 'not split yet (issue 31)',
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const isJsx = (node: ts.Node) => ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node);

/** Whether the function's own body (not a function nested in it) holds JSX. */
function rendersMarkup(fn: ts.Node): boolean {
  let found = false;
  const visit = (node: ts.Node) => {
    if (found || ts.isFunctionLike(node)) return;
    if (isJsx(node)) found = true;
    else ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn, visit);
  return found;
}

/** A function's name: its own, or the variable or property it is assigned to. */
function nameOf(fn: ts.Node): string {
  const own = (fn as { name?: ts.Node }).name;
  if (own && ts.isIdentifier(own)) return own.text;
  const parent = fn.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && ts.isIdentifier(parent.name))
    return parent.name.text;
  return '(anonymous)';
}

interface LongFunction {
  at: string;
  key: string;
  lines: number;
  component: boolean;
}

/** Functions over MAX_COMPONENT_LINES (components) or MAX_LINES (the rest). */
function longFunctions(file: string): LongFunction[] {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const relative = path.relative(ROOT, file).split(path.sep).join('/');
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      const component = rendersMarkup(node);
      if (lines > (component ? MAX_COMPONENT_LINES : MAX_LINES))
        found.push({
          at: `${relative}:${start + 1} (${lines} lines)`,
          key: `${relative}#${nameOf(node)}`,
          lines,
          component,
        });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('function length', () => {
  const files = sourceFiles(path.join(ROOT, 'src'));
  const long = files.flatMap(longFunctions);

  it(`keeps every function in src/ at ${MAX_LINES} lines or fewer`, () => {
    expect(files.length).toBeGreaterThan(100);
    expect(long.filter((f) => f.lines > MAX_LINES).map((f) => f.at)).toEqual([]);
  });

  it(`keeps every React component at ${MAX_COMPONENT_LINES} lines or fewer, but the named exceptions`, () => {
    expect(long.filter((f) => f.component && !(f.key in LONG_COMPONENTS)).map((f) => f.at)).toEqual([]);
  });

  it('names no exception that is not needed any more', () => {
    const needed = new Set(long.filter((f) => f.component).map((f) => f.key));
    expect(Object.keys(LONG_COMPONENTS).filter((key) => !needed.has(key))).toEqual([]);
  });

  it('finds a function over the limit, and a component over its own', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'function-length-'));
    try {
      const file = path.join(dir, 'long.ts');
      fs.writeFileSync(file, `export const long = () => {\n${'  void 0;\n'.repeat(MAX_LINES)}};\n`);
      expect(longFunctions(file)).toMatchObject([{ component: false }]);
      const screen = path.join(dir, 'Screen.tsx');
      const body = '  void 0;\n'.repeat(MAX_COMPONENT_LINES);
      fs.writeFileSync(
        screen,
        `export function Screen() {\n${body}  return <p />;\n}\nexport function useLong() {\n${body}  return () => <p />;\n}\n`,
      );
      expect(longFunctions(screen).map((f) => f.key.split('#')[1])).toEqual(['Screen']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
