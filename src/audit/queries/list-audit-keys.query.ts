import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { because } from '../../shared/domain/domain-error';
import { ShopDirectory } from '../../shops/shop-directory';
import { AuditKeys, presentAuditKey } from '../credentials/audit-keys';

export class ListAuditKeysQuery {
  constructor(readonly shopId: string) {}
}

/** A shop's audit keys, oldest first, revoked ones included (with when). */
@QueryHandler(ListAuditKeysQuery)
export class ListAuditKeysHandler implements IQueryHandler<ListAuditKeysQuery> {
  constructor(
    private readonly keys: AuditKeys,
    private readonly shops: ShopDirectory,
  ) {}

  async execute({ shopId }: ListAuditKeysQuery) {
    if (!(await this.shops.byId(shopId))) throw because.notFound('Shop');
    const docs = await (
      await this.keys.collection()
    ).find({ shopId }, { sort: { field: 'createdAt', direction: 'asc' } });
    return docs.map(presentAuditKey);
  }
}
