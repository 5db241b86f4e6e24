import type { ReactNode } from 'react';
import styles from './common.module.css';
import { SafeLink } from './SafeLink';

/** An empty slot of the preview (no image yet, no code yet) at the size the real thing would take. */
export function Placeholder({ width, height, icon, children }: { width?: number | string; height?: number | string; icon?: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.placeholder} style={{ width, height }}>
      {icon}
      <span>{children}</span>
    </div>
  );
}

/** The field's text, or a muted example text while it is empty. */
export function OrPlaceholder({ value, fallback }: { value: string; fallback: string }) {
  return value.trim() ? <>{value}</> : <span className={styles.empty}>{fallback}</span>;
}

/** The landing page line under a preview: the address as text, a link only for http(s). */
export function Destination({ label, url, empty }: { label: string; url: string; empty: string }) {
  return (
    <div className={styles.destination}>
      <span className={styles.muted}>{label}:</span>
      {url.trim() ? (
        <SafeLink href={url} title={url}>
          {url}
        </SafeLink>
      ) : (
        <span className={styles.empty}>{empty}</span>
      )}
    </div>
  );
}
