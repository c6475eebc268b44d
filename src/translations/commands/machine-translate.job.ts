import { Inject, Injectable } from '@nestjs/common';
import {
  MACHINE_TRANSLATION,
  MachineTranslation,
} from '../../infrastructure/machine-translation/machine-translation.port';
import { defaultText, hasCatalogueLanguage } from '../catalogue/catalogue';
import { segmentMessage } from '../domain/message-segments';
import { textProblem } from '../domain/messages';
import { JobSpec } from '../domain/translation-events';
import { JobOutcome } from '../domain/translations.decider';

type MachineTranslateSpec = Extract<JobSpec, { kind: 'machine-translate' }>;

/**
 * Translates catalogue texts and program titles into a target locale. Each message goes to the
 * translator as units (placeholders as markers) and comes back only if it is still a valid message
 * with the same placeholders; anything else is reported untranslated. Where the target locale has
 * no catalogue text in its own language, an untranslated text keeps the source text.
 */
@Injectable()
export class MachineTranslateJob {
  constructor(@Inject(MACHINE_TRANSLATION) private readonly translator: MachineTranslation) {}

  async run(spec: MachineTranslateSpec): Promise<JobOutcome> {
    const ownLanguage = hasCatalogueLanguage(spec.target);
    const sourceDefaults = defaultText(spec.source);
    const targetDefaults = defaultText(spec.target);
    const texts: Record<string, string> = {};
    const untranslated: string[] = [];
    const pending: Array<{ key: string; segmented: ReturnType<typeof segmentMessage> }> = [];
    for (const [key, text] of Object.entries(spec.texts)) {
      // Back to the default in the source: the catalogue already has the target's text.
      if (ownLanguage && text === sourceDefaults[key]) texts[key] = targetDefaults[key];
      else pending.push({ key, segmented: segmentMessage(text) });
    }
    const units = pending.flatMap((p) => p.segmented.units);
    const translated = units.length
      ? await this.translator.translate({ texts: units, source: spec.source, target: spec.target, format: 'html' })
      : [];
    let offset = 0;
    for (const { key, segmented } of pending) {
      const answers = translated.slice(offset, offset + segmented.units.length);
      offset += segmented.units.length;
      const rebuilt = answers.every((a) => a !== null) ? segmented.rebuild(answers as string[]) : null;
      if (rebuilt !== null && textProblem(key, rebuilt, spec.target) === null) {
        texts[key] = rebuilt;
      } else {
        untranslated.push(key);
        if (!ownLanguage) texts[key] = spec.texts[key];
      }
    }
    const ids = Object.keys(spec.titles);
    const titleAnswers = ids.length
      ? await this.translator.translate({
          texts: ids.map((id) => spec.titles[id]),
          source: spec.source,
          target: spec.target,
          format: 'text',
        })
      : [];
    const titles: Record<string, string> = {};
    ids.forEach((id, i) => {
      const answer = titleAnswers[i];
      if (answer) titles[id] = answer.trim();
      else untranslated.push(`program:${id}`);
    });
    return { texts, titles, untranslated };
  }
}
