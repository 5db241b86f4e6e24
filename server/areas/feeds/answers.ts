import type { FeedsFeedAnswer } from '../../../generated/types';
import { HttpError } from '../../httpError';
import type { FeedRecord, FeedsRepository } from './repository';

/** A feed as every call answers it (schemas/feeds/feed.answer.schema.json). */
export const feedJson = (f: FeedRecord): FeedsFeedAnswer => ({
  id: f.id,
  name: f.name,
  endpoint: f.endpoint,
  status: f.status,
  created_at: f.createdAt.toISOString(),
  updated_at: f.updatedAt.toISOString(),
});

/** The user's feed or a 404: another user's feed does not exist for this user. */
export async function ownFeed(feeds: FeedsRepository, userId: number, id: number): Promise<FeedRecord> {
  const feed = await feeds.find(userId, id);
  if (!feed) throw new HttpError(404, 'Feed not found.');
  return feed;
}
