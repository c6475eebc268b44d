import { Inject, Injectable, Logger } from '@nestjs/common';
import { EVENT_STORE, EventStore, RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { fromRecorded } from '../../event-sourcing/domain-event';
import { FeedReaction } from '../../projections/feed-reaction';
import { AppConfig } from '../../config/app-config';
import { DomainError } from '../../shared/domain/domain-error';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { ProgramCatalog } from '../../programs/program-catalog';
import { isActive } from '../../programs/domain/order-earning';
import { isMilestoneKind } from '../../programs/kinds/kinds';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { CustomerEvent } from '../customer-events';
import { COUNTED_EVENT_TYPES } from './domain/milestone-counters';
import { ladderOf } from './domain/milestone-programs';

/** Its checkpoint's name (carried over by `loyalty migrate events`). */
export const MILESTONES_REACHED_CHECKPOINT = 'milestones_reached';
const COUNTED: ReadonlySet<string> = new Set(COUNTED_EVENT_TYPES);

/**
 * Records the milestone steps customers reach (milestone.step-reached.v1): a FeedReaction that, after each event moving a counter of a customer of a shop with
 * active milestone ladders, asks the customer's stream to record the steps reached and not yet
 * recorded (a command decided under the stream's expected revision: a step is recorded once, whatever
 * the processes running this reader). A claim records its step's reaching itself when this reader
 * has not yet.
 */
@Injectable()
export class MilestoneReachedRecorder extends FeedReaction {
  protected readonly logger = new Logger('MilestoneReachedRecorder');
  protected readonly checkpointName = MILESTONES_REACHED_CHECKPOINT;
  protected readonly types = COUNTED;

  constructor(
    @Inject(EVENT_STORE) eventStore: EventStore,
    private readonly commands: CustomerStreamCommands,
    private readonly catalog: ProgramCatalog,
    @Inject(CLOCK) private readonly clock: Clock,
    config: AppConfig,
  ) {
    super(eventStore, 'Milestones reached', () => config.projectionPollMs);
  }

  protected react(recorded: RecordedEvent): Promise<void> {
    return this.record(fromRecorded<CustomerEvent>(recorded));
  }

  private async record(event: CustomerEvent): Promise<void> {
    const at = this.clock.now().toISOString();
    const ladders = (await this.catalog.forShop(event.shopId))
      .filter((p) => p.kind === 'earning' && isMilestoneKind(p.event) && isActive(p, at))
      .map(ladderOf)
      .filter((l) => l.steps.length > 0);
    if (ladders.length === 0) return;
    try {
      await this.commands.run(event.shopId, event.customerId, (meta) => ({
        type: 'RecordMilestonesReached',
        meta,
        ladders,
      }));
    } catch (error) {
      // Only an outage is worth waiting for; a refused decision must not hold back every later one.
      if (!(error instanceof DomainError) || error.status >= 500) throw error;
      this.logger.error(`Milestones reached by ${event.customerId} were not recorded: ${error.message}`);
    }
  }
}
