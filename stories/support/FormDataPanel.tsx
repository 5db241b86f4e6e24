import { Classes, H6 } from '@blueprintjs/core';

/** Under a story's form: the current values and, after a submit, what was submitted. */
export function FormDataPanel({ values, submitted }: { values: unknown; submitted: unknown }) {
  return (
    <div style={{ marginTop: 16 }}>
      <H6>Form data</H6>
      <pre className={Classes.CODE_BLOCK} style={{ maxHeight: 200, overflow: 'auto' }}>
        {JSON.stringify(values ?? null, null, 2)}
      </pre>
      {submitted !== undefined && (
        <>
          <H6>Submitted</H6>
          <pre className={Classes.CODE_BLOCK}>{JSON.stringify(submitted, null, 2)}</pre>
        </>
      )}
    </div>
  );
}
