import { INestApplicationContext } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { because } from '../../shared/domain/domain-error';
import { CreateAuditKeyCommand } from '../commands/create-audit-key.handler';
import { RevokeAuditKeyCommand } from '../commands/revoke-audit-key.handler';
import { ListAuditKeysQuery } from '../queries/list-audit-keys.query';

/** `loyalty audit-key create|list|revoke --shop <id> [--label <text>] [--key <keyId>]`: one JSON answer. */
export async function auditKeyCommand(app: INestApplicationContext, action: string, options: Record<string, string>) {
  if (!options.shop) throw because.badRequest('--shop is required');
  let answer: unknown;
  if (action === 'create') {
    answer = await app.get(CommandBus).execute(new CreateAuditKeyCommand(options.shop, options.label ?? null));
  } else if (action === 'list') {
    answer = await app.get(QueryBus).execute(new ListAuditKeysQuery(options.shop));
  } else {
    if (!options.key) throw because.badRequest('--key is required');
    answer = await app.get(CommandBus).execute(new RevokeAuditKeyCommand(options.shop, options.key));
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
  return 0;
}
