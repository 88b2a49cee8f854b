import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';
import { describe, expect, it } from 'vitest';

// No text shown to users bypasses i18n (issue 11): JSX text, the attributes
// people read or hear, string literals rendered inside JSX, and the titles and
// messages of menus and notifications. Words in code (class names, ids, event
// names) are not text shown to users and are not flagged.

/** Attributes whose value a user reads or hears. */
const SHOWN_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-placeholder', 'aria-roledescription', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label']);
/** Object keys that browser APIs show: menus, notifications, the action's title. */
const SHOWN_KEYS = new Set(['title', 'message', 'contextMessage', 'buttons']);
/** Text with a word in it; symbols and numbers alone are not language. */
const WORDS = /\p{L}{2,}/u;
/** Example values (a URL, an address) read the same in every language. */
const EXAMPLE = /^\s*(https?:\/\/\S+|\S+@\S+)\s*$/;

type Node = { type: string; [key: string]: unknown };

/** The literals in `source` shown to users, as "line: text". */
export function findShownLiterals(source: string, file = 'source.tsx'): string[] {
  const ast = parse(source, { sourceType: 'module', plugins: ['typescript', ...(file.endsWith('.tsx') ? (['jsx'] as const) : [])] });
  const found: string[] = [];
  const flag = (node: Node, text: string) => WORDS.test(text) && !EXAMPLE.test(text) && found.push(`${(node.loc as { start: { line: number } }).start.line}: ${text.trim()}`);

  function visit(node: unknown, parent: Node | null, inJsxExpression: boolean): void {
    if (Array.isArray(node)) return node.forEach((child) => visit(child, parent, inJsxExpression));
    if (!node || typeof node !== 'object' || typeof (node as Node).type !== 'string') return;
    const current = node as Node;
    if (current.type === 'JSXText') flag(current, String(current.value));
    if (current.type === 'JSXAttribute') {
      const name = (current.name as { name: string }).name;
      const value = current.value as Node | null;
      if (SHOWN_ATTRIBUTES.has(name) && value?.type === 'StringLiteral') flag(value, String(value.value));
      if (!SHOWN_ATTRIBUTES.has(name)) return; // class, id, href…: code, not text
    }
    // A string rendered as a child or shown attribute: {cond ? 'Yes' : 'No'}, {'text'}.
    if (inJsxExpression && (current.type === 'StringLiteral' || current.type === 'TemplateLiteral')) {
      // Comparisons and keys are code: {state === 'sent' && …}, {labels['sent']}.
      if (parent?.type !== 'BinaryExpression' && parent?.type !== 'MemberExpression') flag(current, current.type === 'StringLiteral' ? String(current.value) : templateText(current));
    }
    if (current.type === 'ObjectProperty' && SHOWN_KEYS.has(propertyName(current))) {
      const value = current.value as Node;
      if (value.type === 'StringLiteral') flag(value, String(value.value));
      if (value.type === 'TemplateLiteral') flag(value, templateText(value));
    }
    const entersJsx = current.type === 'JSXExpressionContainer';
    const leavesJsx = current.type === 'CallExpression' || current.type === 'ArrowFunctionExpression' || current.type === 'FunctionExpression' || current.type === 'MemberExpression';
    for (const [key, child] of Object.entries(current)) {
      if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue;
      // Inside a call (i18n.t('key'), cx('class')) strings are arguments, not text.
      visit(child, current, entersJsx || (inJsxExpression && !leavesJsx));
    }
  }

  visit(ast.program, null, false);
  return found;
}

function propertyName(property: Node): string {
  const key = property.key as Node;
  return key.type === 'Identifier' ? String(key.name) : key.type === 'StringLiteral' ? String(key.value) : '';
}

function templateText(template: Node): string {
  return (template.quasis as { value: { cooked: string } }[]).map((quasi) => quasi.value.cooked).join(' ');
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

const FILES = ['components', 'entrypoints', 'utils'].flatMap((dir) => sourceFiles(path.resolve(dir)));

describe('no text shown to users bypasses i18n', () => {
  it.each([
    ['JSX text', '<p>Reported</p>', ['1: Reported']],
    ['a shown attribute', '<button aria-label="Close" class="icon-button" />', ['1: Close']],
    ['a string chosen in JSX', '<p>{sent ? "Sent" : i18n.t("x")}</p>', ['1: Sent']],
    ['a notification message', 'browser.notifications.create({ type: "basic", title: "Reported", message: `Incident ${id}` })', ['1: Reported', '1: Incident']],
    ['i18n keys, classes and comparisons', '<p class="status ok" data-state="sent">{i18n.t("report.sent")}{state === "sent" && x}</p>', []],
    ['symbols and numbers', '<p> · {count} – 42 → </p>', []],
    ['example values and option values', '<><input placeholder="https://api.example.com" /><option value="desc">{i18n.t("x")}</option></>', []],
  ])('finds %s', (_name, source, expected) => {
    expect(findShownLiterals(source)).toEqual(expected);
  });

  it.each(FILES.map((file) => [path.relative(process.cwd(), file), file]))('%s', (_name, file) => {
    expect(findShownLiterals(readFileSync(file, 'utf8'), file)).toEqual([]);
  });
});
