import { makeAutoObservable } from 'mobx';
import type { ApiClient } from '../../../engine/api';
import { Loader } from '../../../engine/state/Loader';
import type { UserProfile } from '../../../generated/types';

/** The spec's Profile entity as `GET profile` answers it (schemas/profile/user-profile.answer.schema.json). */
export type Profile = UserProfile;

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/**
 * The values of the profile form from the profile: each form field (snake_case, as `PUT profile/update` takes
 * it) reads the entity's camelCase field of the same name; messengers become `{ messenger_id, nickname }`, and
 * for a company the form's `name` is the contact person, not the company name the entity shows.
 */
export function profileFormValues(profile: Profile, fields: string[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const source = profile as unknown as Record<string, unknown>;
  for (const field of fields) {
    const value = source[camel(field)];
    if (value !== null && value !== undefined) values[field] = value;
  }
  if (profile.contactName) values.name = profile.contactName;
  if (fields.includes('two_factor_authentication_method')) values.two_factor_authentication_method = profile.twoFactorAuthenticationMethod;
  if (fields.includes('messengers')) values.messengers = profile.messengers.map((m) => ({ messenger_id: m.id, nickname: m.nickname }));
  return values;
}

/** The signed-in user's profile and the actions around it (full manage, Google Authenticator, Telegram). */
export class ProfileStore {
  profile: Profile | null = null;
  /** `GET profile`, silent (the page shows a failure in place); a newer load cancels an older one. */
  readonly loader = new Loader({
    fetch: (signal) => this.api.get<{ data: Profile }>('profile', { silent: true, signal }),
    apply: ({ data }) => (this.profile = data),
  });

  constructor(private readonly api: Pick<ApiClient, 'get' | 'post'>) {
    makeAutoObservable<ProfileStore, 'api'>(this, { api: false, loader: false });
  }

  get status() {
    return this.loader.status;
  }

  get error(): unknown {
    return this.loader.error;
  }

  /** Loads the profile (again: after full manage was asked for, or Telegram was linked). */
  async load(): Promise<void> {
    await this.loader.run();
  }

  /** Takes the profile a call answered with (save, 2FA confirmed). */
  set(profile: Profile) {
    this.profile = profile;
  }

  async requestFullManage() {
    await this.api.post('profile/full-manage');
    await this.load();
  }
}
