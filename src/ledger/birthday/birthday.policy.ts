import { birthdayRewardMessages } from './birthday.webhooks';
import { CustomerPolicy, whenEnrolled } from '../customer-policy';
import { CustomerEventType as T } from '../customer-event-types';
import { ChooseBirthdayRewards, decideBirthdayChoice } from './birthday-choice.decisions';
import { decideBirthday, SetBirthday } from './birthday.decisions';
import { BirthdayShare, evolveBirthday, initialBirthday } from './birthday.state';

// The event types this policy reads (the table's keys), and what each does to its share.
const evolve = {
  [T.BirthdaySet]: evolveBirthday,
  [T.PersonalDataErased]: evolveBirthday,
};

/** The customer's birthday (write-once) and the choice of their birthday rewards. */
export const birthdayPolicy: CustomerPolicy<BirthdayShare, SetBirthday | ChooseBirthdayRewards, keyof typeof evolve> = {
  name: 'birthday',
  initial: initialBirthday,
  evolve,
  decide: {
    SetBirthday: whenEnrolled(decideBirthday),
    ChooseBirthdayRewards: whenEnrolled(decideBirthdayChoice),
  },
  // Before the award's points/earned (this policy comes before the points policy in the tuple).
  webhooks: { [T.PointsAwarded]: birthdayRewardMessages },
};
