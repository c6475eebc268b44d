import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ConsoleSessions } from './console-sessions';

export class SignOutCommand {
  constructor(readonly token: string) {}
}

/** Ends the session on the server: its cookie is refused from now on, on every process. */
@CommandHandler(SignOutCommand)
export class SignOutHandler implements ICommandHandler<SignOutCommand, void> {
  constructor(private readonly sessions: ConsoleSessions) {}

  async execute({ token }: SignOutCommand): Promise<void> {
    await this.sessions.end(token);
  }
}
