import { ProgramEvent, ProgramEventType as T, programStreamId } from '../domain/program-events';
import { defaultSettings, evolvePrograms } from '../domain/programs.decider';
import { ProgramSettings } from '../domain/program-events';
import { spendingRules } from '../kinds/spending-rules';
import { storedSpending } from '../kinds/spending-wire';
import { rewardOf } from '../kinds/spending-rule';
import { ProgramCatalog } from '../program-catalog';
import { ProgramDoc, PROGRAMS } from './program-read-models';
import { ProgramViewProjection } from './program-view.projection';
import { januaryEvents, onStream, projectionSpec, projectionStore } from '../../../test/support/projection-spec';

/** The programs read model, each event delivered twice (see projectionSpec). */
describe('program view projection', () => {
  const readStore = projectionStore();
  const { at, head } = januaryEvents('programId');
  const programEvents = (...events: ProgramEvent[]) => onStream(programStreamId('s1'), events);
  const signUp = { ...defaultSettings('sign_up', 'Welcome'), earnPoint: 50 };

  it('programs are numbered in their shop by their place in its log; an update changes only its fields', async () => {
    const catalog = new ProgramCatalog(readStore());
    const invalidate = jest.spyOn(catalog, 'invalidate');
    const spec = projectionSpec(new ProgramViewProjection(catalog), readStore());
    await spec.given(
      programEvents(
        { ...head('p1', 'e1', 1), type: T.Created, kind: 'earning', event: 'sign_up', settings: signUp },
        {
          ...head('p2', 'e2', 2),
          type: T.Created,
          kind: 'earning',
          event: 'place_order',
          settings: defaultSettings('place_order', 'Orders'),
        },
      ),
    );
    await spec.when(
      programEvents(
        { ...head('p1', 'e3', 3), type: T.Updated, changes: { status: false, earnPoint: 75 } },
        { ...head('p2', 'e4', 4), type: T.Deleted },
      ),
    );
    expect(await spec.all<ProgramDoc>(PROGRAMS)).toEqual([
      {
        ...signUp,
        status: false,
        earnPoint: 75,
        id: 'p1',
        shopId: 's1',
        kind: 'earning',
        event: 'sign_up',
        numericId: 1,
        createdAt: at(1),
        updatedAt: at(3),
        streamRevision: '2',
      },
    ]);
    expect(invalidate).toHaveBeenCalledWith('s1');
  });

  it('a reward recorded in the old shape (as the merchant sent it) is read as the typed rule, as the decider reads it', async () => {
    const catalog = new ProgramCatalog(readStore());
    const spec = projectionSpec(new ProgramViewProjection(catalog), readStore());
    const oldShape = { pointsCost: 100, rewardValue: 5, limitRedeem: 2 } as unknown as ProgramSettings['spending'];
    const created = {
      ...head('p3', 'e5', 1),
      type: T.Created,
      kind: 'spending',
      event: 'amount_discount',
      settings: { ...defaultSettings('amount_discount', 'Five off'), spending: oldShape },
    } as const;
    const updated = {
      ...head('p3', 'e6', 2),
      type: T.Updated,
      changes: { spending: { pointsCost: 200, rewardValue: 10 } as unknown as ProgramSettings['spending'] },
    } as const;
    await spec.when(programEvents(created, updated));
    const typed = storedSpending(spendingRules({ pointsCost: 200, rewardValue: 10 }, 'amount_discount'));
    const doc = (await spec.all<ProgramDoc>(PROGRAMS)).find((d) => d.id === 'p3')!;
    expect(doc.spending).toEqual(typed);
    const state = [created, updated].reduce(evolvePrograms, { programs: {} });
    expect(state.programs.p3.settings.spending).toEqual(typed);
    expect(rewardOf(doc.spending)).toEqual(spendingRules({ pointsCost: 200, rewardValue: 10 }, 'amount_discount'));
  });
});
