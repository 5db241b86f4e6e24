import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Intent } from '@blueprintjs/core';
import { Error as ErrorIcon } from '@blueprintjs/icons';
import type { FormStore } from '../../engine/form/FormStore';
import { revealFirstError } from '../../engine/form/revealError';
import css from './FormActionBar.module.css';

export interface FormActionBarProps {
  store: FormStore;
  submitText: string;
  /** "3 fields need attention", in the user's language. */
  attentionText: (count: number) => string;
  /** Beside the button, e.g. the live estimate in short. */
  children?: ReactNode;
}

/**
 * The foot of a long form, kept in sight while the form scrolls: what the page wants said beside the submit
 * (children), how many fields need attention after a failed submit (a click goes to the first of them), and the
 * submit button. Rendered inside the form, so the button submits it as Enter does.
 */
export const FormActionBar = observer(function FormActionBar({ store, submitText, attentionText, children }: FormActionBarProps) {
  const count = store.status === 'failed' ? store.fieldErrorPaths.length : 0;
  return (
    <div className={css.bar} role="group" aria-label={submitText}>
      <div className={css.aside}>{children}</div>
      {count > 0 ? (
        <Button
          className={css.attention}
          variant="minimal"
          intent={Intent.DANGER}
          icon={<ErrorIcon />}
          text={attentionText(count)}
          onClick={(event) => {
            const form = event.currentTarget.closest('form');
            if (form) revealFirstError(form, store.fieldErrorPaths, 0);
          }}
        />
      ) : null}
      <Button type="submit" intent={Intent.PRIMARY} text={submitText} loading={store.submitting} disabled={store.submitting} />
    </div>
  );
});
