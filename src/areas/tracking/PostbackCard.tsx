import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Button, Callout, Classes, Code, HTMLTable, Tag } from '@blueprintjs/core';
import { Refresh } from '@blueprintjs/icons';
import type { Tracking } from '../../../generated/types';
import { TitledCard } from '../../common/TitledCard';
import { CopyField } from '../../common/CopyField';
import { CLICK_PARAM, MACROS } from './snippets';
import type { ConversionTypes } from './useConversionTypes';
import styles from './Tracking.module.css';

/** The ids a `{conversion_type}` may be, `id — name`, with their loading and failed states in place. */
function ConversionTypeList({ types }: { types: ConversionTypes }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `tracking.macros.${id}` });
  if (types.status === 'error' && !types.data) {
    return (
      <Callout intent="warning" compact title={t('typesFailed')}>
        <Button small icon={<Refresh />} text={intl.formatMessage({ id: 'tracking.retry' })} onClick={types.retry} />
      </Callout>
    );
  }
  if (!types.data) return <div className={`${Classes.SKELETON} ${styles.typesSkeleton}`} aria-label={t('typesLoading')} />;
  return (
    <ul className={styles.types} aria-label={t('typesList')}>
      {types.data.map((type) => (
        <li key={type.id}>
          <Code>{type.id}</Code> — {types.nameOf(type.id)}{' '}
          {type.repeatable && (
            <Tag minimal round>
              {t('repeatable')}
            </Tag>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The postback: what it is, the user's URL to copy, what each macro in it stands for, and the attribution window.
 * The macros' texts take the macros as values, so a translation never has to spell them out (or escape their braces).
 */
export function PostbackCard({ tracking, types }: { tracking: Tracking; types: ConversionTypes }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `tracking.${id}` });
  const rich = (id: string, values: Record<string, ReactNode>) => intl.formatMessage({ id: `tracking.${id}` }, values);
  const adUrl = `https://shop.example.com/?${CLICK_PARAM}=${tracking.click_macro}`;
  return (
    <TitledCard className={styles.card} id="tracking-postback-title" title={t('postback.title')}>
      <p>{t('postback.intro')}</p>
      <CopyField value={tracking.postback_url} label={t('postback.url')} />
      <HTMLTable compact className={styles.macros}>
        <caption>{t('macros.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('macros.macro')}</th>
            <th scope="col">{t('macros.meaning')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">
              <Code>{tracking.click_macro}</Code>
            </th>
            <td>{rich('macros.clickId', { macro: <Code>{tracking.click_macro}</Code>, example: <Code>{adUrl}</Code> })}</td>
          </tr>
          <tr>
            <th scope="row">
              <Code>{MACROS.payout}</Code>
            </th>
            <td>{rich('macros.payout', { example: <Code>12.50</Code> })}</td>
          </tr>
          <tr>
            <th scope="row">
              <Code>{MACROS.conversionType}</Code>
            </th>
            <td>
              {t('macros.conversionType')}
              <ConversionTypeList types={types} />
            </td>
          </tr>
        </tbody>
      </HTMLTable>
      <p>{rich('attribution', { days: tracking.attribution_days })}</p>
    </TitledCard>
  );
}
