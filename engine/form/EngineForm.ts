import Form, { type FormProps, type FormState } from '@rjsf/core';
import { deepEquals, ERRORS_KEY, getByPath, isObject, type ErrorSchema } from '@rjsf/utils';
import { plainLeafCheck, withLeaf, type FieldPath } from './plainLeaf';

/** A change RJSF's `Form.onChange` queues: a field's new value at its path, and the errors its widget raised. */
interface Change {
  newValue: unknown;
  path: FieldPath;
  newErrorSchema?: ErrorSchema;
}
type ProcessChange = (this: Form, change: Change, isLast: boolean, prevState: FormState, props: FormProps) => Partial<FormState>;

const isPlainValue = (value: unknown) => value === undefined || value === null || ['string', 'number', 'boolean'].includes(typeof value);

/**
 * Form data the fast path may build on, with the root schema it was settled for: data RJSF's defaults pass leaves as
 * it is, and what the fast path made of it (a leaf the user cleared included: RJSF keeps such a field clear, though
 * its pass would fill in the default).
 */
const settled = new WeakMap<object, object>();

/**
 * Whether RJSF's defaults pass would leave the state's data as it is. One pass is not always enough: a default a
 * condition reads (an interstitial ad's type, "image" unless chosen) is filled in by the pass at mount, and the branch
 * it selects (a first creative card) only by the pass of the next change. Checked once per data RJSF's own pass made.
 */
function isSettled({ formData, schemaUtils, initialDefaultsGenerated }: FormState): boolean {
  if (!isObject(formData)) return false;
  const root = schemaUtils.getRootSchema();
  if (settled.get(formData) === root) return true;
  if (!deepEquals(schemaUtils.getDefaultFormState(root, formData, false, initialDefaultsGenerated), formData)) return false;
  settled.set(formData, root);
  return true;
}

/**
 * The state a change to a plain leaf makes (see `isPlainLeaf`), or `undefined` when the change needs RJSF's own pass.
 *
 * RJSF answers every change by recomputing the whole form's defaults, resolving its schema again against the new data,
 * hashing the data to sanitize it, and deep-cloning it first: a campaign's thousands of selected ids on each
 * keystroke of its name. For a leaf no condition reads, none of that can change anything but the leaf, so the new data
 * is the old with the leaf set, sharing every other branch (which also lets the fields' memo comparisons stop at the
 * first identical reference). This is the state RJSF's own pass returns for such a change when nothing validates live
 * and the change brings no errors of its own, on data that pass has settled (see `isSettled`); anything else takes
 * that pass.
 */
export function plainLeafChange(change: Change, prevState: FormState, props: FormProps): Partial<FormState> | undefined {
  const { newValue, path, newErrorSchema } = change;
  // oxlint-disable-next-line typescript/no-deprecated
  const { noValidate, liveValidate, omitExtraData, liveOmit } = props;
  const { formData, retrievedSchema, schemaUtils, customErrors } = prevState;
  const validatesLive = !noValidate && (liveValidate === true || liveValidate === 'onChange');
  if (newErrorSchema || validatesLive || (omitExtraData && liveOmit) || !isPlainValue(newValue) || !retrievedSchema) return undefined;
  // The parent handed another schema in the same batch: RJSF's pass rebuilds its tools for it.
  if (schemaUtils.doesSchemaUtilsDiffer(props.validator, props.schema, props.experimental_defaultFormStateBehavior, props.experimental_customMergeAllOf)) {
    return undefined;
  }
  if (!plainLeafCheck(props.schema)(path)) return undefined;
  // A widget's own error at the path is cleared by RJSF's pass.
  if (customErrors && (getByPath(customErrors.ErrorSchema, [...path, ERRORS_KEY]) as unknown[] | undefined)?.length) return undefined;
  if (!isSettled(prevState)) return undefined;
  const next = withLeaf(formData, path as string[], newValue);
  if (next === undefined) return undefined;
  settled.set(next, schemaUtils.getRootSchema());
  return { formData: next, retrievedSchema };
}

const rjsfProcessChange = (Form.prototype as unknown as { processChange: ProcessChange }).processChange;

/** RJSF's `Form`, whose changes to plain leaves skip the whole-form pass (see `plainLeafChange`). */
export class EngineForm extends Form {
  private cancelSettle?: () => void;

  /** Whether the data of the mount is settled is found while the page is idle, not on the first keystroke. */
  override componentDidMount() {
    const settle = () => void isSettled(this.state);
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(settle, { timeout: 1000 });
      this.cancelSettle = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(settle);
      this.cancelSettle = () => clearTimeout(handle);
    }
  }

  override componentWillUnmount() {
    this.cancelSettle?.();
  }
}

// `processChange` is private in RJSF's types, so it is replaced on the prototype rather than overridden in the class.
(EngineForm.prototype as unknown as { processChange: ProcessChange }).processChange = function processChange(change, isLast, prevState, props) {
  return plainLeafChange(change, prevState, props) ?? rjsfProcessChange.call(this, change, isLast, prevState, props);
};
