import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { PROGRAM_KINDS } from '../../programs/kinds/kinds';
import { KindDescriptor } from '../../programs/kinds/kind';

/** A field of the program form: `path` is where its value goes in the management API's body. */
export interface KindField {
  path: string;
  label: string;
  input: 'text' | 'number' | 'checkbox';
  required: boolean;
}

export interface ProgramKindForm {
  name: string;
  family: 'earning' | 'spending';
  fields: KindField[];
}

const TITLE: KindField = { path: 'title', label: 'Title', input: 'text', required: true };

/** The fields a kind's settings schema reads, as its descriptor says (the API checks everything else). */
function fieldsOf(kind: KindDescriptor): KindField[] {
  if (kind.family === 'spending')
    return [
      TITLE,
      { path: 'spending.pointsCost', label: 'Points cost', input: 'number', required: true },
      { path: 'spending.rewardValue', label: 'Reward value', input: 'number', required: false },
    ];
  const fields: KindField[] = [TITLE, { path: 'earnPoint', label: 'Points', input: 'number', required: false }];
  if (kind.network !== null) fields.push({ path: 'urlAccount', label: 'Account URL', input: 'text', required: false });
  if (kind.submission?.form)
    fields.push(
      { path: 'form.autoApprove', label: 'Approve automatically', input: 'checkbox', required: false },
      { path: 'form.requireImage', label: 'Require an image', input: 'checkbox', required: false },
    );
  return fields;
}

export class ListProgramKindsQuery {}

/** The kinds a merchant may create, each with the form fields its descriptor's schema reads. */
@QueryHandler(ListProgramKindsQuery)
export class ListProgramKindsHandler implements IQueryHandler<ListProgramKindsQuery, ProgramKindForm[]> {
  execute(): Promise<ProgramKindForm[]> {
    const kinds = Object.values(PROGRAM_KINDS) as KindDescriptor[];
    return Promise.resolve(kinds.map((kind) => ({ name: kind.name, family: kind.family, fields: fieldsOf(kind) })));
  }
}
