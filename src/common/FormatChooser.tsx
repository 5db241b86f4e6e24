import { useIntl } from 'react-intl';
import type { AdFormatInfo } from '../../generated/types';
import { Card, H4, Icon, type IconName } from '@blueprintjs/core';
import { useFormatTexts } from './adFormats';
import styles from './AdFormPage.module.css';

/** The first step of a new ad: one card per format the network sells, each a real button (keyboard, screen readers). */
export function FormatChooser({ formats, onChoose }: { formats: AdFormatInfo[]; onChoose: (format: AdFormatInfo) => void }) {
  const intl = useIntl();
  const texts = useFormatTexts();
  if (!formats.length) return <p>{intl.formatMessage({ id: 'adForm.noFormats' })}</p>;
  return (
    <div>
      <p>{intl.formatMessage({ id: 'adForm.chooseFormat' })}</p>
      <ul className={styles.formats}>
        {formats.map((f) => (
          <li key={f.id}>
            <Card interactive compact className={styles.formatCard} onClick={() => onChoose(f)} role="button" tabIndex={0} onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), onChoose(f))}>
              <H4>
                {f.icon ? <Icon icon={f.icon as IconName} className={styles.formatIcon} aria-hidden /> : null}
                {texts.name(f)}
              </H4>
              <p>{texts.description(f)}</p>
              <small>
                {[f.type && intl.formatMessage({ id: `adFormat.type.${f.type}` }), f.source_type && intl.formatMessage({ id: `adFormat.source.${f.source_type}` }), f.size]
                  .filter(Boolean)
                  .map((text) => `${text} · `)
                  .join('')}
                {f.pricing_models.map((m) => m.toUpperCase().replace('_', ' ')).join(' · ')}
              </small>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
