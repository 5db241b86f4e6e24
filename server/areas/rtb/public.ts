/**
 * What the rtb area offers the other areas: its repository (decorated on the app as `app.rtb` by this area's
 * `provide`) and the answer shapes of its network requests and endpoints. Anything else in this folder is internal.
 */
import type { RtbRepository } from './repository';

export type { RtbEndpointRecord, RtbNetworkRecord, RtbRepository } from './repository';
export { endpointJson, networkJson } from './answers';

declare module 'fastify' {
  interface FastifyInstance {
    /** The rtb area's repository (server/areas/rtb/repository.ts). */
    rtb: RtbRepository;
  }
}
