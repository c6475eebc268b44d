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
  const failedField = error instanceof ApiError ? error.field : null;
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
      {kind.fields.map((field) => {
        const id = `${idPrefix}-${field.path.replace(/\./g, '-')}`;
        const failed = failedField !== null && (failedField === field.path || failedField.startsWith(`${field.path}.`));
        const common = {
          id,
          name: field.path,
          'aria-invalid': failed ? ('true' as const) : undefined,
          'aria-describedby': failed ? `${id}-error` : undefined,
        };
        return (
          <div class={field.input === 'checkbox' ? 'field check' : 'field'} key={field.path}>
            {field.input === 'checkbox' ? (
              <>
                <input type="checkbox" {...common} />
                <label for={id}>{field.label}</label>
              </>
            ) : (
              <>
                <label for={id}>
                  {field.label}
                  {field.required && !programId ? ' (required)' : ''}
                </label>
                <input
                  type={field.input}
                  step={field.input === 'number' ? 'any' : undefined}
                  required={field.required && !programId}
                  defaultValue={field.path === 'title' ? title : undefined}
                  {...common}
                />
              </>
            )}
            {failed && (
              <p class="error" id={`${id}-error`}>
                {(error as ApiError).message}
              </p>
            )}
          </div>
        );
      })}
      {!failedField && <ErrorNote error={error} />}
      {failedField && !kind.fields.some((f) => failedField.startsWith(f.path)) && <ErrorNote error={error} />}
      <button type="submit">{programId ? 'Save' : `Create ${words(kind.name)} program`}</button>
    </form>
  );
}

export { words };
