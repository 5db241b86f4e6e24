import { Classes, Intent } from '@blueprintjs/core';
import type { CSSProperties, InputHTMLAttributes, ReactNode, Ref } from 'react';

export interface FastInputGroupProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  intent?: Intent;
  /** An icon inside the input on the left (a Blueprint icon element). */
  leftIcon?: ReactNode;
  /** A short text inside the input on the left, such as a currency sign. */
  leftText?: string;
  /** One control inside the input on the right (a clear button, a spinner), at most 30 px wide. */
  rightElement?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

const join = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * Blueprint's InputGroup markup and look without its lifecycle. Blueprint's component measures its side
 * elements after every mount (a forced layout and a second render per input); a campaign form has hundreds of
 * inputs, so here the sides get their room from the content instead: a 30 px control on the right, and on the
 * left an icon (Blueprint's CSS pads for it) or a short text padded by its length.
 */
export function FastInputGroup(props: FastInputGroupProps) {
  const { intent = Intent.NONE, leftIcon, leftText, rightElement, inputRef, className, disabled, readOnly, style, ...input } = props;
  const padding: CSSProperties = {
    ...(rightElement != null ? { paddingRight: 30 } : {}),
    ...(leftText ? { paddingLeft: `calc(${leftText.length}ch + 16px)` } : {}),
    ...style,
  };
  return (
    <div className={join(Classes.INPUT_GROUP, Classes.intentClass(intent), disabled && Classes.DISABLED, readOnly && Classes.READ_ONLY)}>
      {leftText ? (
        <span className={join(Classes.INPUT_LEFT_CONTAINER, 'ap-input-left-text')} aria-hidden style={{ lineHeight: '30px', paddingLeft: 10 }}>
          {leftText}
        </span>
      ) : (
        leftIcon
      )}
      <input ref={inputRef} className={join(Classes.INPUT, className)} disabled={disabled} readOnly={readOnly} style={padding} {...input} />
      {rightElement != null && <span className={Classes.INPUT_ACTION}>{rightElement}</span>}
    </div>
  );
}
