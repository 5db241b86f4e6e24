import type { FastifyInstance } from 'fastify';
import { fieldError, HttpError } from '../../httpError';
import { ownerOf } from '../../auth/owner';
import { requestLocale } from '../../i18n/serverTexts';
import { deletedAnswer, fieldErrorsAnswer, int, messageAnswer, obj, refusalAnswer, unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import type { AdTableQuery } from './repository';
import { CREATIVE_TOKENS, IN_PAGE_SKIN_GROUPS } from '../../reference/creativeTokens';
import { mediaRefs } from './adForm';
import { checkAd, networkKeywords } from './checkAd';
import { KEYWORD_WARNING } from './contentChecks';
import { requestOrigin } from '../../http/origins';
import { mediaFileJson } from '../media/public';
import { emailConfirmed } from '../../auth/confirmedEmail';
import { adJson, adModel, ownAd } from './answers';
import type { AdCreative, AdOption, KeywordCheck, SkinOption } from '../../../generated/types';

const security = [{ bearerAuth: [] }];
const idParam = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } } };
const creativeParams = {
  type: 'object',
  required: ['adId', 'creativeId'],
  properties: { adId: { type: 'integer', minimum: 1, maximum: 2147483647 }, creativeId: { type: 'integer', minimum: 1, maximum: 2147483647 } },
};
/** The ad form: `format` and the fields of that format's creative.schema.json, checked in the handler. */
const adBody = {
  type: 'object',
  required: ['format'],
  additionalProperties: true,
  description: "`format` (an ad format id of this network) and the fields of schemas/ad-formats/<format>/creative.schema.json",
  properties: { format: { type: 'string', maxLength: 40 } },
};
const notFound = messageAnswer('No such ad (or it is not yours)');

/** Ads: the table, the form's reads and writes, creatives on/off, keyword check, tokens, preview. */
export default async function adsRoutes(app: FastifyInstance) {
  const { platform } = app;
  const guarded = { onRequest: app.authenticate };
  const adView = catalogSchema(platform.catalog, 'ads_ad_view_answer');
  const listOf = (id: string) => ({ type: 'array', items: catalogSchema(platform.catalog, id) });

  app.get<{ Querystring: Partial<AdTableQuery> }>(
    '/ads/table',
    {
      ...guarded,
      schema: {
        tags: ['ads'],
        summary: 'A page of the ad table (filters, sort, per_page 15/25/50/-1)',
        security,
        querystring: catalogSchema(platform.catalog, 'ads_ads_table_query'),
        response: {
          200: obj({ data: { type: 'array', items: catalogSchema(platform.catalog, 'ads_ad_row_answer') }, recordsTotal: int, recordsFiltered: int }),
          401: unauthenticated,
        },
      },
    },
    async (request) => {
      // The query schema's defaults are documentation: the precompiled validator does not fill them in.
      const q = request.query;
      const { rows, total, filtered } = await app.ads.table(request.auth!.userId, {
        ...q,
        page: q.page ?? 1,
        per_page: q.per_page ?? 15,
        sort: q.sort ?? 'created_at',
        order: q.order ?? 'desc',
      });
      return { data: rows, recordsTotal: total, recordsFiltered: filtered };
    },
  );

  app.get<{ Querystring: { format?: string[] } }>(
    '/ads',
    {
      ...guarded,
      schema: {
        tags: ['ads'],
        summary: "The user's ads for a picker (campaign form), newest first",
        security,
        querystring: { type: 'object', additionalProperties: false, properties: { format: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 40 } } } },
        response: {
          200: wrapped(listOf('ads_ad_option_answer'), 'Ads'),
          401: unauthenticated,
        },
      },
    },
    async (request) => ({
      data: (await app.ads.list(request.auth!.userId, request.query.format)).map((a): AdOption => ({ id: a.id, name: a.name, format: a.format, size: a.size, created_at: a.createdAt.toISOString() })),
    }),
  );

  app.get(
    '/ads/creative-tokens',
    {
      ...guarded,
      schema: {
        tags: ['ads'],
        summary: 'Macros a creative URL may contain (replaced by the ad server on every click)',
        security,
        response: { 200: wrapped(listOf('ads_creative_token_answer'), 'Tokens'), 401: unauthenticated },
      },
    },
    async () => ({ data: CREATIVE_TOKENS }),
  );

  app.get<{ Querystring: { group?: string; skins?: number } }>(
    '/in-page-skin-groups',
    {
      ...guarded,
      schema: {
        tags: ['ads'],
        summary: 'In-page push skin groups; with skins=1 the skins of `group` (default web)',
        security,
        querystring: { type: 'object', additionalProperties: false, properties: { group: { type: 'string', maxLength: 40 }, skins: { type: 'integer', enum: [0, 1] } } },
        response: { 200: wrapped(listOf('ads_skin_option_answer'), 'Groups, or skins'), 401: unauthenticated },
      },
    },
    async (request) => {
      if (request.query.skins === 1) {
        const group = IN_PAGE_SKIN_GROUPS.find((g) => g.id === (request.query.group || 'web'));
        return { data: group ? group.skins.map((s): SkinOption => ({ id: s.id, name: s.name })) : [] };
      }
      return { data: IN_PAGE_SKIN_GROUPS.map((g): SkinOption => ({ id: g.id, name: g.name })) };
    },
  );

  app.post<{ Body: { fields: Record<string, string> } }>(
    '/ads/validate-keywords',
    {
      ...guarded,
      schema: {
        tags: ['ads'],
        summary: "Which creative fields contain words that reduce traffic (the network's word list)",
        security,
        body: catalogSchema(platform.catalog, 'ads_ads_keywords'),
        response: {
          200: wrapped(catalogSchema(platform.catalog, 'ads_keyword_check_answer'), 'Field path → the words found; only fields with findings'),
          401: unauthenticated,
          422: fieldErrorsAnswer,
        },
      },
    },
    async (request) => {
      const match = networkKeywords(request.network);
      const fields: Record<string, string[]> = {};
      for (const [field, text] of Object.entries(request.body.fields)) {
        const words = match(text);
        if (words.length) fields[field] = words;
      }
      return { data: { fields, message: platform.texts.message(requestLocale(request), KEYWORD_WARNING) } satisfies KeywordCheck };
    },
  );

  app.get<{ Querystring: { id: number } }>(
    '/ads/preview',
    {
      ...guarded,
      schema: {
        tags: ['ads'],
        summary: 'What the preview of a saved ad needs: its format, preview kind, form data and the media it uses',
        security,
        querystring: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } } },
        response: {
          200: wrapped(catalogSchema(platform.catalog, 'ads_ad_preview_data_answer'), 'Preview data'),
          401: unauthenticated,
          404: notFound,
        },
      },
    },
    async (request) => {
      const ad = await ownAd(app.ads, request.auth!.userId, request.query.id);
      const model = await adModel(app.ads, ad);
      const info = platform.adFormats.get(ad.format);
      const entry = info ? platform.catalog.get(info.schema_id) : undefined;
      const ids = entry ? [...new Set(mediaRefs(entry.uiSchema, model).map((r) => r.id))] : [];
      const files = await app.ads.media(request.auth!.userId, ids);
      const media = Object.fromEntries([...files.values()].map((f) => [f.id, mediaFileJson(requestOrigin(request), f)]));
      return { data: { id: ad.id, format: ad.format, preview: info?.preview ?? '', model, media } };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/ads/:id',
    { ...guarded, schema: { tags: ['ads'], summary: 'One ad: form data, creatives, moderation history, scan reports', security, params: idParam, response: { 200: wrapped(adView, 'The ad'), 401: unauthenticated, 404: notFound } } },
    async (request) => ({ data: await adJson(app.ads, await ownAd(app.ads, request.auth!.userId, request.params.id)) }),
  );

  app.post<{ Body: Record<string, unknown> }>(
    '/ads',
    { ...guarded, schema: { tags: ['ads'], summary: 'Create an ad (it waits for a campaign: moderation gets it once a campaign runs it and the e-mail address is confirmed)', security, body: adBody, response: { 201: wrapped(adView, 'Created'), 401: unauthenticated, 422: fieldErrorsAnswer } } },
    async (request, reply) => {
      const { format, input, scan } = await checkAd(app, ownerOf(request), request.body);
      const ad = await app.ads.create({ userId: request.auth!.userId, networkId: request.network.id }, format, input, scan);
      return reply.status(201).send({ data: await adJson(app.ads, ad) });
    },
  );

  app.put<{ Params: { id: number }; Body: Record<string, unknown> }>(
    '/ads/:id',
    { ...guarded, schema: { tags: ['ads'], summary: 'Save an edit (goes to moderation again once moderation knows the ad or a campaign runs it); the format cannot change', security, params: idParam, body: adBody, response: { 200: wrapped(adView, 'Saved'), 401: unauthenticated, 404: notFound, 422: fieldErrorsAnswer } } },
    async (request) => {
      const ad = await ownAd(app.ads, request.auth!.userId, request.params.id);
      if (request.body.format !== ad.format) {
        throw fieldError('format', 'The format of a saved ad cannot change. Duplicate it instead.');
      }
      const { input, scan } = await checkAd(app, ownerOf(request), request.body);
      const submit = (await emailConfirmed(request)) && (await app.ads.inModeration(ad.id));
      return { data: await adJson(app.ads, await app.ads.update(ad, input, scan, { submit })) };
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/ads/:id',
    { ...guarded, schema: { tags: ['ads'], summary: 'Delete (archive) an ad', security, params: idParam, response: { 200: deletedAnswer, 401: unauthenticated, 404: notFound } } },
    async (request) => {
      const ad = await ownAd(app.ads, request.auth!.userId, request.params.id);
      await app.ads.archive(ad.id);
      return { data: { id: ad.id } };
    },
  );

  for (const action of ['activate', 'deactivate'] as const) {
    app.post<{ Params: { adId: number; creativeId: number } }>(
      `/ads/:adId/creatives/:creativeId/${action}`,
      {
        ...guarded,
        schema: {
          tags: ['ads'],
          summary: action === 'activate' ? 'Turn a creative on' : 'Turn a creative off (an ad keeps at least one on)',
          security,
          params: creativeParams,
          response: { 200: wrapped(catalogSchema(platform.catalog, 'ads_ad_creative_answer'), 'Switched'), 401: unauthenticated, 404: notFound, 422: refusalAnswer('The last active creative cannot be turned off') },
        },
      },
      async (request) => {
        const ad = await ownAd(app.ads, request.auth!.userId, request.params.adId);
        const creatives = await app.ads.creatives(ad.id);
        const target = creatives.find((c) => c.id === request.params.creativeId);
        if (!target) throw new HttpError(404, `Creative ${request.params.creativeId} not found`);
        if (action === 'deactivate' && target.isActive && creatives.filter((c) => c.isActive).length === 1) {
          throw new HttpError(422, 'An ad needs at least one active creative.');
        }
        const row = await app.ads.setCreativeActive(ad.id, target.id, action === 'activate');
        return { data: { id: row!.id, position: row!.position, ...row!.data, is_active: row!.isActive } satisfies AdCreative };
      },
    );
  }
}
