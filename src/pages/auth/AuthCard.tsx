import type { ReactNode } from 'react';
import { Card, H2 } from '@blueprintjs/core';
import { NetworkBrand } from '../../app/NetworkBrand';
import styles from './AuthCard.module.css';

/** The card every guest page sits in (sign in, sign up, password reset, confirmations): brand, heading, content. */
export function AuthCard({ heading, children, footer, wide }: { heading: string; children: ReactNode; footer?: ReactNode; wide?: boolean }) {
  return (
    <main className={styles.page}>
      <Card className={wide ? `${styles.card} ${styles.wide}` : styles.card} elevation={2}>
        <NetworkBrand />
        <H2 className={styles.heading}>{heading}</H2>
        {children}
        {footer ? <nav className={styles.links}>{footer}</nav> : null}
      </Card>
    </main>
  );
}
