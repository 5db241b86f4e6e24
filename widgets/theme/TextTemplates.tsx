import { Classes, H4, Intent } from '@blueprintjs/core';
import {
  errorId,
  helpId,
  type DescriptionFieldProps,
  type FieldErrorProps,
  type FieldHelpProps,
  type TitleFieldProps,
} from '@rjsf/utils';

/** Section and array titles. */
export function TitleFieldTemplate({ id, title, required }: TitleFieldProps) {
  return (
    <H4 id={id} className="ap-title">
      {title}
      {required ? <span aria-hidden> *</span> : null}
    </H4>
  );
}

/** Descriptions of sections and arrays, muted text. */
export function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  if (!description) return null;
  return (
    <div id={id} className={Classes.TEXT_MUTED} style={{ marginBottom: 10 }}>
      {description}
    </div>
  );
}

/** The first error of a field, for places that render errors outside the FieldTemplate. */
export function FieldErrorTemplate({ errors, fieldPathId }: FieldErrorProps) {
  const first = errors?.find(Boolean);
  if (!first) return null;
  return (
    <div id={errorId(fieldPathId)} className={`${Classes.FORM_HELPER_TEXT} ${Classes.intentClass(Intent.DANGER)}`}>
      {first}
    </div>
  );
}

/** Help text under a field. */
export function FieldHelpTemplate({ help, fieldPathId }: FieldHelpProps) {
  if (!help) return null;
  return (
    <div id={helpId(fieldPathId)} className={Classes.FORM_HELPER_TEXT}>
      {help}
    </div>
  );
}
