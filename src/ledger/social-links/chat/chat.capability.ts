import { Capability } from '../../../capability';
import { AppConfig } from '../../../config/app-config';
import { CHAT_NETWORK } from '../../../infrastructure/chat-network/chat-network.port';
import { HttpChatNetwork } from '../../../infrastructure/chat-network/http-chat-network.adapter';
import { ChatChannels } from './chat-channels';
import { ChatUserRefs } from './chat-user-refs';
import { ChatUsersProjection } from './read/chat-users.projection';
import { StartChatLoginHandler } from './start-chat-login.handler';
import { CompleteChatLoginHandler } from './complete-chat-login.handler';
import { ReceiveChatNotificationHandler } from './receive-chat-notification.handler';
import { ChatLoginController } from './http/chat-login.controller';
import { ChatCallbackController } from './http/chat-callback.controller';
import { ChatNotificationsController } from './http/chat-notifications.controller';
import { ChatConnectionController } from './http/chat-connection.controller';
import { SetChatConnectionHandler } from './set-chat-connection.handler';

/**
 * The chat login (docs/chat-login.md): the customer's OAuth 2.0 authorization-code login to the chat
 * network (auth-url, the public callback), and the channel's follow notifications.
 */
export const CHAT_LOGIN_CAPABILITY: Capability = {
  providers: [
    {
      provide: CHAT_NETWORK,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => new HttpChatNetwork(config.chat),
    },
    ChatChannels,
    ChatUserRefs,
    StartChatLoginHandler,
    CompleteChatLoginHandler,
    ReceiveChatNotificationHandler,
    SetChatConnectionHandler,
  ],
  projections: [ChatUsersProjection],
  controllers: [ChatLoginController, ChatCallbackController, ChatNotificationsController, ChatConnectionController],
};
