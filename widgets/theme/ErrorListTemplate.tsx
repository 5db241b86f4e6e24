import { Callout, Intent } from '@blueprintjs/core';
import { Error as ErrorIcon } from '@blueprintjs/icons';
import { TranslatableString, type ErrorListProps } from '@rjsf/utils';

/** The list of all errors above (or below) the form, as a danger Callout. */
export function ErrorListTemplate({ errors, registry }: ErrorListProps) {
  if (errors.length === 0) return null;
  return (
    <Callout intent={Intent.DANGER} icon={<ErrorIcon />} title={registry.translateString(TranslatableString.ErrorsLabel)} className="ap-error-list" style={{ marginBottom: 15 }}>
      <ul style={{ margin: 0, paddingLeft: 18 }}>
        {errors.map((error, i) => (
          <li key={`${error.property ?? ''}-${i}`}>{error.stack}</li>
        ))}
      </ul>
    </Callout>
  );
}
