import { Callout, Intent } from '@blueprintjs/core';
import { Error as ErrorIcon } from '@blueprintjs/icons';
import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { parseOptionSourceOnce, useOptionSource, type LookupFormContext, type LookupStore } from '../../engine/lookup';
import { useTexts } from '../../engine/i18n/TranslatorContext';
import { LookupPicker } from './LookupPicker';
import { LOOKUP_TEXTS } from './lookupTexts';

type ValueType = 'number' | 'string' | 'any';

function valueTypeOf(schema: WidgetProps['schema'], multiple: boolean): ValueType {
  const target = multiple && schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items) ? schema.items : schema;
  const type = (target as { type?: unknown }).type;
  if (type === 'integer' || type === 'number') return 'number';
  if (type === 'string') return 'string';
  return 'any';
}

const coercers: Record<ValueType, (v: string | number) => unknown> = {
  number: (v) => (typeof v === 'number' ? v : Number(v)),
  string: (v) => String(v),
  any: (v) => v,
};

/** Renders a developer mistake in place of the field instead of blanking the form. */
function LookupProblem({ message }: { message: string }) {
  const t = useTexts(LOOKUP_TEXTS);
  return (
    <Callout intent={Intent.DANGER} icon={<ErrorIcon />} compact title={t('lookup.misconfigured')}>
      {message}
    </Callout>
  );
}

interface LookupFieldProps extends WidgetProps {
  context: { lookups: LookupStore; getRootValue?: () => unknown };
}

function LookupField({ context, id, options, value, multiple, onChange, onBlur, onFocus, disabled, readonly, required, rawErrors, hideError, placeholder, autofocus, schema, label, hideLabel }: LookupFieldProps) {
  const session = useOptionSource(options.source, context, id);
  const isMultiple = multiple === true || schema.type === 'array';
  const coerce = coercers[valueTypeOf(schema, isMultiple)];
  return (
    <LookupPicker
      id={id}
      session={session}
      value={value}
      multiple={isMultiple}
      onChange={onChange}
      coerce={coerce}
      disabled={disabled || readonly}
      required={required}
      invalid={!hideError && !!rawErrors?.length}
      placeholder={placeholder || (typeof options.placeholder === 'string' ? options.placeholder : undefined)}
      maxTags={typeof options.maxTags === 'number' ? options.maxTags : undefined}
      autoFocus={autofocus}
      ariaLabel={hideLabel ? label : undefined}
      loadFailedText={typeof options.loadFailedText === 'string' ? options.loadFailedText : undefined}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

/**
 * `ui:widget: lookup`: big option lists from a declared source (`ui:options.source`), searchable and
 * virtualized; multi-select for array fields, single-select otherwise. Needs `formContext.lookups`.
 */
export function LookupWidget(props: WidgetProps) {
  const formContext = props.registry.formContext as Partial<LookupFormContext> | undefined;
  const problem = useMemo(() => {
    try {
      parseOptionSourceOnce(props.options.source, `${props.id}: ui:options/source`);
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
    if (!formContext?.lookups) return `${props.id}: the form has no formContext.lookups (a LookupStore); the lookup widget cannot load options.`;
    return null;
  }, [props.options.source, props.id, formContext?.lookups]);
  if (problem || !formContext?.lookups) return <LookupProblem message={problem ?? ''} />;
  const getRootValue = formContext.getRootValue ? () => formContext.getRootValue?.() : undefined;
  return <LookupField {...props} context={{ lookups: formContext.lookups, getRootValue }} />;
}
