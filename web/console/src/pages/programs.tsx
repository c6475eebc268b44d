import { useState } from 'preact/hooks';
import { call, get } from '../api';
import { Done, ErrorNote, Page, points, Status, useLoad, useSession } from '../ui';
import { ProgramForm, ProgramKind, words } from './program-form';

interface Program {
  id: string;
  title: string;
  event: string;
  status: boolean;
  earnPoint?: number | null;
  spendPoint?: number | null;
}

function ProgramRow({
  program,
  kind,
  changed,
}: {
  program: Program;
  kind?: ProgramKind;
  changed: (text: string) => void;
}) {
  const { canWrite } = useSession();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const toggle = async () => {
    setError(null);
    try {
      await call('PUT', `programs/${program.id}`, { status: !program.status });
      changed(`${program.status ? 'Disabled' : 'Enabled'} “${program.title}”`);
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <tr>
      <td>{program.title}</td>
      <td>{words(program.event)}</td>
      <td class="number">{points(program.earnPoint ?? program.spendPoint)}</td>
      <td>{program.status ? 'Enabled' : 'Disabled'}</td>
      {canWrite && (
        <td>
          <button type="button" class="secondary" onClick={toggle}>
            {program.status ? 'Disable' : 'Enable'}
            <span class="visually-hidden">: {program.title}</span>
          </button>{' '}
          {kind && (
            <button type="button" class="secondary" aria-expanded={editing} onClick={() => setEditing(!editing)}>
              Edit<span class="visually-hidden">: {program.title}</span>
            </button>
          )}
          <ErrorNote error={error} />
          {editing && kind && (
            <ProgramForm
              kind={kind}
              programId={program.id}
              title={program.title}
              idPrefix={`edit-${program.id}`}
              saved={(text) => {
                setEditing(false);
                changed(text);
              }}
            />
          )}
        </td>
      )}
    </tr>
  );
}

function ProgramTable({
  caption,
  programs,
  kinds,
  changed,
}: {
  caption: string;
  programs: Program[];
  kinds: ProgramKind[];
  changed: (text: string) => void;
}) {
  const { canWrite } = useSession();
  if (programs.length === 0) return <p>No {caption.toLowerCase()} yet.</p>;
  return (
    <div class="scroll" tabIndex={0} role="region" aria-label="Table (scrolls sideways on a narrow screen)">
      <table>
        <caption class="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Kind</th>
            <th scope="col" class="number">
              Points
            </th>
            <th scope="col">Status</th>
            {canWrite && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {programs.map((p) => (
            <ProgramRow key={p.id} program={p} kind={kinds.find((k) => k.name === p.event)} changed={changed} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Programs: earning and spending lists, enable/disable, edit, and a new program of any kind. */
export function Programs() {
  const { canWrite } = useSession();
  const [done, setDone] = useState<string | null>(null);
  const [kindName, setKindName] = useState('sign_up');
  const loaded = useLoad(
    () =>
      Promise.all([
        get<Program[]>('programs/earning'),
        get<Program[]>('programs/spending'),
        get<ProgramKind[]>('programs/kinds'),
      ]),
    [done],
  );
  return (
    <Page title="Programs">
      <Done text={done} />
      <Status loaded={loaded}>
        {([earning, spending, kinds]) => {
          const kind = kinds.data.find((k) => k.name === kindName) ?? kinds.data[0];
          return (
            <>
              <h2>Earning programs</h2>
              <ProgramTable caption="Earning programs" programs={earning.data} kinds={kinds.data} changed={setDone} />
              <h2>Spending programs</h2>
              <ProgramTable caption="Spending programs" programs={spending.data} kinds={kinds.data} changed={setDone} />
              {canWrite && (
                <section class="panel" aria-labelledby="new-program">
                  <h2 id="new-program">New program</h2>
                  <div class="field">
                    <label for="program-kind">Kind</label>
                    <select
                      id="program-kind"
                      value={kind.name}
                      onChange={(e) => setKindName((e.target as HTMLSelectElement).value)}
                    >
                      {(['earning', 'spending'] as const).map((family) => (
                        <optgroup label={family === 'earning' ? 'Earning' : 'Spending'} key={family}>
                          {kinds.data
                            .filter((k) => k.family === family)
                            .map((k) => (
                              <option value={k.name} key={k.name}>
                                {words(k.name)}
                              </option>
                            ))}
                        </optgroup>
                      ))}
                    </select>
                  </div>
                  <ProgramForm key={kind.name} kind={kind} idPrefix="new" saved={setDone} />
                </section>
              )}
            </>
          );
        }}
      </Status>
    </Page>
  );
}
