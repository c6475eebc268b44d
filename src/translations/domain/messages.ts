import { IntlMessageFormat } from 'intl-messageformat';
import { CATALOGUE, SOURCE_LOCALE } from '../catalogue/catalogue';
import { BoundedCache } from '../../shared/bounded-cache';

export type MessageAst = ReturnType<IntlMessageFormat['getAst']>;
export type MessageElement = MessageAst[number];

/** Element kinds of the ICU parser (its TYPE enum). */
export const ELEMENT = {
  literal: 0,
  argument: 1,
  number: 2,
  date: 3,
  time: 4,
  select: 5,
  plural: 6,
  pound: 7,
  tag: 8,
} as const;

/** Markup in shop text is text, never ICU tags (`<b>` needs no value to render). */
export const PARSER_OPTIONS = { ignoreTag: true } as const;

/** Longest text value accepted for one key. */
export const MAX_TEXT_LENGTH = 10_000;

export function parseMessage(message: string, locale = SOURCE_LOCALE): MessageAst {
  return new IntlMessageFormat(message, locale, undefined, { ...PARSER_OPTIONS, captureLocation: true }).getAst();
}

export type ArgumentKind = 'plain' | 'number' | 'date' | 'time' | 'select' | 'plural';

const KIND: Record<number, ArgumentKind> = {
  [ELEMENT.argument]: 'plain',
  [ELEMENT.number]: 'number',
  [ELEMENT.date]: 'date',
  [ELEMENT.time]: 'time',
  [ELEMENT.select]: 'select',
  [ELEMENT.plural]: 'plural',
};

/** The placeholders a message uses and how (`{date, date, medium}` -> date). */
export function messageArguments(ast: MessageAst): Map<string, ArgumentKind> {
  const found = new Map<string, ArgumentKind>();
  const walk = (elements: MessageAst) => {
    for (const element of elements) {
      const kind = KIND[element.type];
      if (kind && 'value' in element) found.set(element.value, kind);
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
      if ('children' in element) walk(element.children);
    }
  };
  walk(ast);
  return found;
}

const sourceArguments = new BoundedCache<string, Map<string, ArgumentKind>>({ max: 10_000 });

/** The placeholders of a key's English message (the contract every translation keeps). */
export function keyArguments(key: string): Map<string, ArgumentKind> {
  let args = sourceArguments.get(key);
  if (!args) {
    args = messageArguments(parseMessage(CATALOGUE[SOURCE_LOCALE][key]));
    sourceArguments.set(key, args);
  }
  return args;
}

const isDateLike = (kind: ArgumentKind | undefined) => kind === 'date' || kind === 'time';

/**
 * Why a text cannot stand for a key (null: it can): it must parse as ICU MessageFormat, use only
 * placeholders the English message has, and keep dates as dates (the caller passes a Date).
 */
export function textProblem(key: string, text: string, locale = SOURCE_LOCALE): string | null {
  if (text.length > MAX_TEXT_LENGTH) return `must be at most ${MAX_TEXT_LENGTH} characters`;
  let args: Map<string, ArgumentKind>;
  try {
    args = messageArguments(parseMessage(text, locale));
  } catch (error) {
    return `is not a valid ICU message (${error instanceof Error ? error.message : String(error)})`;
  }
  const expected = keyArguments(key);
  for (const [name, kind] of args) {
    if (!expected.has(name)) {
      const known = [...expected.keys()].map((n) => `{${n}}`).join(', ') || 'none';
      return `uses {${name}}, which this text does not have (placeholders: ${known})`;
    }
    if (isDateLike(expected.get(name)) !== isDateLike(kind)) return `must keep {${name}} as a date`;
  }
  return null;
}
