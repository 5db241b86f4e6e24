import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, within } from '@testing-library/react';
import Form, { type FormProps, type IChangeEvent } from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { EngineForm } from './EngineForm';
import { schema as interstitialSchema } from '../../generated/schemas/ad_formats_interstitial_creative';

// A form with a condition (Kind "a" adds Extra, with a default), defaults outside it, and a list of ids.
const schema: RJSFSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name' },
    kind: { type: 'string', title: 'Kind', enum: ['a', 'b'], default: 'b' },
    ids: { type: 'array', title: 'Ids', items: { type: 'integer' } },
    count: { type: 'integer', title: 'Count', default: 3 },
    nested: {
      type: 'object',
      title: 'Nested',
      properties: { text: { type: 'string', title: 'Text' }, flag: { type: 'boolean', title: 'Flag', default: true } },
    },
  },
  allOf: [{ if: { properties: { kind: { const: 'a' } }, required: ['kind'] }, then: { properties: { extra: { type: 'string', title: 'Extra', default: 'd' } } } }],
};
const ids = [4, 5, 6];
const interstitial = interstitialSchema as unknown as RJSFSchema;

type Fill = (form: ReturnType<typeof within>) => void;

/** Types through a form as a user would (`fill`) and returns the data each change reported. */
function reports(FormKind: ComponentType<FormProps>, fill: Fill, formSchema = schema, formData: object = { name: 'x', ids }): Record<string, unknown>[] {
  const reported: Record<string, unknown>[] = [];
  const onChange = (event: IChangeEvent) => reported.push(event.formData as Record<string, unknown>);
  const { container, unmount } = render(<FormKind schema={formSchema} validator={validator} formData={formData} noValidate onChange={onChange} />);
  fill(within(container));
  unmount();
  return reported.slice(1); // the first is RJSF's own, of the defaults it filled in when the form mounted
}

function typeInto(FormKind: ComponentType<FormProps>): Record<string, unknown>[] {
  return reports(FormKind, (form) => {
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'xy' } });
    fireEvent.change(form.getByLabelText('Text'), { target: { value: 'hello' } });
    fireEvent.change(form.getByLabelText('Kind'), { target: { value: '0' } }); // RJSF's select: the option's index
    fireEvent.change(form.getByLabelText('Extra'), { target: { value: 'more' } });
    fireEvent.change(form.getByLabelText('Name'), { target: { value: '' } });
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'z' } });
    fireEvent.change(form.getByLabelText('Kind'), { target: { value: '1' } });
  });
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

  it('takes RJSF’s pass until it settles the data: a default a condition reads selects its branch at the next change', () => {
    // An interstitial ad's type is "image" unless chosen: the mount fills it in, and the next change the first creative
    // card that type asks for. A plain leaf typed first must not skip that.
    const typeName: Fill = (form) => {
      fireEvent.change(form.getByLabelText(/^Name/), { target: { value: 'Summer' } });
      fireEvent.change(form.getByLabelText(/^Name/), { target: { value: 'Summer sale' } });
    };
    const ours = reports(EngineForm, typeName, interstitial, {});
    expect(ours).toEqual(reports(Form, typeName, interstitial, {}));
    expect(ours[0]).toMatchObject({ name: 'Summer', type: 'image', creatives: [{ is_active: true }] });
    expect(ours[1]).toMatchObject({ name: 'Summer sale', creatives: [{ is_active: true }] });
  });

  it('keeps a field the user cleared clear when another is typed, as RJSF does, though the pass it skips would fill it', () => {
    const clearCount: Fill = (form) => {
      fireEvent.change(form.getByLabelText('Count'), { target: { value: '' } });
      fireEvent.change(form.getByLabelText('Name'), { target: { value: 'xy' } });
    };
    const ours = reports(EngineForm, clearCount);
    expect(ours).toEqual(reports(Form, clearCount));
    expect(ours[1]).toMatchObject({ name: 'xy', count: undefined });
  });
});
