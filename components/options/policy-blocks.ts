/** A block of the privacy policy as the About section shows it. */
export type PolicyBlock = { kind: 'heading'; level: 1 | 2; text: string } | { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

/** One list item or paragraph from its source lines: Markdown's line breaks inside a block are spaces. */
const joined = (lines: string[]) => lines.map((line) => line.trim()).join(' ');

/** A block of lines that starts with "- ": one item per "- ", its indented lines continuing it. */
function listItems(lines: string[]): string[] {
  const items: string[][] = [];
  for (const line of lines) {
    if (line.startsWith('- ')) items.push([line.slice(2)]);
    else items.at(-1)?.push(line);
  }
  return items.map(joined);
}

/**
 * The policy's Markdown (docs/privacy.md, written in headings, paragraphs and
 * lists only) as blocks the page renders as text: the page shows the policy
 * shipped with the code it describes, and renders no HTML from it.
 */
export function policyBlocks(markdown: string): PolicyBlock[] {
  return markdown
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').filter((line) => line.trim() !== ''))
    .filter((lines) => lines.length > 0)
    .map((lines): PolicyBlock => {
      const heading = /^(#{1,2}) (.*)$/.exec(lines[0]!);
      if (heading) return { kind: 'heading', level: heading[1]!.length as 1 | 2, text: heading[2]! };
      if (lines[0]!.startsWith('- ')) return { kind: 'list', items: listItems(lines) };
      return { kind: 'paragraph', text: joined(lines) };
    });
}

/** A line's text with its `code` spans apart, as [text, code, text, …]. */
export function codeSpans(text: string): { text: string; code: boolean }[] {
  return text.split('`').map((part, index) => ({ text: part, code: index % 2 === 1 }));
}
