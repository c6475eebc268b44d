import { object, record } from '../../../../shared/http/openapi/schema';

/** The records of the chat routes of the storefront API, as their presenters write them. */

export const CHAT_AUTH_URL = record(
  'ChatAuthUrl',
  object({
    authUrl: {
      type: 'string',
      format: 'uri',
      description: "The chat network's authorization page with this login's single-use state (open it in a popup)",
    },
  }),
);

export const CHAT_LOGIN_RESULT = record(
  'ChatLoginResult',
  object({
    chatLinked: { type: 'boolean', enum: [true] },
    pointsEarned: {
      type: 'integer',
      description: "The follow_oa join-chat program's payment with this link (0: none)",
    },
  }),
);
