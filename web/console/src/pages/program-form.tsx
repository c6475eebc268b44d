import { useState } from 'preact/hooks';
import { ApiError, call } from '../api';
import { ErrorNote } from '../ui';

export interface KindField {
  path: string;
  label: string;
  input: 'text' | 'number' | 'checkbox';
  required: boolean;
}

export interface ProgramKind {
  name: string;
  family: 'earning' | 'spending';
  fields: KindField[];
}

/** `a.b` = value, into the body the management API takes. */
function put(body: Record<string, unknown>, path: string, value: unknown) {
  const [head, ...rest] = path.split('.');
  if (rest.length === 0) body[head] = value;
  else put((body[head] ??= {}) as Record<string, unknown>, rest.join('.'), value);
}

/** The values the form's fields hold; an empty optional field is left out. */
function bodyOf(form: HTMLFormElement, fields: KindField[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const input = form.elements.namedItem(field.path) as HTMLInputElement;
    if (field.input === 'checkbox') put(body, field.path, input.checked);
    else if (input.value.trim() !== '')
      put(body, field.path, field.input === 'number' ? Number(input.value) : input.value.trim());
  }
  return body;
}

const words = (name: string) => name.replace(/_/g, ' ');

/** The API's refusal when it names this field (or a field inside it), else null. */
function refusalAt(error: unknown, field: KindField): string | null {
  if (!(error instanceof ApiError) || error.field === null) return null;
  return error.field === field.path || error.field.startsWith(`${field.path}.`) ? error.message : null;
}

/** One field of a kind's form, marked invalid with the API's message when the API refused it. */
function FieldInput(props: {
  field: KindField;
  id: string;
  creating: boolean;
  value?: string;
  refusal: string | null;
}) {
  const { field, id, creating, value, refusal } = props;
  const common = {
    id,
    name: field.path,
    'aria-invalid': refusal ? ('true' as const) : undefined,
    'aria-describedby': refusal ? `${id}-error` : undefined,
  };
  const required = field.required && creating;
  return (
    <div class={field.input === 'checkbox' ? 'field check' : 'field'}>
      {field.input === 'checkbox' ? (
        <>
          <input type="checkbox" {...common} />
          <label for={id}>{field.label}</label>
        </>
      ) : (
        <>
          <label for={id}>
            {field.label}
            {required ? ' (required)' : ''}
          </label>
          <input
            type={field.input}
            step={field.input === 'number' ? 'any' : undefined}
            required={required}
            defaultValue={value}
            {...common}
          />
        </>
      )}
      {refusal && (
        <p class="error" id={`${id}-error`}>
          {refusal}
        </p>
      )}
    </div>
  );
}

/**
 * A program's form, its fields those of its kind (from the kinds' descriptors): `create` sends the
 * kind, `programId` edits. The API's refusal is shown at the field it names.
 */
export function ProgramForm({
  kind,
  programId,
  title,
  saved,
  idPrefix,
}: {
  kind: ProgramKind;
  programId?: string;
  title?: string;
  saved: (text: string) => void;
  idPrefix: string;
}) {
  const [error, setError] = useState<ApiError | unknown>(null);
  async function submit(event: Event) {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    setError(null);
    try {
      const body = bodyOf(form, kind.fields);
      if (programId) await call('PUT', `programs/${programId}`, body);
      else await call('POST', 'programs', { type: kind.family, event: kind.name, ...body });
      saved(programId ? `Saved “${String(body.title ?? title)}”` : `Created “${String(body.title)}”`);
      if (!programId) form.reset();
    } catch (failure) {
      setError(failure);
    }
  }
  return (
    <form onSubmit={submit} class="stack">
      {kind.fields.map((field) => (
        <FieldInput
          key={field.path}
          field={field}
          id={`${idPrefix}-${field.path.replace(/\./g, '-')}`}
          creating={!programId}
          value={field.path === 'title' ? title : undefined}
          refusal={refusalAt(error, field)}
        />
      ))}
      {!kind.fields.some((f) => refusalAt(error, f)) && <ErrorNote error={error} />}
      <button type="submit">{programId ? 'Save' : `Create ${words(kind.name)} program`}</button>
    </form>
  );
}

export { words };
