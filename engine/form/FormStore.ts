import { action, computed, makeObservable, observable, observableRef, reaction, runInAction, type IReactionDisposer } from 'mobx';
import type { ErrorObject } from 'ajv';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import type { SchemaEntry } from '../schema/SchemaCatalog';
import { errorMessage, toFieldErrors, type ErrorMessage, type FieldErrors } from '../validation/fieldErrors';
import { getPath, jsonEqual } from './paths';
import { pruneHidden } from './prune';

export type FormValues = Record<string, unknown>;
export type FormStatus = 'idle' | 'submitting' | 'succeeded' | 'failed';
type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface FormStoreOptions<R> {
  /** Starting values (an edited record); the dirty flag compares against them. */
  initial?: FormValues;
  /** Sends valid, pruned values; a rejection with an `errors` map is shown under the fields. */
  submit: (values: FormValues) => Promise<R>;
  /** Saves unsent input under this key (local storage) and restores it on the next visit. */
  draftKey?: string;
  /** Fields never written to a draft (passwords, codes); fields with `ui:widget: password` are always left out. */
  draftExclude?: string[];
  storage?: DraftStorage;
  /** Milliseconds between the last edit and the draft write. */
  draftDelay?: number;
  /** The texts of the form in the user's language (default English); `setTexts` changes them later. */
  texts?: Partial<FormTexts>;
}

/** The texts a form store writes itself, in the user's language. */
export interface FormTexts {
  /** Phrases a client-side validation error (engine/i18n `translatedErrorMessage`). */
  message: ErrorMessage;
  /** Shown when a submit fails without a message of its own. */
  failed: string;
}

/** The form texts when no translation is given. */
export const ENGLISH_FORM_TEXTS: Readonly<FormTexts> = { message: errorMessage, failed: 'Something went wrong. Please try again.' };

/** What a rejected submit may carry: the API's `{ field: [messages] }` map. */
interface ErrorsCarrier {
  message?: string;
  errors?: FieldErrors;
}

function isCancelled(error: unknown) {
  const e = error as { name?: string; code?: string } | null;
  return e?.name === 'CanceledError' || e?.name === 'AbortError' || e?.code === 'ERR_CANCELED';
}

/** Whether a dotted path names a field the schema declares. */
/** The resolution of a schema with nothing to resolve (the catalog gives such an entry no `resolve`). */
const asItIs = (schema: RJSFSchema) => schema;

function schemaHasPath(schema: RJSFSchema, path: string): boolean {
  let cur: RJSFSchema | undefined = schema;
  for (const key of path.split('.')) {
    if (!cur || typeof cur !== 'object') return false;
    if (/^\d+$/.test(key) && cur.items && typeof cur.items === 'object' && !Array.isArray(cur.items)) {
      cur = cur.items as RJSFSchema;
    } else {
      const next: unknown = cur.properties?.[key];
      if (next === undefined) return false;
      cur = next as RJSFSchema;
    }
  }
  return true;
}

function passwordFields(ui: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(ui).flatMap(([key, value]) => {
    if (key.startsWith('ui:') || !value || typeof value !== 'object') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    const nested = passwordFields(value as Record<string, unknown>, path);
    return (value as Record<string, unknown>)['ui:widget'] === 'password' ? [path, ...nested] : nested;
  });
}

function without(values: FormValues, paths: string[]): FormValues {
  const copy = structuredClone(values);
  for (const path of paths) {
    const keys = path.split('.');
    const last = keys.pop() as string;
    const parent = getPath(copy, keys.join('.'));
    if (parent && typeof parent === 'object') delete (parent as Record<string, unknown>)[last];
  }
  return copy;
}

/**
 * The state of one schema form: values, dirty flag, submit status, and errors from the client-side
 * (precompiled) validation or from the server, shown one message per field and cleared when that field is edited.
 */
export class FormStore<R = unknown> {
  values: FormValues;
  initial: FormValues;
  status: FormStatus = 'idle';
  /** Field path → messages, from validation or from the server (`''` is the whole form). */
  errors: FieldErrors = {};
  /** A message about the whole submit that belongs to no field (e.g. the server was unreachable). */
  formError: string | null = null;
  /** Bumped when values are replaced from outside (reset, draft restore), so a view can remount its inputs. */
  revision = 0;
  /** Bumped by every submit that ends with errors under fields, so a view can bring the first one into sight. */
  failures = 0;
  result: R | undefined = undefined;

  private readonly disposeDraft?: IReactionDisposer;
  private texts: FormTexts;
  /** The Ajv errors of the last failed client-side validation, re-phrased when the language changes. */
  private validationErrors: readonly ErrorObject[] | null = null;

  constructor(
    readonly entry: SchemaEntry,
    private readonly options: FormStoreOptions<R>,
  ) {
    this.initial = options.initial ?? {};
    this.texts = { ...ENGLISH_FORM_TEXTS, ...options.texts };
    this.values = this.readDraft() ?? structuredClone(this.initial);
    makeObservable<FormStore<R>, 'clearEditedErrors'>(this, {
      values: observableRef,
      initial: observableRef,
      status: observable,
      errors: observableRef,
      formError: observable,
      revision: observable,
      failures: observable,
      result: observableRef,
      dirty: computed,
      submitting: computed,
      errorSchema: computed,
      fieldErrorPaths: computed,
      setValues: action,
      setErrors: action,
      setTexts: action,
      reset: action,
      patch: action,
      clearEditedErrors: action,
    });
    if (options.draftKey) {
      this.disposeDraft = reaction(
        () => this.values,
        (values) => this.writeDraft(values),
        { delay: options.draftDelay ?? 400 },
      );
    }
  }

  /** Whether the values differ from the initial ones. */
  get dirty(): boolean {
    return !jsonEqual(this.values, this.initial);
  }

  get submitting(): boolean {
    return this.status === 'submitting';
  }

  /** The errors in RJSF's nested `ErrorSchema` shape: the first message of each field, the rest of the form at the root. */
  get errorSchema(): ErrorSchema {
    const root: Record<string, unknown> = {};
    const formLevel: string[] = [];
    for (const [field, messages] of Object.entries(this.errors)) {
      if (!messages.length) continue;
      if (field === '' || !schemaHasPath(this.entry.schema, field)) {
        formLevel.push(field ? `${field}: ${messages[0]}` : messages[0]);
        continue;
      }
      let node = root;
      for (const key of field.split('.')) node = (node[key] ??= {}) as Record<string, unknown>;
      node.__errors = [messages[0]];
    }
    if (this.formError) formLevel.unshift(this.formError);
    if (formLevel.length) root.__errors = formLevel;
    return root as ErrorSchema;
  }

  /** The fields (dotted paths the schema holds) that show an error, in no particular order. */
  get fieldErrorPaths(): string[] {
    return Object.entries(this.errors)
      .filter(([field, messages]) => field !== '' && messages.length > 0 && schemaHasPath(this.entry.schema, field))
      .map(([field]) => field);
  }

  /** Takes the form's new values; a field whose value changed loses its error. */
  setValues(next: FormValues) {
    const prev = this.values;
    this.values = next;
    if (this.status === 'succeeded') this.status = 'idle';
    this.clearEditedErrors(prev, next);
  }

  /** Shows errors (for instance a server's 422 map) under their fields. */
  setErrors(errors: FieldErrors, formError: string | null = null) {
    this.errors = errors;
    this.formError = formError;
    this.validationErrors = null;
  }

  /**
   * Switches the form's own texts to another language; validation errors on show are re-phrased in it
   * (server messages stay as the server sent them).
   */
  setTexts(texts: Partial<FormTexts>) {
    this.texts = { ...this.texts, ...texts };
    if (!this.validationErrors) return;
    const rephrased = toFieldErrors(this.validationErrors, this.texts.message);
    // Fields edited since the validation have lost their errors; they stay without.
    this.errors = Object.fromEntries(Object.keys(this.errors).map((field) => [field, rephrased[field] ?? this.errors[field]]));
  }

  /** The values as they will be sent: parts of the data that no visible branch of the schema holds are dropped. */
  prunedValues(): FormValues {
    const { schema, resolve = asItIs } = this.entry;
    return pruneHidden(resolve, schema, this.values) as FormValues;
  }

  /**
   * Validates with the precompiled validator and, when valid, sends the pruned values.
   * Never throws: the outcome is in `status`, `errors`, `formError` and `result`.
   * @returns whether the submit succeeded.
   */
  async submit(): Promise<boolean> {
    if (this.submitting) return false;
    const values = this.prunedValues();
    const { validate } = this.entry;
    if (!validate(values)) {
      runInAction(() => {
        this.validationErrors = validate.errors ? [...validate.errors] : null;
        this.errors = toFieldErrors(validate.errors, this.texts.message);
        this.formError = null;
        this.status = 'failed';
        this.failures++;
      });
      return false;
    }
    runInAction(() => {
      this.status = 'submitting';
      this.formError = null;
    });
    this.validationErrors = null;
    try {
      const result = await this.options.submit(values);
      runInAction(() => {
        this.result = result;
        this.status = 'succeeded';
        this.errors = {};
        this.initial = values;
      });
      this.clearDraft();
      return true;
    } catch (error) {
      runInAction(() => {
        if (isCancelled(error)) {
          this.status = 'idle';
          return;
        }
        this.status = 'failed';
        const carrier = error as ErrorsCarrier;
        if (carrier?.errors && typeof carrier.errors === 'object') {
          this.errors = carrier.errors;
          this.formError = null;
          this.failures++;
        } else {
          this.errors = {};
          this.formError = carrier?.message || this.texts.failed;
        }
      });
      return false;
    }
  }

  /**
   * Replaces some values from outside the form (e.g. clearing an expired code): their errors go, and the view
   * remounts so the inputs show the new values.
   */
  patch(values: FormValues) {
    this.values = { ...this.values, ...values };
    const errors = { ...this.errors };
    for (const field of Object.keys(values)) delete errors[field];
    this.errors = errors;
    this.revision++;
  }

  /** Goes back to the initial values and forgets errors and the draft. */
  reset() {
    this.values = structuredClone(this.initial);
    this.errors = {};
    this.validationErrors = null;
    this.formError = null;
    this.status = 'idle';
    this.revision++;
    this.clearDraft();
  }

  /** Stops the draft autosave. */
  dispose() {
    this.disposeDraft?.();
  }

  private clearEditedErrors(prev: FormValues, next: FormValues) {
    const fields = Object.keys(this.errors);
    if (!fields.length) return;
    const kept: FieldErrors = {};
    let changed = false;
    for (const field of fields) {
      if (field !== '' && !jsonEqual(getPath(prev, field), getPath(next, field))) changed = true;
      else kept[field] = this.errors[field];
    }
    if (changed) this.errors = kept;
  }

  private get storage(): DraftStorage | undefined {
    return this.options.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
  }

  private readDraft(): FormValues | undefined {
    const { draftKey } = this.options;
    if (!draftKey) return undefined;
    try {
      const raw = this.storage?.getItem(draftKey);
      const draft: unknown = raw ? JSON.parse(raw) : undefined;
      return draft && typeof draft === 'object' && !Array.isArray(draft) ? { ...this.initial, ...(draft as FormValues) } : undefined;
    } catch {
      return undefined; // a broken draft is not worth an error; the form starts clean
    }
  }

  private writeDraft(values: FormValues) {
    const { draftKey, draftExclude = [] } = this.options;
    if (!draftKey || this.status === 'succeeded') return;
    const excluded = [...draftExclude, ...passwordFields(this.entry.uiSchema)];
    try {
      if (this.dirty) this.storage?.setItem(draftKey, JSON.stringify(without(values, excluded)));
      else this.storage?.removeItem(draftKey);
    } catch {
      // Storage full or disabled: the form keeps working, only the draft is lost.
    }
  }

  private clearDraft() {
    if (this.options.draftKey) this.storage?.removeItem(this.options.draftKey);
  }
}
