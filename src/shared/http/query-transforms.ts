import { Transform } from 'class-transformer';

/** Query strings are text: "true"/"1" become true, "false"/"0" false; anything else stays and fails validation. */
export const ToBoolean = () =>
  Transform(({ value }) =>
    value === 'true' || value === '1' || value === true
      ? true
      : value === 'false' || value === '0' || value === false
        ? false
        : value,
  );

export const ToInteger = () =>
  Transform(({ value }) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value));

/** Platform ids arrive as numbers or strings; keep them as trimmed text for validation. */
export const ToIdString = () =>
  Transform(({ value }) =>
    typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : value,
  );

/**
 * A list of ids as text: numbers become text, and `{id}` objects (how records present products and
 * collections) their id, so a record read can be written back. Anything else stays and fails validation.
 */
export const ToIdList = () =>
  Transform(({ value }) =>
    Array.isArray(value)
      ? value.map((v) => {
          const id = v !== null && typeof v === 'object' && !Array.isArray(v) && 'id' in v ? v.id : v;
          return typeof id === 'number' ? String(id) : typeof id === 'string' ? id.trim() : id;
        })
      : value,
  );
