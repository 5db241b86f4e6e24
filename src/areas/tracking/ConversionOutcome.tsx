import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Callout, Code, type Intent } from '@blueprintjs/core';
import type { Conversion } from '../../../generated/types';
import { useMoney } from '../../common/useMoney';

/** How each outcome reads: only an accepted conversion counted; an unknown click is one the network cannot place at all. */
const INTENTS: Record<Conversion['status'], Intent> = { accepted: 'success', duplicate: 'warning', too_late: 'warning', unknown_click: 'danger' };

/** What became of a test conversion, in words, with a way to the campaign whose statistics it went to. */
export function ConversionOutcome({ conversion, typeName }: { conversion: Conversion; typeName: (id: string) => string }) {
  const intl = useIntl();
  const money = useMoney();
  const { status } = conversion;
  const t = (id: string) => intl.formatMessage({ id: `tracking.outcome.${id}` });
  const values = {
    type: typeName(conversion.conversion_type),
    payout: money(conversion.payout),
    click: <Code>{conversion.click_id}</Code>,
    campaign: conversion.campaign_name ?? '',
  };
  return (
    <Callout intent={INTENTS[status]} title={t(`${status}.title`)}>
      <p>{intl.formatMessage({ id: `tracking.outcome.${status}` }, values)}</p>
      {conversion.campaign_id !== null && <Link to={`/campaigns/${conversion.campaign_id}`}>{t('openCampaign')}</Link>}
    </Callout>
  );
}
