import { AppConfig } from './app-config';

/**
 * What `loyalty config check` points out about a configuration the service accepts but that leaves
 * something off (a wrong value is a ConfigError instead, and the check fails).
 */
export function configWarnings(config: AppConfig): string[] {
  const warnings: string[] = [];
  if (config.chat.callbackUrl === null)
    warnings.push(
      'CHAT_CALLBACK_URL is unset (NODE_ENV=production): no shop can connect the chat login (400 CHAT_NOT_CONNECTED) until it is set to this service’s public https callback',
    );
  return warnings;
}
