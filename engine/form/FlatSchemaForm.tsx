import { lazy, Suspense, useCallback, useMemo, useRef, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { getUiOptions, type BaseInputTemplateProps, type FieldTemplateProps, type RJSFSchema, type Registry, type SubmitButtonProps, type UiSchema } from '@rjsf/utils';
import type { FormStore, FormValues } from './FormStore';
import { rjsfTranslateString } from '../i18n/rjsfStrings';
import { useFormTranslator, useFormUiSchema, useRevealFirstError, type SchemaFormProps } from './formUi';

/** The full renderer, fetched only for a schema this one does not draw. */
const SchemaForm = lazy(() => import('./SchemaForm').then((m) => ({ default: m.SchemaForm })));

/** The `ui:widget`s drawn here: RJSF's inputs of one line, and hidden. */
const INPUT_TYPES: Record<string, string | undefined> = { text: undefined, email: 'email', password: 'password', uri: 'url', hidden: 'hidden' };

/** One field of a flat form: its name, schema and UI schema node, and the input type RJSF would give it. */
interface FlatField {
  name: string;
  schema: RJSFSchema;
  ui: UiSchema;
  /** `hidden`, or the input type RJSF's widget passes (undefined: the schema's, or `ui:options.inputType`). */
  type: string | undefined;
}

/**
 * The fields of a form that is a flat list of text inputs, in `ui:order`, or null when the form holds anything
 * else: nested objects, lists, choices, numbers, defaults, conditionals or references, another widget. The sign-in
 * and password forms are such lists; every richer form goes to RJSF.
 */
export function flatFields(schema: RJSFSchema, uiSchema: UiSchema): FlatField[] | null {
  if (schema.type !== 'object' || !schema.properties) return null;
  if (['if', 'allOf', 'anyOf', 'oneOf', 'dependencies', '$ref', 'patternProperties'].some((k) => k in schema)) return null;
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) return null;
  const fields: FlatField[] = [];
  for (const [name, node] of Object.entries(schema.properties)) {
    if (typeof node !== 'object' || node.type !== 'string') return null;
    if (['enum', 'const', 'default', 'oneOf', 'anyOf', 'allOf', '$ref', 'if'].some((k) => k in node)) return null;
    const ui = (uiSchema[name] ?? {}) as UiSchema;
    // A field or a template of its own is RJSF's to draw.
    if (ui['ui:field'] || ui['ui:FieldTemplate']) return null;
    const widget = (ui['ui:widget'] as string | undefined) ?? ((ui['ui:options'] as { widget?: string } | undefined)?.widget) ?? (node.format === 'email' ? 'email' : node.format === 'uri' ? 'uri' : node.format ? null : 'text');
    if (widget === null || !(widget in INPUT_TYPES)) return null;
    fields.push({ name, schema: node, ui, type: INPUT_TYPES[widget] });
  }
  return ordered(fields, uiSchema['ui:order'] as string[] | undefined);
}

/** The fields in `ui:order` (a `*` places the ones it does not name), the rest after them as RJSF does. */
function ordered(fields: FlatField[], order: string[] | undefined): FlatField[] {
  if (!order) return fields;
  const named = order.filter((name) => name !== '*');
  const rest = fields.filter((f) => !named.includes(f.name));
  const byName = new Map(fields.map((f) => [f.name, f]));
  const out: FlatField[] = [];
  for (const name of order.includes('*') ? order : [...order, '*']) {
    if (name === '*') out.push(...rest);
    else if (byName.has(name)) out.push(byName.get(name) as FlatField);
  }
  return out;
}

/** RJSF's wrapper of a field that is not an additional property (the only kind here): a div with its classes. */
function WrapIfAdditionalTemplate({ classNames, style, rawErrors, hideError, children }: FieldTemplateProps) {
  const failing = !hideError && !!rawErrors?.length;
  return (
    <div className={`form-group ${classNames ?? ''}${failing ? ' has-error has-danger' : ''}`.trim()} style={style}>
      {children}
    </div>
  );
}

interface FlatFormProps {
  store: FormStore;
  fields: FlatField[];
  schema: RJSFSchema;
  uiSchema: UiSchema;
  registry: Registry;
  id?: string;
  className?: string;
  children?: ReactNode;
}

/**
 * A flat form drawn with the theme's own templates (field, input, submit button), in the markup RJSF gives them,
 * bound to the store like SchemaForm: the values, the first error under each field, the submit.
 */
const FlatForm = observer(function FlatForm({ store, fields, schema, uiSchema, registry, id, className, children }: FlatFormProps) {
  const { FieldTemplate, BaseInputTemplate } = registry.templates as unknown as {
    FieldTemplate: ComponentType<FieldTemplateProps>;
    BaseInputTemplate: ComponentType<BaseInputTemplateProps>;
  };
  const { SubmitButton } = registry.templates.ButtonTemplates as unknown as { SubmitButton: ComponentType<SubmitButtonProps> };
  const formRef = useRef<HTMLFormElement>(null);
  useRevealFirstError(store, () => formRef.current);
  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      // A form nested in a widget (a portal's) submits on its own.
      if (event.target !== event.currentTarget) return;
      void store.submit();
    },
    [store],
  );
  const { values } = store;
  const errors = store.errorSchema as Record<string, { __errors?: string[] } | undefined> & { __errors?: string[] };
  const required = new Set(schema.required ?? []);
  const noop = () => {};
  const submitOptions = getUiOptions(uiSchema).submitButtonOptions;

  return (
    <form ref={formRef} className={className || 'rjsf'} id={id} noValidate onSubmit={onSubmit}>
      <FieldTemplate
        {...({} as FieldTemplateProps)}
        id="root"
        classNames={`rjsf-field rjsf-field-object${errors.__errors?.length ? ' rjsf-field-error' : ''}`}
        label={String(uiSchema['ui:title'] ?? schema.title ?? '')}
        displayLabel={false}
        rawErrors={errors.__errors}
        schema={schema}
        uiSchema={uiSchema}
        registry={registry}
      >
        <div id="root" className="ap-object">
          {fields.map((field) => {
            const fieldId = `root_${field.name}`;
            const options = getUiOptions(field.ui);
            const rawErrors = errors[field.name]?.__errors;
            const classNames = `rjsf-field rjsf-field-string${rawErrors?.length ? ' rjsf-field-error' : ''}`;
            const value = values[field.name];
            const readonly = Boolean(field.ui['ui:readonly'] ?? field.schema.readOnly);
            const disabled = Boolean(field.ui['ui:disabled']);
            const onChange = (next: unknown) => store.setValues({ ...store.values, [field.name]: next } as FormValues);
            const hidden = field.type === 'hidden';
            return (
              <FieldTemplate
                key={field.name}
                {...({} as FieldTemplateProps)}
                id={fieldId}
                classNames={classNames}
                label={String(options.title ?? field.schema.title ?? field.name)}
                displayLabel={options.label !== false}
                rawDescription={(options.description ?? field.schema.description) as string | undefined}
                rawHelp={options.help as string | undefined}
                rawErrors={rawErrors}
                hidden={hidden}
                required={required.has(field.name)}
                readonly={readonly}
                disabled={disabled}
                schema={field.schema}
                uiSchema={field.ui}
                registry={registry}
              >
                {hidden ? (
                  <input type="hidden" id={fieldId} name={fieldId} value={value === undefined ? '' : String(value)} />
                ) : (
                  <BaseInputTemplate
                    {...({} as BaseInputTemplateProps)}
                    id={fieldId}
                    htmlName={fieldId}
                    name={field.name}
                    type={field.type}
                    label={String(options.title ?? field.schema.title ?? field.name)}
                    value={value}
                    placeholder={(options.placeholder as string | undefined) ?? ''}
                    required={required.has(field.name)}
                    readonly={readonly}
                    disabled={disabled}
                    autofocus={Boolean(options.autofocus)}
                    rawErrors={rawErrors}
                    options={options}
                    schema={field.schema}
                    uiSchema={field.ui}
                    registry={registry}
                    onChange={onChange}
                    onBlur={noop}
                    onFocus={noop}
                  />
                )}
              </FieldTemplate>
            );
          })}
        </div>
      </FieldTemplate>
      {children ?? <SubmitButton uiSchema={{ 'ui:options': { submitButtonOptions: submitOptions } }} registry={registry} />}
    </form>
  );
});

/**
 * A catalog form drawn without RJSF when it is a flat list of text inputs (`flatFields`: sign-in, password reset),
 * so the first page a visitor opens does not load the form library; any other form goes to SchemaForm, whose code
 * then loads. Same props, same store binding, same markup and texts as SchemaForm.
 */
export const FlatSchemaForm = observer(function FlatSchemaForm(props: SchemaFormProps) {
  const { store, theme, formContext, uiOverrides, uiPatch, submitText, id, className, children } = props;
  const { entry } = store;
  const translator = useFormTranslator(store, props.translator);
  const uiSchema = useFormUiSchema(entry, translator, { uiOverrides, uiPatch, submitText, submitting: store.submitting });
  const translateString = useMemo(() => rjsfTranslateString(translator), [translator]);
  const templates = theme.templates;
  // The theme draws the fields: one without its own field, input and submit templates gets RJSF's.
  const fields = templates?.FieldTemplate && templates.BaseInputTemplate && templates.ButtonTemplates?.SubmitButton ? flatFields(entry.schema, uiSchema) : null;
  if (!fields) {
    return (
      <Suspense fallback={null}>
        <SchemaForm {...props} />
      </Suspense>
    );
  }
  const registry = {
    templates: { ...templates, WrapIfAdditionalTemplate },
    widgets: theme.widgets ?? {},
    fields: {},
    formContext: formContext ?? {},
    rootSchema: entry.schema,
    globalUiOptions: {},
    translateString,
  } as unknown as Registry;
  return (
    <FlatForm store={store} fields={fields} schema={entry.schema} uiSchema={uiSchema} registry={registry} id={id} className={className}>
      {children}
    </FlatForm>
  );
});
