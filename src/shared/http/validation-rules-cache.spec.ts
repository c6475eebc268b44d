import { getMetadataStorage, IsInt, IsString, Max, validateSync } from 'class-validator';
import { cacheValidationRules } from './validation-rules-cache';

class Base {
  @IsString({ always: true })
  name!: unknown;
}

class Award extends Base {
  @IsInt()
  @Max(10, { groups: ['strict'] })
  point!: unknown;
}

const award = (fields: Record<string, unknown>) => Object.assign(new Award(), fields);
const failing = (object: object, groups?: string[]) =>
  validateSync(object, { groups })
    .map(
      (e) =>
        `${e.property}:${Object.keys(e.constraints ?? {})
          .sort()
          .join(',')}`,
    )
    .sort();

describe('kept validation rules', () => {
  beforeAll(() => cacheValidationRules());

  it('given a class with own and inherited rules, when validated twice, then both times every rule applies', () => {
    expect(failing(award({ name: 1, point: 'x' }))).toEqual(['name:isString', 'point:isInt,max']);
    expect(failing(award({ name: 1, point: 'x' }))).toEqual(['name:isString', 'point:isInt,max']);
    expect(failing(award({ name: 'a', point: 3 }))).toEqual([]);
  });

  it('given groups, when validated with one group and then another, then each gets its own rules', () => {
    expect(failing(award({ name: 'a', point: 30 }), ['other'])).toEqual([]);
    expect(failing(award({ name: 'a', point: 30 }), ['strict'])).toEqual(['point:max']);
    expect(failing(award({ name: 'a', point: 30 }), ['other'])).toEqual([]);
    expect(failing(award({ name: 'a', point: 30 }))).toEqual(['point:max']);
  });

  it('given a rule added after a class was validated, when validated again, then the new rule applies', () => {
    class Late {
      @IsInt()
      n!: unknown;
      label!: unknown;
    }
    expect(failing(Object.assign(new Late(), { n: 1, label: 2 }))).toEqual([]);

    IsString()(Late.prototype, 'label');

    expect(failing(Object.assign(new Late(), { n: 1, label: 2 }))).toEqual(['label:isString']);
  });

  it('given the lookup was replaced, when installed again, then it is not wrapped twice', () => {
    const lookup = getMetadataStorage().getTargetValidationMetadatas;

    cacheValidationRules();

    expect(getMetadataStorage().getTargetValidationMetadatas).toBe(lookup);
  });
});
