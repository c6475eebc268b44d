import { Inject, Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { because } from '../../shared/domain/domain-error';
import { ShopText } from '../../translations/queries/shop-text';
import { ProgramKind } from '../domain/program-events';
import { ProgramDoc, PROGRAMS } from '../projections/program-read-models';
import { presentProgram, V2Program } from './program.presenter';

/** The programs read model, as the queries of every API family read it. */
@Injectable()
export class ProgramReader {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly text: ShopText,
  ) {}

  /** The shop's programs of one kind, oldest first. */
  async docs(shopId: string, kind: ProgramKind): Promise<ProgramDoc[]> {
    return (await this.readStore.collection<ProgramDoc>(PROGRAMS)).find(
      { shopId, kind },
      { sort: { field: 'createdAt', direction: 'asc' } },
    );
  }

  /** One program of the shop; another shop's is "not found". */
  async find(shopId: string, programId: string): Promise<ProgramDoc> {
    const doc = await (await this.readStore.collection<ProgramDoc>(PROGRAMS)).get(programId);
    if (!doc || doc.shopId !== shopId) throw because.notFound('Program');
    return doc;
  }

  /** v2 Program records, each title in every language of the shop. */
  async present(shopId: string, docs: ProgramDoc[]): Promise<V2Program[]> {
    const titles = await this.text.translateTitles(shopId, docs);
    return docs.map((doc) => presentProgram(doc, titles.get(doc.id)));
  }
}

/** The shop's programs of one kind, as v2 records. */
export class ListProgramsQuery {
  constructor(
    readonly shopId: string,
    readonly kind: ProgramKind,
  ) {}
}

/** One program as a v2 record (404 when unknown or another shop's). */
export class GetProgramQuery {
  constructor(
    readonly shopId: string,
    readonly programId: string,
  ) {}
}

/** The shop's earning programs as stored (the v1 API presents them its own way). */
export class ListEarningProgramDocsQuery {
  constructor(readonly shopId: string) {}
}

@QueryHandler(ListProgramsQuery)
export class ListProgramsHandler implements IQueryHandler<ListProgramsQuery, V2Program[]> {
  constructor(private readonly programs: ProgramReader) {}

  async execute({ shopId, kind }: ListProgramsQuery): Promise<V2Program[]> {
    return this.programs.present(shopId, await this.programs.docs(shopId, kind));
  }
}

@QueryHandler(GetProgramQuery)
export class GetProgramHandler implements IQueryHandler<GetProgramQuery, V2Program> {
  constructor(private readonly programs: ProgramReader) {}

  async execute({ shopId, programId }: GetProgramQuery): Promise<V2Program> {
    const [program] = await this.programs.present(shopId, [await this.programs.find(shopId, programId)]);
    return program;
  }
}

@QueryHandler(ListEarningProgramDocsQuery)
export class ListEarningProgramDocsHandler implements IQueryHandler<ListEarningProgramDocsQuery, ProgramDoc[]> {
  constructor(private readonly programs: ProgramReader) {}

  execute({ shopId }: ListEarningProgramDocsQuery): Promise<ProgramDoc[]> {
    return this.programs.docs(shopId, 'earning');
  }
}
