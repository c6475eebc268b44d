import {
  CustomerEvent,
  CustomerEventType as T,
  SubmissionEvent,
  SubmissionProgram,
  SubmissionStatus,
} from '../../customer-events';

/** One submission as the ledger decides on it: its program, the points approval pays, where it stands. */
export interface SubmissionEntry {
  program: SubmissionProgram;
  status: SubmissionStatus;
  submittedAt: string;
}

/** The submissions policy's share: the customer's form and survey submissions, by id. */
export interface SubmissionsShare {
  submissions: Readonly<Record<string, SubmissionEntry>>;
}

export const initialSubmissions = (): SubmissionsShare => ({ submissions: {} });

export function evolveSubmissions(
  state: SubmissionsShare,
  event: CustomerEvent,
): Partial<SubmissionsShare> | undefined {
  switch (event.type) {
    case T.SubmissionReceived:
      return {
        submissions: {
          ...state.submissions,
          [event.submissionId]: { program: event.program, status: event.status, submittedAt: event.occurredAt },
        },
      };
    case T.SubmissionApproved:
    case T.SubmissionRejected: {
      const entry = state.submissions[event.submissionId];
      if (!entry) return undefined;
      const status = event.type === T.SubmissionApproved ? 'approved' : 'rejected';
      return { submissions: { ...state.submissions, [event.submissionId]: { ...entry, status } } };
    }
    default:
      return undefined;
  }
}

/**
 * Where the customer's last submission to each program stands, as the storefront shows it (the
 * customer document's `submissionStatus`): the status its latest event gave, by program. The
 * customers projection and the audit verifier both keep it with this function.
 */
export function submissionStatusAfter(
  statuses: Readonly<Record<string, SubmissionStatus>>,
  event: SubmissionEvent,
): Record<string, SubmissionStatus> {
  const [programId, status] =
    event.type === T.SubmissionReceived
      ? [event.program.programId, event.status]
      : [event.programId, event.type === T.SubmissionApproved ? ('approved' as const) : ('rejected' as const)];
  return { ...statuses, [programId]: status };
}

declare module '../../customer-state' {
  interface CustomerShares {
    submissions: SubmissionsShare;
  }
}
