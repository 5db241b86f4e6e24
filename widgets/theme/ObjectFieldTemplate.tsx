import { Section, SectionCard } from '@blueprintjs/core';
import { buttonId, canExpand, getUiOptions, type ObjectFieldTemplateProps } from '@rjsf/utils';

/**
 * The heading of an array item numbered from 1 ("Creative 2"): RJSF titles an untitled item `<array title>-2`,
 * a titled one (`items.title`) by that title alone.
 */
function itemTitle(title: string, path: readonly (string | number)[]): string {
  const index = path.at(-1);
  if (typeof index !== 'number' || !title) return title;
  return `${title.replace(new RegExp(`-${index + 1}$`), '')} ${index + 1}`;
}

/** Whether a property of an object schema is itself an object or an array. */
function isContainer(schema: ObjectFieldTemplateProps['schema'], name: string): boolean {
  const child = schema.properties?.[name];
  return typeof child === 'object' && (child.type === 'object' || child.type === 'array');
}

/**
 * Objects: the root and untitled objects list their fields; a titled nested object becomes a Blueprint
 * Section (collapsible with `ui:options.collapsible`, closed at first with `collapsed`).
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
  const collapsible = options.collapsible === true;
  return (
    <Section
      id={fieldPathId.$id}
      className="ap-section"
      title={title}
      subtitle={typeof description === 'string' ? description : undefined}
      compact
      collapsible={collapsible}
      collapseProps={collapsible ? { defaultIsOpen: options.collapsed !== true } : undefined}
      style={{ marginBottom: 15 }}
    >
      <SectionCard>{body}</SectionCard>
    </Section>
  );
}
