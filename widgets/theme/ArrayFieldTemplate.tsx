import { ButtonGroup, Card } from '@blueprintjs/core';
import { cloneElement, isValidElement } from 'react';
import { buttonId, getTemplate, getUiOptions, type ArrayFieldItemTemplateProps, type ArrayFieldTemplateProps } from '@rjsf/utils';

/** The items without their Remove button while there are no more than `minItems` (an ad keeps its last creative). */
function atLeast(items: ArrayFieldTemplateProps['items'], minItems: number | undefined) {
  if (!minItems || items.length > minItems) return items;
  return items.map((item) => (isValidElement<{ canRemove?: boolean }>(item) ? cloneElement(item, { canRemove: false }) : item));
}

/** Arrays: title, description, the items as cards, and an Add button. */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { canAdd, className, disabled, fieldPathId, uiSchema, items, optionalDataControl, onAddClick, readonly, registry, required, schema, title } =
    props;
  const uiOptions = getUiOptions(uiSchema);
  const ArrayFieldTitleTemplate = getTemplate('ArrayFieldTitleTemplate', registry, uiOptions);
  const ArrayFieldDescriptionTemplate = getTemplate('ArrayFieldDescriptionTemplate', registry, uiOptions);
  const { AddButton } = registry.templates.ButtonTemplates;
  return (
    <fieldset className={`ap-array ${className ?? ''}`} id={fieldPathId.$id} style={{ border: 0, padding: 0, margin: '0 0 15px' }}>
      <ArrayFieldTitleTemplate
        fieldPathId={fieldPathId}
        title={uiOptions.title || title}
        required={required}
        schema={schema}
        uiSchema={uiSchema}
        registry={registry}
        optionalDataControl={!readonly && !disabled ? optionalDataControl : undefined}
      />
      <ArrayFieldDescriptionTemplate
        fieldPathId={fieldPathId}
        description={uiOptions.description || schema.description}
        schema={schema}
        uiSchema={uiSchema}
        registry={registry}
      />
      {readonly || disabled ? optionalDataControl : null}
      <div className="ap-array-items">{atLeast(items, schema.minItems)}</div>
      {canAdd && (
        <AddButton
          id={buttonId(fieldPathId, 'add')}
          className="rjsf-array-item-add"
          onClick={onAddClick}
          disabled={disabled || readonly}
          // What the list holds, said on its button (`ui:options.addText`, translated with the schema's texts).
          title={typeof uiOptions.addText === 'string' ? uiOptions.addText : undefined}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
    </fieldset>
  );
}

/** One array item: its field on the left, move/copy/remove buttons on the right. */
export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, className, buttonsProps, hasToolbar, registry, uiSchema } = props;
  const ArrayFieldItemButtonsTemplate = getTemplate('ArrayFieldItemButtonsTemplate', registry, getUiOptions(uiSchema));
  return (
    <Card compact className={`ap-array-item ${className}`} style={{ display: 'flex', gap: 8, alignItems: 'flex-start', marginBottom: 8 }}>
      <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
      {hasToolbar && (
        <ButtonGroup className="ap-array-item-toolbar">
          <ArrayFieldItemButtonsTemplate {...buttonsProps} />
        </ButtonGroup>
      )}
    </Card>
  );
}
