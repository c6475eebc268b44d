import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AuditSigningKey, keyIdOf } from '../credentials/audit-signing-key';

/** The service's public key that signs export manifests (PEM), with its key id. */
export class GetAuditPublicKeyQuery {}

@QueryHandler(GetAuditPublicKeyQuery)
export class GetAuditPublicKeyHandler implements IQueryHandler<GetAuditPublicKeyQuery> {
  constructor(private readonly signingKey: AuditSigningKey) {}

  execute(): Promise<{ pem: string; keyId: string }> {
    return Promise.resolve({ pem: this.signingKey.publicKeyPem, keyId: keyIdOf(this.signingKey.publicKey) });
  }
}
