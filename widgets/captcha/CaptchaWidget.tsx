import { useMemo, useState } from 'react';
import { Button, Classes, Intent } from '@blueprintjs/core';
import { Refresh } from '@blueprintjs/icons';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useLoader } from '../../engine/state/useLoader';
import { FastInputGroup } from '../theme/FastInputGroup';

/** One challenge from the server: its id and the question a person answers. */
export interface CaptchaChallenge {
  id: string;
  question: string;
}

/** What the form hands this widget through `formContext.captcha`. */
export interface CaptchaContext {
  /** Asks the server for a new challenge (`GET captcha`). */
  load(): Promise<CaptchaChallenge>;
  /** Texts of the widget, already translated. */
  labels?: Partial<CaptchaLabels>;
}

export interface CaptchaLabels {
  loading: string;
  failed: string;
  retry: string;
  another: string;
  answer: string;
}

const DEFAULT_LABELS: CaptchaLabels = {
  loading: 'Loading the check…',
  failed: 'The check could not be loaded.',
  retry: 'Try again',
  another: 'Another question',
  answer: 'Your answer',
};

/** The value sent as `g-recaptcha-response`: the challenge id and the answer, `id:answer`. */
export const captchaValue = (id: string, answer: string) => (answer.trim() ? `${id}:${answer.trim()}` : undefined);

/**
 * `ui:widget: captcha`: the built-in human check of sign-up and password reset. It shows the server's question
 * and sends `<challenge id>:<answer>`. A failed submit (the server answers an error for this field) asks a new
 * question, since each challenge is single use.
 */
export function CaptchaWidget(props: WidgetProps) {
  const { id, htmlName, disabled, readonly, rawErrors, hideError, onChange, onBlur, onFocus, registry } = props;
  const context = (registry.formContext as { captcha?: CaptchaContext }).captcha;
  const labels = { ...DEFAULT_LABELS, ...context?.labels };
  const [answer, setAnswer] = useState('');
  // A question asked again supersedes the one loading: its late answer is dropped (useLoader), never shown.
  const load = useMemo(() => (context ? () => context.load() : null), [context]);
  const { data: challenge, status, retry } = useLoader(load);

  const next = () => {
    setAnswer('');
    onChange(undefined);
    retry();
  };

  // A server error for this field means the challenge was used up: show a fresh one.
  const errored = !hideError && !!rawErrors?.length;
  const errorKey = errored ? rawErrors.join('\n') : '';
  const [seenError, setSeenError] = useState(errorKey);
  if (errorKey !== seenError) {
    setSeenError(errorKey);
    if (errorKey && challenge) next();
  }

  if (!context) return <p className={Classes.TEXT_MUTED}>{labels.failed}</p>;
  if (status === 'error') {
    return (
      <p>
        {labels.failed}{' '}
        <Button size="small" variant="minimal" intent={Intent.PRIMARY} onClick={next}>
          {labels.retry}
        </Button>
      </p>
    );
  }
  return (
    <div className="ap-captcha">
      <p className="ap-captcha-question" aria-live="polite" style={{ marginBottom: 6 }}>
        {status === 'loading' || !challenge ? labels.loading : challenge.question}
      </p>
      <FastInputGroup
        id={id}
        name={htmlName || id}
        value={answer}
        autoComplete="off"
        placeholder={labels.answer}
        aria-label={labels.answer}
        disabled={disabled || status !== 'ready'}
        readOnly={readonly}
        intent={errored ? Intent.DANGER : Intent.NONE}
        aria-invalid={errored || undefined}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(e) => {
          setAnswer(e.target.value);
          if (challenge) onChange(captchaValue(challenge.id, e.target.value));
        }}
        onBlur={() => onBlur(id, answer)}
        onFocus={() => onFocus(id, answer)}
        rightElement={<Button variant="minimal" icon={<Refresh />} aria-label={labels.another} title={labels.another} onClick={next} disabled={disabled} />}
      />
    </div>
  );
}
