import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, within } from '@testing-library/react';
import Form, { type FormProps, type IChangeEvent } from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { EngineForm } from './EngineForm';

// A form with a condition (Kind "a" adds Extra, with a default), defaults outside it, and a list of ids.
const schema: RJSFSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name' },
    kind: { type: 'string', title: 'Kind', enum: ['a', 'b'], default: 'b' },
    ids: { type: 'array', title: 'Ids', items: { type: 'integer' } },
    nested: {
      type: 'object',
      title: 'Nested',
      properties: { text: { type: 'string', title: 'Text' }, flag: { type: 'boolean', title: 'Flag', default: true } },
    },
  },
  allOf: [{ if: { properties: { kind: { const: 'a' } }, required: ['kind'] }, then: { properties: { extra: { type: 'string', title: 'Extra', default: 'd' } } } }],
};
const ids = [4, 5, 6];

/** Types through a form of `schema` as a user would and returns the data each change reported. */
function typeInto(FormKind: ComponentType<FormProps>): Record<string, unknown>[] {
  const reported: Record<string, unknown>[] = [];
  const onChange = (event: IChangeEvent) => reported.push(event.formData as Record<string, unknown>);
  const { container, unmount } = render(<FormKind schema={schema} validator={validator} formData={{ name: 'x', ids }} noValidate onChange={onChange} />);
  const form = within(container);
  fireEvent.change(form.getByLabelText('Name'), { target: { value: 'xy' } });
  fireEvent.change(form.getByLabelText('Text'), { target: { value: 'hello' } });
  fireEvent.change(form.getByLabelText('Kind'), { target: { value: '0' } }); // RJSF's select: the option's index
  fireEvent.change(form.getByLabelText('Extra'), { target: { value: 'more' } });
  fireEvent.change(form.getByLabelText('Name'), { target: { value: '' } });
  fireEvent.change(form.getByLabelText('Name'), { target: { value: 'z' } });
  fireEvent.change(form.getByLabelText('Kind'), { target: { value: '1' } });
  unmount();
  return reported.slice(1); // the first is RJSF's own, of the defaults it filled in when the form mounted
}

describe('EngineForm', () => {
  it('reports the same data as RJSF for every change: plain leaves, a field a condition reads, a cleared field', () => {
    const ours = typeInto(EngineForm);
    const theirs = typeInto(Form);
    expect(ours).toHaveLength(7);
    expect(ours).toEqual(theirs);
    expect(ours[2]).toMatchObject({ kind: 'a', extra: 'd', nested: { text: 'hello', flag: true } });
    expect(ours[4]).toHaveProperty('name', undefined);
    // Leaving the branch drops its field: RJSF's sanitizing still runs for a field a condition reads.
    expect(ours[6]).toMatchObject({ name: 'z', kind: 'b' });
    expect(ours[6].extra).toBeUndefined();
  });

  it('keeps what a plain leaf change did not touch, where RJSF copies the whole form data', () => {
    const ours = typeInto(EngineForm);
    expect(ours[1].ids).toBe(ours[0].ids); // typing into Text
    expect(ours[4].nested).toBe(ours[3].nested); // clearing Name
    const theirs = typeInto(Form);
    expect(theirs[1].ids).not.toBe(theirs[0].ids);
  });
});
