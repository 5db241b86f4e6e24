import type { FeedsFeed } from '../../../generated/types';
import { invalidData, type FieldErrors } from '../../httpError';
import { phrase } from '../../i18n/phrase';
import { webAddressProblem } from '../../services/webAddress';
import type { FeedInput, FeedsRepository } from './repository';

/** The texts of a clash, by the field it is about. */
const TAKEN = { name: phrase('You already have a feed with this name.'), endpoint: phrase('You already have a feed with this endpoint.') };

/**
 * The feed form after its schema: the name trimmed, the endpoint an http(s) address without credentials, neither
 * used by another feed of the user (`exceptId`: the feed being edited). Throws a 422 with every field's problem.
 */
export async function checkFeed(feeds: FeedsRepository, userId: number, body: FeedsFeed, exceptId?: number): Promise<FeedInput> {
  const input = { name: body.name.trim(), endpoint: body.endpoint.trim() };
  const errors: FieldErrors = {};
  const problem = webAddressProblem(input.endpoint);
  if (problem) errors.endpoint = [problem];
  for (const field of await feeds.clashes(userId, input, exceptId)) (errors[field] ??= []).push(TAKEN[field]);
  if (Object.keys(errors).length) throw invalidData(errors);
  return input;
}

/** The 422 of a clash found while saving (another request took the name or endpoint in between). */
export async function clashAfterSave(feeds: FeedsRepository, userId: number, input: FeedInput, exceptId?: number): Promise<never> {
  const fields = await feeds.clashes(userId, input, exceptId);
  throw invalidData(Object.fromEntries((fields.length ? fields : (['name'] as const)).map((field) => [field, [TAKEN[field]]])));
}
