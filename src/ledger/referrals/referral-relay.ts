import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  EVENT_STORE,
  EventStore,
  GlobalPosition,
  RecordedEvent,
} from '../../infrastructure/event-store/event-store.port';
import { fromRecorded } from '../../event-sourcing/domain-event';
import { PollingLoop } from '../../shared/polling-loop';
import { DomainError } from '../../shared/domain/domain-error';
import { AppConfig } from '../../config/app-config';
import {
  CustomerEnrolled,
  CustomerEventType as T,
  ReferralAttributed,
  ReferralDisqualified,
  ReferralQualified,
  ReferralRefundAfterReward,
  ReferralRefused,
  ReferralRewardEarned,
} from '../events/customer-events';
import { ReferralClaimEvent, ReferralClaimEventType as C } from './referral-claim.decider';
import { ReferralSteps } from './referral-steps';

/** Its checkpoint's name. */
export const REFERRAL_RELAY_CHECKPOINT = 'referral_relay';
const BATCH = 1000;

/**
 * Carries a referral from one stream to the next (ReferralSteps): a reader of the global feed with
 * its own checkpoint, as the tier reward coupons' reader, so a slow or failing commerce platform holds
 * back only referrals, never the read models. It advances past an event only once its step is
 * recorded: an outage of the platform retries from there; a refused step is logged and passed (it
 * must not hold back every later referral). Every step is idempotent, so several processes may run it.
 */
@Injectable()
export class ReferralRelay {
  private readonly logger = new Logger('ReferralRelay');
  private checkpoint: GlobalPosition | null = null;
  /** Whether the checkpoint was ever stored (see `firstStep`). */
  private started = false;
  private readonly loop: PollingLoop;
  private readonly steps: Record<string, (recorded: RecordedEvent) => Promise<void>>;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    steps: ReferralSteps,
    config: AppConfig,
  ) {
    this.loop = new PollingLoop({
      what: 'Referral relay step',
      logger: this.logger,
      work: () => this.step(),
      pageSize: BATCH,
      idlePauseMs: () => Math.max(config.projectionPollMs, 1000),
    });
    this.steps = {
      [C.Claimed]: (r) => steps.claimDecided(fromRecorded<ReferralClaimEvent>(r)),
      [C.Refused]: (r) => steps.claimDecided(fromRecorded<ReferralClaimEvent>(r)),
      [T.Enrolled]: (r) => steps.customerEnrolled(fromRecorded<CustomerEnrolled>(r)),
      [T.ReferralAttributed]: (r) => steps.attributed(fromRecorded<ReferralAttributed>(r)),
      [T.ReferralRefused]: (r) => steps.refused(fromRecorded<ReferralRefused>(r)),
      [T.ReferralQualified]: (r) => steps.qualified(fromRecorded<ReferralQualified>(r)),
      [T.ReferralDisqualified]: (r) => steps.disqualified(fromRecorded<ReferralDisqualified>(r)),
      [T.ReferralRewardEarned]: (r) => steps.rewardEarned(fromRecorded<ReferralRewardEarned>(r)),
      [T.ReferralRefundAfterReward]: (r) => steps.refundAfterReward(fromRecorded<ReferralRefundAfterReward>(r)),
    };
  }

  async start(): Promise<void> {
    this.checkpoint = await this.eventStore.readCheckpoint(REFERRAL_RELAY_CHECKPOINT);
    this.started = this.checkpoint !== null;
    // Before the service takes requests, when the store answers (else the loop's first step does it).
    if (!this.started) await this.firstStep().catch(() => undefined);
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /**
   * The first run goes on from the log's head: events written before referrals existed hold no
   * referral (and reading every enrolment of an old log for claims would be a long, useless pass).
   * Done at start; a store out of reach then is retried by the loop like any step.
   */
  private async firstStep(): Promise<void> {
    this.checkpoint = await this.eventStore.headPosition();
    if (this.checkpoint) await this.eventStore.storeCheckpoint(REFERRAL_RELAY_CHECKPOINT, this.checkpoint);
    this.started = true;
  }

  /** Carries what the feed holds now; returns how many events were read. */
  async step(): Promise<number> {
    if (!this.started) await this.firstStep();
    const events = await this.eventStore.readAll({ after: this.checkpoint, limit: BATCH });
    for (const recorded of events) {
      const step = Object.prototype.hasOwnProperty.call(this.steps, recorded.type) ? this.steps[recorded.type] : null;
      if (step) await this.carry(step, recorded);
      this.checkpoint = recorded.position;
    }
    if (events.length > 0) await this.eventStore.storeCheckpoint(REFERRAL_RELAY_CHECKPOINT, this.checkpoint);
    return events.length;
  }

  private async carry(step: (recorded: RecordedEvent) => Promise<void>, recorded: RecordedEvent): Promise<void> {
    try {
      await step(recorded);
    } catch (error) {
      // Only an outage is worth waiting for (the checkpoint stays before this event).
      if (!(error instanceof DomainError) || error.code === 'PLATFORM_UNAVAILABLE' || error.status >= 500) throw error;
      this.logger.error(`Referral step for ${recorded.type} ${recorded.id} was refused: ${error.message}`);
    }
  }
}
