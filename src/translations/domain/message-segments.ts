import { ELEMENT, MessageAst, MessageElement, messageArguments, parseMessage } from './messages';

/**
 * A message cut into plain-text units for a machine translator. ICU syntax would not survive a
 * translator, so placeholders become `<x id="n"/>` markers (sent as HTML, which translators keep)
 * and every plural/select branch becomes a unit of its own. `rebuild` puts translated units back
 * into the message's structure, or answers null when a unit lost or invented a marker, or the
 * result is not a valid message with the same placeholders.
 */
export interface SegmentedMessage {
  /** Units to translate (HTML: text escaped, placeholders as markers). */
  units: string[];
  rebuild(translated: readonly string[]): string | null;
}

/** Part of a message: text written by people (a run) with the structure around it. */
interface Run {
  /** The unit text, or null when the run has nothing to translate (only placeholders, spaces). */
  unit: string | null;
  /** Index into `units`, when the run is sent. */
  index: number;
  /** Printers of the run's placeholders, by marker id. */
  markers: RunPrinter[];
  /** Inside a plural branch, where `#` is the number. */
  inPlural: boolean;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unescapeHtml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&#x27;|&apos;/g, "'")
    .replace(/&nbsp;|&#160;/g, '\u00a0')
    .replace(/&amp;/g, '&');

/** Literal text as ICU: apostrophes doubled, braces (and `#` inside plurals) quoted. */
const escapeIcu = (s: string, inPlural: boolean) =>
  s.replace(/'/g, "''").replace(inPlural ? /[{}#]/g : /[{}]/g, (c) => `'${c}'`);

const MARKER = /<x\s+id="(\d+)"\s*\/?>(?:\s*<\/x>)?/g;

type RunPrinter = (translatedRuns: Map<Run, string>) => string;

/** The printer of one non-literal element: a plural/select with its branches built as runs, `#`, or its source. */
function elementPrinter(
  element: MessageElement,
  build: (elements: MessageAst, inPlural: boolean) => RunPrinter,
  source: (element: MessageElement) => string,
): RunPrinter {
  if (element.type === ELEMENT.plural || element.type === ELEMENT.select) {
    const keyword =
      element.type === ELEMENT.select ? 'select' : element.pluralType === 'ordinal' ? 'selectordinal' : 'plural';
    const offset = element.type === ELEMENT.plural && element.offset ? ` offset:${element.offset}` : '';
    const branches = Object.entries(element.options).map(
      ([selector, option]) => [selector, build(option.value, element.type === ELEMENT.plural)] as const,
    );
    return (t) =>
      `{${element.value}, ${keyword},${offset} ${branches.map(([selector, print]) => `${selector} {${print(t)}}`).join(' ')}}`;
  }
  if (element.type === ELEMENT.pound) return () => '#';
  const text = source(element);
  return () => text;
}

/** A run's translation as an ICU template (markers as \uE000n\uE000), or null when it lost or invented a marker. */
function translatedRun(run: Run, text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const seen: number[] = [];
  const template = text.replace(MARKER, (_, id: string) => {
    seen.push(Number(id));
    return `\uE001${id}\uE001`;
  });
  // Every marker exactly once: a dropped or doubled placeholder is not a translation.
  if (seen.length !== run.markers.length || new Set(seen).size !== seen.length) return null;
  if (seen.some((id) => id >= run.markers.length)) return null;
  if (/<\/?x[\s>/]/.test(template)) return null;
  const parts = template.split(/\uE001(\d+)\uE001/);
  let printed = '';
  parts.forEach((part, i) => {
    printed += i % 2 === 0 ? escapeIcu(unescapeHtml(part), run.inPlural) : `\uE000${part}\uE000`;
  });
  return printed;
}

export function segmentMessage(message: string): SegmentedMessage {
  const ast = parseMessage(message);
  const units: string[] = [];
  const runs: Run[] = [];

  const source = (element: MessageElement) =>
    element.location ? message.slice(element.location.start.offset, element.location.end.offset) : '';

  /** Builds a run from a list of elements; returns a printer of the run for a translation map. */
  const build = (elements: MessageAst, inPlural: boolean): RunPrinter => {
    const run: Run = { unit: null, index: -1, markers: [], inPlural };
    let unit = '';
    let printedSource = '';
    for (const element of elements) {
      if (element.type === ELEMENT.literal) {
        unit += escapeHtml(element.value);
        printedSource += escapeIcu(element.value, inPlural);
        continue;
      }
      const printer = elementPrinter(element, build, source);
      unit += `<x id="${run.markers.length}"/>`;
      printedSource += `\uE000${run.markers.length}\uE000`;
      run.markers.push(printer);
    }
    // Only runs with words are sent: "{points}" or " - " need no translator.
    if (/\p{L}/u.test(unit.replace(MARKER, ''))) {
      run.unit = unit;
      run.index = units.length;
      units.push(unit);
    }
    runs.push(run);
    const fill = (template: string, t: Map<Run, string>) =>
      template.replace(/\uE000(\d+)\uE000/g, (_, i: string) => run.markers[Number(i)](t));
    return (t) => fill(t.get(run) ?? printedSource, t);
  };

  const print = build(ast, false);
  const expected = messageArguments(ast);

  return {
    units,
    rebuild(translated) {
      const t = new Map<Run, string>();
      for (const run of runs) {
        if (run.unit === null) continue;
        const printed = translatedRun(run, translated[run.index]);
        if (printed === null) return null;
        t.set(run, printed);
      }
      const result = print(t);
      try {
        const args = messageArguments(parseMessage(result));
        if ([...args.keys()].some((name) => !expected.has(name))) return null;
      } catch {
        return null;
      }
      return result;
    },
  };
}
