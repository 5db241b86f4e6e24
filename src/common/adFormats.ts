import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import type { AdFormatInfo } from '../../generated/types';
import { useStores } from '../app/context';

/** One ad format as `GET settings` lists it in `client_ad_formats` (schemas/ads/ad-format-info.answer.schema.json). */
export type { AdFormatInfo };

/**
 * The formats this network sells, in chooser order; null while the settings load. The list is data: a format
 * added as a folder under schemas/ad-formats/ and listed in the network config appears here without code.
 */
export function useAdFormats(): AdFormatInfo[] | null {
  const { settings } = useStores();
  useEffect(() => void settings.load(), [settings]);
  const list = settings.data?.client_ad_formats;
  return Array.isArray(list) ? list : settings.status === 'error' ? [] : null;
}

/** A format's name and description in the user's language, falling back to the manifest's English. */
export function useFormatTexts() {
  const intl = useIntl();
  const text = (id: string, fallback: string) => (intl.messages[id] ? intl.formatMessage({ id }) : fallback);
  return {
    name: (format: Pick<AdFormatInfo, 'id' | 'name'> | undefined, id = format?.id ?? '') => text(`adFormat.${id}.name`, format?.name ?? id),
    description: (format: AdFormatInfo) => text(`adFormat.${format.id}.description`, format.description ?? ''),
  };
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** An ad's date as the ad table shows it: DD MMM HH:mm (UTC, the server's time zone). One formatter per locale. */
export function formatAdDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });
    dateFormats.set(locale, format);
  }
  const parts = format.formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  // Where the short month is a number with a unit after it (Japanese 11月), the unit is part of its name.
  const at = parts.findIndex((p) => p.type === 'month');
  const unit = /^\d+$/.test(get('month')) && parts[at + 1]?.type === 'literal' ? parts[at + 1].value.trim() : '';
  return `${get('day')} ${get('month').replace(/\.$/, '')}${unit} ${get('hour')}:${get('minute')}`;
}
