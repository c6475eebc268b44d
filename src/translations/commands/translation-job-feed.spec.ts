import { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { TranslationEventType as T } from '../domain/translation-events';
import { textChangesOf, withoutLastAppend } from './translation-job-feed';

/** Events as the feed gives them: `commit` is the append (transaction) they were written in. */
function feed(rows: Array<[type: string, streamId: string, commit: number, occurredAt?: string]>): RecordedEvent[] {
  return rows.map(([type, streamId, commit, occurredAt = 't1'], i) => ({
    id: `e${i + 1}`,
    streamId,
    revision: BigInt(i),
    position: { commit: BigInt(commit), prepare: BigInt(i + 1) },
    type,
    data: { type, eventId: `e${i + 1}`, occurredAt, shopId: streamId.slice('translations-'.length) },
    metadata: {},
    recordedAt: new Date(0),
  }));
}

describe('the text changes the translation job feed reads', () => {
  it("one change per command: a replace's events together, other events alone, other streams' events skipped", () => {
    const changes = textChangesOf(
      feed([
        [T.ConfigSet, 'translations-s1', 1],
        [T.TextReplaced, 'translations-s1', 1],
        [T.TextReplaced, 'translations-s1', 1],
        ['points.awarded.v1', 'customer-s1_c1', 1],
        // Two commands queued on one stream, written in one append: a second replace, a language added.
        [T.TextReplaced, 'translations-s2', 2, 't1'],
        [T.ConfigSet, 'translations-s2', 2, 't1'],
        [T.LanguageAdded, 'translations-s2', 2, 't1'],
        [T.LanguageAdded, 'translations-s2', 2, 't1'],
        [T.TextReplaced, 'translations-s2', 2, 't2'],
      ]),
    );
    expect(changes.map((c) => [c.shopId, c.events.map((e) => e.type), c.lastEventId])).toEqual([
      ['s1', [T.ConfigSet, T.TextReplaced, T.TextReplaced], 'e3'],
      ['s2', [T.TextReplaced], 'e5'],
      ['s2', [T.ConfigSet], 'e6'],
      ['s2', [T.LanguageAdded], 'e7'],
      ['s2', [T.LanguageAdded], 'e8'],
      ['s2', [T.TextReplaced], 'e9'],
    ]);
  });

  it('a full page that ends inside an append leaves that append for the next page', () => {
    const page = feed([
      [T.ConfigSet, 'translations-s1', 1],
      [T.ConfigSet, 'translations-s2', 2],
      [T.TextReplaced, 'translations-s2', 2],
    ]);
    expect(withoutLastAppend(page).map((e) => e.id)).toEqual(['e1']);
    // A page that is one append only is read whole (it cannot be split further).
    expect(withoutLastAppend(page.slice(1)).map((e) => e.id)).toEqual(['e2', 'e3']);
  });
});
