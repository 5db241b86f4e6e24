import type { ReactNode } from 'react';
import { Card, H2 } from '@blueprintjs/core';
import { NetworkBrand } from '../../app/NetworkBrand';
import { LanguageSelector } from '../../i18n';
import styles from './AuthCard.module.css';

/** The card every guest page sits in (sign in, sign up, password reset, confirmations): brand, heading, content. */
export function AuthCard({ heading, children, footer, wide }: { heading: string; children: ReactNode; footer?: ReactNode; wide?: boolean }) {
  return (
    <main className={styles.page}>
      <Card className={wide ? `${styles.card} ${styles.wide}` : styles.card} elevation={2}>
        <div className={styles.top}>
          <NetworkBrand />
          {/* Guests choose the language too; it is remembered on the device and applies after sign-in. */}
          <LanguageSelector minimal />
        </div>
        <H2 className={styles.heading}>{heading}</H2>
        {children}
        {footer ? <nav className={styles.links}>{footer}</nav> : null}
      </Card>
    </main>
  );
}
