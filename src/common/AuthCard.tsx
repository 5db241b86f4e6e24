import { lazy, Suspense, type ReactNode } from 'react';
import { Card, H2 } from '@blueprintjs/core';
import { NetworkBrand } from '../app/NetworkBrand';
import styles from './AuthCard.module.css';

// A secondary control: it arrives just after the card, so the sign-in page's first chunk does not carry it.
const LanguageSelector = lazy(() => import('../i18n/LanguageSelector').then((m) => ({ default: m.LanguageSelector })));

/** The card every guest page sits in (sign in, sign up, password reset, confirmations): brand, heading, content. */
export function AuthCard({ heading, children, footer, wide }: { heading: string; children: ReactNode; footer?: ReactNode; wide?: boolean }) {
  return (
    <main className={styles.page}>
      <Card className={wide ? `${styles.card} ${styles.wide}` : styles.card} elevation={2}>
        <div className={styles.top}>
          <NetworkBrand />
          {/* Guests choose the language too; it is remembered on the device and applies after sign-in. */}
          <Suspense fallback={null}>
            <LanguageSelector minimal />
          </Suspense>
        </div>
        <H2 className={styles.heading}>{heading}</H2>
        {children}
        {footer ? <nav className={styles.links}>{footer}</nav> : null}
      </Card>
    </main>
  );
}
