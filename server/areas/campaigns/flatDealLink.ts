import type { FastifyInstance } from 'fastify';
import { fieldError } from '../../httpError';
import { phrase } from '../../i18n/phrase';
import '../marketplace/public';

/**
 * A campaign may deliver a flat deal application when the application is the user's and still stands (pending: made
 * ready while staff review it; approved), and the campaign's ad is of the deal's format.
 * @throws {HttpError} 422 under `flat_deal_application_id` or `ad_id`
 */
export async function checkFlatDealLink(app: FastifyInstance, userId: number, applicationId: number, adFormat: string): Promise<void> {
  const application = await app.marketplace.repository.application(userId, applicationId);
  if (!application) throw fieldError('flat_deal_application_id', phrase('Flat deal application not found.'));
  if (application.status !== 'pending' && application.status !== 'approved') {
    throw fieldError('flat_deal_application_id', phrase('A rejected or withdrawn application cannot have a campaign.'));
  }
  const format = application.deal.adFormatId;
  if (format !== adFormat) throw fieldError('ad_id', phrase('Choose an ad of the {format} format.', { format: app.platform.adFormats.get(format)?.name ?? format }));
}
