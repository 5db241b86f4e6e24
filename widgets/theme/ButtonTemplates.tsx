import { Button, Intent } from '@blueprintjs/core';
import { Add, ArrowDown, ArrowUp, Cross, Duplicate, Trash } from '@blueprintjs/icons';
import { getSubmitButtonOptions, TranslatableString, type IconButtonProps, type SubmitButtonProps } from '@rjsf/utils';

function iconButton(icon: React.JSX.Element, label: TranslatableString, intent: Intent = Intent.NONE) {
  function IconButton({ registry, id, className, onClick, disabled, style }: IconButtonProps) {
    const title = registry.translateString(label);
    return (
      <Button
        id={id}
        className={className}
        style={style}
        onClick={onClick as React.MouseEventHandler<HTMLElement> | undefined}
        disabled={disabled}
        icon={icon}
        intent={intent}
        variant="minimal"
        title={title}
        aria-label={title}
      />
    );
  }
  return IconButton;
}

/** Array and object toolbar buttons with Blueprint icon components (never Bootstrap glyphs). */
export const MoveUpButton = iconButton(<ArrowUp />, TranslatableString.MoveUpButton);
export const MoveDownButton = iconButton(<ArrowDown />, TranslatableString.MoveDownButton);
export const CopyButton = iconButton(<Duplicate />, TranslatableString.CopyButton);
export const RemoveButton = iconButton(<Trash />, TranslatableString.RemoveButton, Intent.DANGER);
export const ClearButton = iconButton(<Cross />, TranslatableString.ClearButton);

/** The button under an array or an expandable object: its `title` says what it adds ("Add a creative"), else "Add Item". */
export function AddButton({ registry, id, className, onClick, disabled, title: what }: IconButtonProps) {
  const title = what ?? registry.translateString(TranslatableString.AddItemButton);
  return (
    <Button
      id={id}
      className={className}
      onClick={onClick as React.MouseEventHandler<HTMLElement> | undefined}
      disabled={disabled}
      icon={<Add />}
      variant="outlined"
      text={title}
    />
  );
}

/** The form's submit button (text and props from `ui:submitButtonOptions`). */
export function SubmitButton({ uiSchema }: SubmitButtonProps) {
  const { submitText, norender, props: buttonProps = {} } = getSubmitButtonOptions(uiSchema);
  if (norender) return null;
  return (
    <div className="ap-submit" style={{ marginTop: 15 }}>
      <Button type="submit" intent={Intent.PRIMARY} {...buttonProps} text={submitText} />
    </div>
  );
}
