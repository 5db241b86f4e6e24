import { Button, H2 } from '@blueprintjs/core';
import type { AdFormatInfo } from '../../generated/types';
import { useFormatTexts } from './adFormats';
import styles from './AdFormPage.module.css';

/** The heading of a page whose form belongs to one ad format (an ad, a campaign): the title, the format, and while creating a way back to the format chooser. */
export function FormatHeading({ heading, format, onChangeFormat, changeText }: { heading: string; format: AdFormatInfo; onChangeFormat?: () => void; changeText: string }) {
  const formatTexts = useFormatTexts();
  return (
    <header className={styles.header}>
      <H2>{heading}</H2>
      <span className={styles.format}>
        {formatTexts.name(format)}
        {onChangeFormat ? <Button variant="minimal" size="small" onClick={onChangeFormat} text={changeText} /> : null}
      </span>
    </header>
  );
}

