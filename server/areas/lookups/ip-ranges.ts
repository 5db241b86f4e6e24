import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../httpError';
import { parseIpRange } from '../../reference/ipRanges';
import { fieldErrorsAnswer, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import type { IpRange } from '../../../generated/types';

/**
 * `POST ip-ranges/collections`: checks addresses, CIDR blocks and ranges and answers them normalized
 * (first and last address); any bad entry fails the whole list with its messages under `ip_ranges`.
 */
export default async function ipRangesRoutes(app: FastifyInstance) {
  app.post<{ Body: { ip_ranges: string[] } }>(
    '/ip-ranges/collections',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Validate and normalize IP ranges',
        body: catalogSchema(app.platform.catalog, 'lookups_ip_ranges'),
        response: { 200: wrapped({ type: 'array', items: catalogSchema(app.platform.catalog, 'lookups_ip_range_answer') }, 'The ranges, normalized'), 422: fieldErrorsAnswer },
      },
    },
    async (request) => {
      const ranges: IpRange[] = [];
      const problems: string[] = [];
      const seen = new Set<string>();
      request.body.ip_ranges.forEach((raw, i) => {
        const parsed = parseIpRange(raw);
        if (typeof parsed === 'string') problems.push(`Line ${i + 1}: ${parsed}`);
        else if (!seen.has(`${parsed.start}-${parsed.end}`)) {
          seen.add(`${parsed.start}-${parsed.end}`);
          ranges.push(parsed);
        }
      });
      if (problems.length) throw new HttpError(422, 'The given data was invalid.', { errors: { ip_ranges: problems } });
      return { data: ranges };
    },
  );
}
