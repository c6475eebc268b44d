import { CustomerPolicy, whenEnrolled } from '../customer-policy';
import { CustomerEventType as T } from '../customer-event-types';
import { decideEnrolCustomer, decideProfileUpdate, EnrolmentCommand } from './enrolment.decisions';
import { EnrolmentShare, evolveEnrolment, initialEnrolment } from './enrolment.state';

/** What each event type the policy reads does to its share: the keys are the events it reads. */
// The event types this policy reads (the table's keys), and what each does to its share.
const evolve = {
  [T.Enrolled]: evolveEnrolment,
  [T.ProfileUpdated]: evolveEnrolment,
  [T.PersonalDataErased]: evolveEnrolment,
};

/** Who the customer is: enrolment (the one decision about a customer not enrolled yet) and profile changes. */
export const enrolmentPolicy: CustomerPolicy<EnrolmentShare, EnrolmentCommand, keyof typeof evolve> = {
  name: 'enrolment',
  initial: initialEnrolment,
  evolve,
  decide: {
    EnrolCustomer: decideEnrolCustomer,
    UpdateProfile: whenEnrolled(decideProfileUpdate),
  },
};
