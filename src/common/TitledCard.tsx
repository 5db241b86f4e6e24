import type { ReactNode, Ref } from 'react';
import { Card, Classes } from '@blueprintjs/core';
import report from './reportPage.module.css';

interface TitledCardProps {
  /** The heading's id, which names the card. */
  id: string;
  title: ReactNode;
  /** What sits at the far end of the title row (a link, a chart's controls). */
  actions?: ReactNode;
  /** Set while its data loads again. */
  busy?: boolean;
  testId?: string;
  /** The heading, for a page that moves the focus to it. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** The area's own look of what is inside (added to the card's). */
  className?: string;
  children: ReactNode;
}

/** A card of a page, named by its title, with the title row's actions (the dashboard's, /tracking's, /api's). */
export function TitledCard({ id, title, actions, busy, testId, headingRef, className, children }: TitledCardProps) {
  return (
    <Card className={className ? `${report.panel} ${className}` : report.panel} aria-labelledby={id} aria-busy={busy} data-testid={testId}>
      <header className={report.panelHeader}>
        <h3 id={id} className={Classes.HEADING} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
          {title}
        </h3>
        {actions}
      </header>
      {children}
    </Card>
  );
}
