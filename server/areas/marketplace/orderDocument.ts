import type { NetworkConfig } from '../../config/networkConfig';
import { documentNetwork, documentSeller, renderOrderPdf } from '../../documents';
import type { UserRow } from '../../repositories/usersRepository';
import { applicationNumber } from './answers';
import type { ApplicationView } from './repository';

const day = (date: string) => new Date(`${date}T00:00:00Z`);

/** An application's order confirmation as a PDF in the user's language, branded by the network. */
export function orderPdf(network: NetworkConfig, application: ApplicationView, user: UserRow, formatName: string): Promise<Buffer> {
  return renderOrderPdf({
    locale: user.locale as never,
    network: documentNetwork(network),
    seller: documentSeller(network),
    buyer: { companyName: user.companyName ?? user.name, email: user.email },
    number: applicationNumber(application.id),
    orderedAt: application.createdAt,
    status: application.status,
    deal: application.deal.name,
    adFormat: formatName,
    limitType: application.limitType,
    limitValue: application.limitValue,
    startsOn: day(application.startsOn),
    endsOn: day(application.endsOn),
    ...(application.creativeFormat ? { creativeFormat: application.creativeFormat } : {}),
    price: application.price,
    ...(application.contactNote ? { note: application.contactNote } : {}),
    ...(application.decisionNote ? { decisionNote: application.decisionNote } : {}),
  });
}
