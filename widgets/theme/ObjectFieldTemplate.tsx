import { useEffect, useState, type ReactNode } from 'react';
import { Card, Classes, Collapse, H6, Section, SectionCard } from '@blueprintjs/core';
import { ChevronDown, ChevronUp } from '@blueprintjs/icons';
import { buttonId, canExpand, getUiOptions, TranslatableString, type ErrorSchema, type ObjectFieldTemplateProps } from '@rjsf/utils';
import { sectionSummary, type LabelOf } from '../../engine/form/sectionSummary';
import css from './ObjectFieldTemplate.module.css';

/**
 * The heading of an array item numbered from 1 ("Creative 2"): RJSF titles an untitled item `<array title>-2`,
 * a titled one (`items.title`) by that title alone.
 */
function itemTitle(title: string, path: readonly (string | number)[]): string {
  const index = path.at(-1);
  if (typeof index !== 'number' || !title) return title;
  return `${title.replace(new RegExp(`-${index + 1}$`), '')} ${index + 1}`;
}

/** Whether a property of an object schema is itself an object. */
function isObject(schema: ObjectFieldTemplateProps['schema'], name: string): boolean {
  const child = schema.properties?.[name];
  return typeof child === 'object' && child.type === 'object';
}

/** Whether a property of an object schema is itself an object or an array. */
function isContainer(schema: ObjectFieldTemplateProps['schema'], name: string): boolean {
  const child = schema.properties?.[name];
  return typeof child === 'object' && (child.type === 'object' || child.type === 'array');
}

/** Whether an error schema holds a message anywhere below it. */
function hasErrors(errors: ErrorSchema | undefined): boolean {
  if (!errors || typeof errors !== 'object') return false;
  return Object.entries(errors).some(([key, value]) => (key === '__errors' ? Array.isArray(value) && value.length > 0 : hasErrors(value as ErrorSchema)));
}

/**
 * A collapsible section: open or closed at first as the UI schema says, opened whenever a field inside it gets an
 * error (so the error can be seen and reached), and while closed it says what it holds beside its title.
 *
 * Blueprint's Section markup, with its own toggle: Blueprint's is a span named "expand section" in English whatever
 * the language, the same for every section, with `aria-expanded` the wrong way round. Here the title is the button
 * (the keyboard's and a screen reader's way in, saying open or closed), and the whole header still toggles for a
 * pointer, as Blueprint's does.
 */
function CollapsibleSection(props: ObjectFieldTemplateProps & { title: string; body: ReactNode; startOpen: boolean }) {
  const { title, body, startOpen, description, fieldPathId, schema, uiSchema, formData, errorSchema, registry } = props;
  const [open, setOpen] = useState(startOpen);
  const failing = hasErrors(errorSchema);
  useEffect(() => {
    if (failing) setOpen(true);
  }, [failing]);
  const labelOf = (registry.formContext as { labelOf?: LabelOf } | undefined)?.labelOf;
  const summary = open
    ? ''
    : sectionSummary(schema, uiSchema, formData, { yes: registry.translateString(TranslatableString.YesLabel), no: registry.translateString(TranslatableString.NoLabel) }, labelOf, title);
  const titleId = `${fieldPathId.$id}__title`;
  const toggle = () => setOpen((o) => !o);
  return (
    <div id={fieldPathId.$id} className={css.frame}>
      <Card className={['ap-section', Classes.SECTION, Classes.COMPACT, open ? '' : Classes.SECTION_COLLAPSED].filter(Boolean).join(' ')} aria-labelledby={titleId}>
        {/* The button below is the header's keyboard way; this click is the pointer's anywhere on the header. */}
        <div className={`${Classes.SECTION_HEADER} ${Classes.INTERACTIVE}`} onClick={toggle}>
          <div className={Classes.SECTION_HEADER_LEFT}>
            <div>
              <H6 className={Classes.SECTION_HEADER_TITLE} id={titleId}>
                <button
                  type="button"
                  className={css.toggle}
                  aria-expanded={open}
                  onClick={(e) => {
                    e.stopPropagation();
                    toggle();
                  }}
                >
                  {title}
                </button>
              </H6>
              {typeof description === 'string' && description ? <div className={`${Classes.TEXT_MUTED} ${Classes.SECTION_HEADER_SUB_TITLE}`}>{description}</div> : null}
            </div>
          </div>
          <div className={Classes.SECTION_HEADER_RIGHT}>
            {summary ? (
              <span className={`ap-section-summary bp6-text-muted ${css.summary}`} title={summary}>
                {summary}
              </span>
            ) : null}
            <span className={`${Classes.TEXT_MUTED} ${Classes.SECTION_HEADER_COLLAPSE_CARET}`} aria-hidden>
              {open ? <ChevronUp /> : <ChevronDown />}
            </span>
          </div>
        </div>
        <Collapse isOpen={open}>
          <SectionCard>{body}</SectionCard>
        </Collapse>
      </Card>
    </div>
  );
}

/**
 * Objects: the root and untitled objects list their fields; a titled nested object becomes a Blueprint
 * Section (collapsible with `ui:options.collapsible`, closed at first with `collapsed`), unless all its fields are
 * objects themselves: then it is a heading over their sections.
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { title: rawTitle, description, properties, fieldPathId, schema, uiSchema, formData, registry, disabled, readonly, onAddProperty, optionalDataControl } =
    props;
  const { AddButton } = registry.templates.ButtonTemplates;
  const options = getUiOptions(uiSchema);
  if ((schema.oneOf || schema.anyOf) && !schema.properties && properties.length === 0) return null;

  const body = (
    <>
      {optionalDataControl}
      {properties.filter((p) => !p.hidden).map((p) => p.content)}
      {/* A hidden object or array has no input worth keeping in the page: it is not rendered at all. */}
      {properties.filter((p) => p.hidden && !isContainer(schema, p.name)).map((p) => p.content)}
      {canExpand(schema, uiSchema, formData) && (
        <AddButton
          id={buttonId(fieldPathId, 'add')}
          className="rjsf-object-property-expand"
          onClick={onAddProperty}
          disabled={disabled || readonly}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
    </>
  );
  const isRoot = fieldPathId.path.length === 0;
  const title = itemTitle(rawTitle, fieldPathId.path);
  if (isRoot || !title) {
    return (
      <div id={fieldPathId.$id} className="ap-object">
        {isRoot && title ? <h3 className="bp6-heading">{title}</h3> : null}
        {description ? <p className="bp6-text-muted">{description}</p> : null}
        {body}
      </div>
    );
  }
  if (options.collapsible === true) return <CollapsibleSection {...props} title={title} body={body} startOpen={options.collapsed !== true} />;
  // An object of sections (the campaign's targets) is a heading over them, not one more box around the boxes.
  const shown = properties.filter((p) => !p.hidden);
  if (shown.length > 0 && shown.every((p) => isObject(schema, p.name))) {
    return (
      <div id={fieldPathId.$id} className={`ap-group ${css.group}`}>
        <h4 className="bp6-heading">{title}</h4>
        {description ? <p className="bp6-text-muted">{description}</p> : null}
        {body}
      </div>
    );
  }
  return (
    <div id={fieldPathId.$id} className={css.frame}>
      <Section className="ap-section" title={title} subtitle={typeof description === 'string' ? description : undefined} compact>
        <SectionCard>{body}</SectionCard>
      </Section>
    </div>
  );
}
