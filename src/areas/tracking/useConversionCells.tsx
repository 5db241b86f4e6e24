import { useContext, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Code } from '@blueprintjs/core';
import type { ResourceRow } from '../../../engine/resource/ResourceStore';
import { StatusTag } from '../../resources/FieldValue';
import { ResourceRegistryContext } from '../../resources/registry';

/** Where a conversion came from (schemas/tracking/conversion.answer.schema.json `source`). */
const SOURCES = ['postback', 'pixel', 'test'];

/**
 * The conversions list's cells the manifest cannot draw: the status as its tag, the type by its name, the campaign as a
 * link to it (none for an unknown click), the click id as code, and the source in words.
 */
export function useConversionCells(typeName: (id: string) => string) {
  const intl = useIntl();
  const manifest = useContext(ResourceRegistryContext).get('conversions')?.manifest;
  return useMemo(
    () => ({
      status: (row: ResourceRow) => (manifest ? <StatusTag manifest={manifest} status={String(row.status)} /> : String(row.status)),
      conversion_type: (row: ResourceRow) => typeName(String(row.conversion_type)),
      campaign_name: (row: ResourceRow) =>
        row.campaign_id === null || row.campaign_id === undefined ? (
          <span aria-label={intl.formatMessage({ id: 'resources.none' })}>—</span>
        ) : (
          <Link to={`/campaigns/${String(row.campaign_id)}`}>{String(row.campaign_name ?? row.campaign_id)}</Link>
        ),
      click_id: (row: ResourceRow) => <Code>{String(row.click_id)}</Code>,
      source: (row: ResourceRow) => (SOURCES.includes(String(row.source)) ? intl.formatMessage({ id: `tracking.source.${String(row.source)}` }) : String(row.source)),
    }),
    [manifest, typeName, intl],
  );
}
