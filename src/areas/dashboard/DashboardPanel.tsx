import type { ReactNode } from 'react';
import { Card, Classes } from '@blueprintjs/core';
import styles from './DashboardPage.module.css';

interface DashboardPanelProps {
  /** The heading's id, which names the card. */
  id: string;
  title: ReactNode;
  /** What sits at the far end of the title row (a link, the chart's controls). */
  actions?: ReactNode;
  /** Set while its data loads again. */
  busy?: boolean;
  testId: string;
  children: ReactNode;
}

/** A card of the dashboard: named by its title, with the title row's actions. */
export function DashboardPanel({ id, title, actions, busy, testId, children }: DashboardPanelProps) {
  return (
    <Card className={styles.panel} aria-labelledby={id} aria-busy={busy} data-testid={testId}>
      <header className={styles.panelHeader}>
        <h3 id={id} className={Classes.HEADING}>
          {title}
        </h3>
        {actions}
      </header>
      {children}
    </Card>
  );
}
