import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, H4 } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { AdPreview, type MediaResolver } from '../../../widgets/ad-preview';
import styles from '../../common/AdFormPage.module.css';
import layout from '../../common/adLayout.module.css';

/** The live preview beside the ad form: a creative picker when there are several, and the drawing of the one chosen. */
export const AdPreviewPanel = observer(function AdPreviewPanel({ kind, values, media }: { kind: string; values: Record<string, unknown>; media: MediaResolver }) {
  const intl = useIntl();
  const [creative, setCreative] = useState(0);
  const creatives = Array.isArray(values.creatives) ? values.creatives.length : 0;
  return (
    <aside className={layout.preview} aria-label={intl.formatMessage({ id: 'adForm.preview' })}>
      <H4>{intl.formatMessage({ id: 'adForm.preview' })}</H4>
      {creatives > 1 ? (
        <div className={styles.creativePicker} role="group" aria-label={intl.formatMessage({ id: 'adForm.previewCreative' })}>
          {Array.from({ length: creatives }, (_, i) => (
            <Button key={i} size="small" active={i === creative} onClick={() => setCreative(i)}>
              {intl.formatMessage({ id: 'adForm.creativeNumber' }, { n: i + 1 })}
            </Button>
          ))}
        </div>
      ) : null}
      <AdPreview kind={kind} model={values} media={media} creativeIndex={Math.min(creative, Math.max(0, creatives - 1))} />
    </aside>
  );
});
