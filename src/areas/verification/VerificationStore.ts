import { makeAutoObservable, runInAction } from 'mobx';
import { isCancel, ValidationError, type ApiClient } from '../../../engine/api';
import { mediaFileOf, type MediaFile } from '../../../engine/media';
import { Loader } from '../../../engine/state/Loader';
import type { CardVerification, CardVerifications, VerificationStatus, VerificationType } from '../../../generated/types';

/** The kinds in the order the page lists them: the card first, then the identity documents, one of which is enough. */
export const KINDS = ['photo_of_card', 'passport', 'passport_and_paper', 'io'] as const satisfies readonly VerificationType[];
/** Files one verification may carry (schemas/verification/card-verification-request.schema.json). */
export const MAX_FILES = 5;
/** What `POST media/documents` takes; the server checks the bytes again. */
export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];
const DOCUMENT_NAME = /\.(pdf|jpe?g|png)$/i;

/** Whether a route parameter names a kind. */
export const isKind = (value: unknown): value is VerificationType => typeof value === 'string' && (KINDS as readonly string[]).includes(value);

/** Why a picked file is refused before it is sent. */
export type FileProblem = { problem: 'type' } | { problem: 'size'; limit: number } | { problem: 'count' };

/** A file being uploaded for a kind. */
export interface Upload {
  name: string;
  controller: AbortController;
}

/** The transport the store needs: the app's API client. */
type Api = Pick<ApiClient, 'get' | 'request'>;

/**
 * The user's card verifications (`GET verifications/card`) and, per kind, the documents uploaded but not sent yet,
 * the upload on its way, the server's errors about the kind (422s are grouped by kind), and send / withdraw.
 * Drafts and errors are kept per kind, so moving between kinds loses nothing.
 */
export class VerificationStore {
  data: CardVerifications | null = null;
  drafts: Record<VerificationType, MediaFile[]> = { photo_of_card: [], passport: [], passport_and_paper: [], io: [] };
  uploads: Partial<Record<VerificationType, Upload>> = {};
  /** Messages about a kind: the server's (under the kind or `documents`) or an upload's refusal. */
  errors: Partial<Record<VerificationType, string[]>> = {};
  /** The kind with a send or withdraw call on its way. */
  busy: { kind: VerificationType; action: 'send' | 'withdraw' } | null = null;
  readonly loader = new Loader({
    fetch: (signal) => this.api.get<{ data: CardVerifications }>('verifications/card', { signal, silent: true }),
    apply: (answer) => {
      this.data = answer.data;
    },
  });

  constructor(
    private readonly api: Api,
    /** The largest document in bytes (GET settings: media_limits.document_mb), when known. */
    private readonly maxBytes: () => number | undefined = () => undefined,
  ) {
    makeAutoObservable<VerificationStore, 'api' | 'maxBytes'>(this, { api: false, maxBytes: false, loader: false });
  }

  get status() {
    return this.loader.status;
  }

  /** The latest verification of a kind (the list is newest first), or undefined when none was sent. */
  latest(kind: VerificationType): CardVerification | undefined {
    return this.data?.verifications.find((v) => v.type === kind);
  }

  /** The status of a kind, or null when it was never sent. */
  statusOf(kind: VerificationType): VerificationStatus | null {
    return this.data?.statuses[kind] ?? null;
  }

  /** Whether new documents may be sent for a kind: never sent, or rejected. */
  canSend(kind: VerificationType): boolean {
    const status = this.statusOf(kind);
    return status === null || status === 'rejected';
  }

  get cardVerified(): boolean {
    return this.data?.card_verified ?? false;
  }

  /** Loads the verifications; a newer load cancels an older one. */
  async load(): Promise<void> {
    await this.loader.run();
  }

  /** What is wrong with a picked file before it is sent (type, size, one file too many), or null. */
  check(kind: VerificationType, file: { type: string; name: string; size: number }): FileProblem | null {
    if (this.drafts[kind].length >= MAX_FILES) return { problem: 'count' };
    if (!DOCUMENT_TYPES.includes(file.type.toLowerCase()) && !DOCUMENT_NAME.test(file.name)) return { problem: 'type' };
    const limit = this.maxBytes();
    if (limit !== undefined && file.size > limit) return { problem: 'size', limit };
    return null;
  }

  /**
   * Uploads a document of a kind (`POST media/documents`) and adds it to the kind's drafts. Resolves with the
   * server's refusal message, `failed` for any other failure, or null when it is stored (or was cancelled).
   */
  async upload(kind: VerificationType, file: File): Promise<string | 'failed' | null> {
    this.uploads[kind]?.controller.abort();
    const controller = new AbortController();
    this.uploads[kind] = { name: file.name, controller };
    this.clearErrors(kind);
    const body = new FormData();
    body.append('type', kind);
    body.append('file', file, file.name);
    try {
      const answer = await this.api.request({ method: 'POST', url: 'media/documents', data: body, signal: controller.signal, silent: true });
      const saved = mediaFileOf(answer.data, 'POST media/documents');
      runInAction(() => this.drafts[kind].push(saved));
      return null;
    } catch (error) {
      if (controller.signal.aborted || isCancel(error)) return null;
      if (error instanceof ValidationError) return error.first('file') ?? Object.values(error.errors)[0]?.[0] ?? 'failed';
      return 'failed';
    } finally {
      runInAction(() => {
        if (this.uploads[kind]?.controller === controller) delete this.uploads[kind];
      });
    }
  }

  /** Stops the upload of a kind. */
  cancelUpload(kind: VerificationType): void {
    this.uploads[kind]?.controller.abort();
    delete this.uploads[kind];
  }

  /** Takes an uploaded document out of a kind's drafts (the file stays uploaded; it is just not sent). */
  removeDraft(kind: VerificationType, id: number): void {
    this.drafts[kind] = this.drafts[kind].filter((d) => d.id !== id);
    this.clearErrors(kind);
  }

  clearErrors(kind: VerificationType): void {
    delete this.errors[kind];
  }

  /**
   * Sends a kind's drafts (`POST verifications/card`). On a 422 the messages under the kind and under `documents`
   * (and any other) are kept as the kind's errors and the drafts stay. Resolves whether it was sent.
   */
  async send(kind: VerificationType): Promise<boolean> {
    const documents = this.drafts[kind].map((d) => d.id);
    if (!documents.length || this.busy) return false;
    this.busy = { kind, action: 'send' };
    this.clearErrors(kind);
    try {
      await this.api.request({ method: 'POST', url: 'verifications/card', data: { type: kind, documents } });
      runInAction(() => (this.drafts[kind] = []));
      await this.load();
      return true;
    } catch (error) {
      if (error instanceof ValidationError) {
        const { [kind]: own = [], documents: files = [], ...rest } = error.errors;
        runInAction(() => (this.errors[kind] = [...own, ...files, ...Object.values(rest).flat()]));
      }
      // Another failure was shown by the API client's toast.
      return false;
    } finally {
      runInAction(() => (this.busy = null));
    }
  }

  /** Withdraws the pending verification of a kind (`DELETE verifications/card`), then reloads. Resolves whether it was withdrawn. */
  async withdraw(kind: VerificationType): Promise<boolean> {
    if (this.busy) return false;
    this.busy = { kind, action: 'withdraw' };
    try {
      await this.api.request({ method: 'DELETE', url: 'verifications/card', data: { type: kind } });
      return true;
    } catch {
      // A 404 (decided meanwhile) was shown by the API client's toast; the reload below shows where it stands.
      return false;
    } finally {
      await this.load();
      runInAction(() => (this.busy = null));
    }
  }
}
