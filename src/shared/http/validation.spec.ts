import { ArgumentMetadata } from '@nestjs/common';
import { IsArray, IsOptional, IsString, Length } from 'class-validator';
import { DomainError } from '../domain/domain-error';
import { validationPipe } from './validation';

class OptionalQuery {
  @IsOptional()
  @IsString()
  asOf?: string;

  @IsOptional()
  @IsArray()
  tags: string[] = [];

  undecorated = 'dropped by the whitelist';
}

class RequiredQuery {
  @IsString()
  @Length(1, 5)
  code!: string;
}

const query = (metatype: new () => object): ArgumentMetadata => ({ type: 'query', metatype, data: undefined });

/** The edge pipe answers an empty query (or body) exactly as a full validation would, every time. */
describe('validationPipe with empty input', () => {
  it('an empty query of a DTO without required fields becomes a fresh instance of the DTO, each time', async () => {
    const pipe = validationPipe();
    const first = (await pipe.transform(Object.create(null), query(OptionalQuery))) as OptionalQuery;
    expect(first).toBeInstanceOf(OptionalQuery);
    expect({ ...first }).toEqual({ tags: [] });
    first.tags.push('mutated');
    first.asOf = 'changed';
    const second = (await pipe.transform({}, query(OptionalQuery))) as OptionalQuery;
    expect(second).toBeInstanceOf(OptionalQuery);
    expect(second).not.toBe(first);
    expect({ ...second }).toEqual({ tags: [] });
  });

  it('an empty query of a DTO with a required field is refused the same way the first time and later', async () => {
    const pipe = validationPipe();
    for (let i = 0; i < 3; i++) {
      const refusal = await pipe.transform({}, query(RequiredQuery)).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(DomainError);
      expect(refusal).toMatchObject({ code: 'BAD_REQUEST', message: 'code is required' });
    }
  });

  it('input with fields is validated in full, before and after empty ones', async () => {
    const pipe = validationPipe();
    await pipe.transform({}, query(RequiredQuery)).catch(() => undefined);
    expect(await pipe.transform({ code: 'abc', extra: 'dropped' }, query(RequiredQuery))).toEqual(
      Object.assign(new RequiredQuery(), { code: 'abc' }),
    );
    await expect(pipe.transform({ code: 'toolong' }, query(RequiredQuery))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(pipe.transform({ asOf: 5 }, query(OptionalQuery))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
