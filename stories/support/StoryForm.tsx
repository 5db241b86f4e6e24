import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { observable, runInAction } from 'mobx';
import { useMemo, useState } from 'react';
import { LookupStore, type LookupFormContext, type LookupTransport } from '../../engine/lookup';
import { fields, templates, widgets } from '../../widgets';
import { createFixtureTransport } from '../fixtures/lookupTransport';
import { FormDataPanel } from './FormDataPanel';

export interface StoryFormProps {
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  formData?: unknown;
  /** Server-style errors shown under fields: `{ field: { __errors: [messages] } }`. */
  extraErrors?: Record<string, unknown>;
  /** Lookup transport; defaults to the generated-data fixture with a little latency. */
  transport?: LookupTransport;
  /** Show the live form data under the form (default true). */
  showData?: boolean;
}

/** A small RJSF form with the Blueprint theme and a lookup store over in-story data, showing its live value. */
export function StoryForm({ schema, uiSchema, formData, extraErrors, transport, showData = true }: StoryFormProps) {
  const [data, setData] = useState<unknown>(formData);
  const [submitted, setSubmitted] = useState<unknown>(undefined);
  // The root value lives in a MobX box so dependent lookups (cities by country) follow edits.
  const root = useMemo(() => observable({ value: formData as unknown }), [formData]);
  const formContext = useMemo<LookupFormContext>(() => {
    const lookups = new LookupStore({
      transport: transport ?? createFixtureTransport(),
      // Failed lookups are reported silently; in a story the console is the reporter.
      report: (error) => console.warn('lookup failed (reported silently)', error),
    });
    return { lookups, getRootValue: () => root.value };
  }, [transport, root]);
  return (
    <div style={{ maxWidth: 560 }}>
      <Form
        schema={schema}
        uiSchema={uiSchema}
        formData={data}
        validator={validator}
        widgets={widgets}
        templates={templates}
        fields={fields}
        formContext={formContext}
        extraErrors={extraErrors as ErrorSchema | undefined}
        noHtml5Validate
        showErrorList="top"
        onChange={(e) => {
          setData(e.formData);
          runInAction(() => {
            root.value = e.formData;
          });
        }}
        onSubmit={(e) => setSubmitted(e.formData)}
      />
      {showData && <FormDataPanel values={data} submitted={submitted} />}
    </div>
  );
}
