import { CONFIG_VARIABLES, ConfigVariable } from './config-variables';

export const TABLE_START =
  '<!-- configuration: generated from src/config/config-variables.ts by npm run config:docs -->';
export const TABLE_END = '<!-- configuration: end -->';

/** The configuration reference as a Markdown table (between the markers in docs/configuration.md). */
export function configurationTable(variables: readonly ConfigVariable[] = CONFIG_VARIABLES): string {
  const rows = variables.map((v) => `| \`${v.name}\` | ${v.default} | ${v.meaning} |`);
  return [TABLE_START, '', '| Variable | Default | Meaning |', '|---|---|---|', ...rows, '', TABLE_END].join('\n');
}

const plain = (markdown: string) => markdown.replace(/`/g, '');

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return line ? [...lines, line] : lines;
}

/** A literal default (`3000`) is shown as the commented value; anything else only in the comment. */
function exampleValue(v: ConfigVariable): string {
  const literal = /^`([^`]*)`(?: \(off\))?$/.exec(v.default);
  return literal ? literal[1] : '';
}

/** `.env.example`: every variable, commented out at its default, with what it means. */
export function envExample(variables: readonly ConfigVariable[] = CONFIG_VARIABLES): string {
  const header = [
    '# The loyalty service reads these environment variables (generated from',
    '# src/config/config-variables.ts by `npm run config:docs`; do not edit by hand).',
    '# Copy to .env for docker compose, or export them. A value that fails its check stops the start.',
  ];
  const blocks = variables.map((v) => [
    ...wrap(`${plain(v.meaning)} (default: ${plain(v.default)})`, 98).map((l) => `# ${l}`),
    `# ${v.name}=${exampleValue(v)}`,
  ]);
  return [...header, ...blocks.flatMap((b) => ['', ...b])].join('\n') + '\n';
}
