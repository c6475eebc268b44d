import { isTextKey } from '../catalogue/catalogue';
import { keyArguments } from './messages';
import { MachineText } from './translation-events';
import { mergedText, ShopTextSource } from './translation-text';

/** What a program title is rendered from (spec 2.9 Program: title, translateTitle). */
export interface TitledProgram {
  id: string;
  event: string;
  title: string;
  translateTitle: Record<string, string>;
}

export interface TitleSource extends ShopTextSource {
  programTitles: Readonly<Record<string, Readonly<Record<string, MachineText>>>>;
}

/**
 * A program's title in a locale: the merchant's `translateTitle` for it; else a machine translation
 * made from the title the program still has; else, when the merchant kept the catalogue's default
 * title for the event, the catalogue's (or their own) text of that key; else the title as written.
 */
export function programTitleIn(text: TitleSource, program: TitledProgram, locale: string): string {
  const given = program.translateTitle?.[locale];
  if (typeof given === 'string' && given.trim()) return given;
  const primary = text.config.primaryLanguage;
  const title = (program.translateTitle?.[primary] || program.title).trim();
  if (locale === primary) return title;
  const current = new Set([program.title.trim(), ...Object.values(program.translateTitle ?? {}).map((t) => t.trim())]);
  const machine = text.programTitles[program.id]?.[locale];
  if (machine && current.has(machine.source)) return machine.text;
  const key = `program.title.${program.event}`;
  if (isTextKey(key) && keyArguments(key).size === 0 && mergedText(text, primary)[key] === title) {
    return mergedText(text, locale)[key];
  }
  // Merchant text no one translated yet reads in the shop's primary language.
  return title;
}
